import { describe, expect, it, vi } from 'vitest';
import { makeItemRow } from './fixtures/item-rows';
import {
  changeAndRefresh,
  commentRow,
  folderRow,
  namesFound,
  openTestLibrary,
  putFolders,
  putItems,
  removeItems,
} from './fixtures/search-library';
import { withDerivedFields } from '../../src/core/listing/item-row';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';

const ITEM_OBSERVERS = await loadItemObservers();

describe('the search index follows every write', () => {
  it('indexes name, ext, tags, annotation, url, folder names and comments', async () => {
    const lib = await openTestLibrary();
    await putFolders(lib, [folderRow('F1', 'Holiday Album')]);
    await writeTransaction(lib.library, 1, () => lib.library.db.comments.put(commentRow('C1', 'ITEM-A', 'lovely sunset')));
    const item = makeItemRow({ id: 'ITEM-A', name: 'Beach', ext: 'JPG', tags: ['Sea'], annotation: 'warm', url: 'https://photos.example/x', folders: ['F1'] });
    await putItems(lib, [item]);
    const row = (await lib.library.db.items.get(item.pk))?.search;
    expect(row?.terms).toEqual(expect.arrayContaining(['beach', 'jpg', 'sea', 'warm', 'https', 'photos', 'example', 'holiday', 'album', 'lovely', 'sunset']));
    expect(row?.text).toEqual(['beach', 'jpg', 'sea', 'warm', 'https photos example x', 'holiday album', 'lovely sunset']);
  });

  it('follows item updates', async () => {
    const lib = await openTestLibrary();
    const item = makeItemRow({ name: 'old name', tags: ['first'] });
    await putItems(lib, [item]);
    await putItems(lib, [{ ...item, name: 'new title', tags: ['second'] }]);
    expect(await namesFound(lib, 'old')).toEqual([]);
    expect(await namesFound(lib, 'first')).toEqual([]);
    expect(await namesFound(lib, 'title second')).toEqual(['new title']);
  });

  it('carries the terms over for edits that change no searchable text (rating, trash, thumbnails)', async () => {
    const lib = await openTestLibrary();
    const { db } = lib.library;
    const item = makeItemRow({ name: 'quiet', tags: ['calm'] });
    await putItems(lib, [item]);
    const { search, ...withoutTerms } = (await db.items.get(item.pk))!;
    expect(search?.terms).toEqual(expect.arrayContaining(['quiet', 'calm']));
    // A row rebuilt without its terms (as sync builds one from a document) gets the stored ones, read from no other table.
    const reads = vi.spyOn(db.comments, 'where');
    await putItems(lib, [{ ...withoutTerms, star: 5, isDeleted: true, width: 10, height: 10 }]);
    expect(reads).not.toHaveBeenCalled();
    expect((await db.items.get(item.pk))?.search).toEqual(search);
    await putItems(lib, [{ ...withoutTerms, star: 5, tags: ['calm', 'still'] }]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect((await db.items.get(item.pk))?.search?.terms).toContain('still');
    expect(await namesFound(lib, 'still quiet')).toEqual(['quiet']);
  });

  it('drops the terms of removed items', async () => {
    const lib = await openTestLibrary();
    const item = makeItemRow({ name: 'gone soon' });
    await putItems(lib, [item]);
    await removeItems(lib, [item]);
    expect(await lib.library.db.items.get(item.pk)).toBeUndefined();
    expect(await namesFound(lib, 'gone')).toEqual([]);
  });

  it('hides trashed items and finds them again once restored', async () => {
    const lib = await openTestLibrary();
    const item = makeItemRow({ name: 'round trip' });
    await putItems(lib, [item]);
    await putItems(lib, [withDerivedFields({ ...item, isDeleted: true })]);
    expect(await namesFound(lib, 'round')).toEqual([]);
    await putItems(lib, [item]);
    expect(await namesFound(lib, 'round')).toEqual(['round trip']);
  });

  it('follows a folder rename once the items are refreshed', async () => {
    const lib = await openTestLibrary();
    await putFolders(lib, [folderRow('F1', 'Oldname')]);
    const item = makeItemRow({ name: 'inside', folders: ['F1'] });
    await putItems(lib, [item]);
    expect(await namesFound(lib, 'oldname')).toEqual(['inside']);
    await changeAndRefresh(lib, [item], () => lib.library.db.folders.update('F1', { name: 'Newname' }));
    expect(await namesFound(lib, 'oldname')).toEqual([]);
    expect(await namesFound(lib, 'newname')).toEqual(['inside']);
    expect(await namesFound(lib, '"newname"')).toEqual(['inside']);
    expect((await lib.library.db.items.get(item.pk))?.search?.text).toContain('newname');
  });

  it('follows comments added, edited and removed once the item is refreshed', async () => {
    const lib = await openTestLibrary();
    const item = makeItemRow({ id: 'ITEM-C', name: 'commented' });
    await putItems(lib, [item]);
    const { db } = lib.library;
    await changeAndRefresh(lib, [item], () => db.comments.put(commentRow('C1', 'ITEM-C', 'first remark')));
    expect(await namesFound(lib, 'remark')).toEqual(['commented']);
    await changeAndRefresh(lib, [item], () => db.comments.update('C1', { annotation: 'second thought' }));
    expect(await namesFound(lib, 'remark')).toEqual([]);
    expect(await namesFound(lib, '"second thought"')).toEqual(['commented']);
    await changeAndRefresh(lib, [item], () => db.comments.delete('C1'));
    expect(await namesFound(lib, 'thought')).toEqual([]);
  });

  it('changes nothing when the write fails', async () => {
    const lib = await openTestLibrary();
    const { db } = lib.library;
    const write = writeTransaction(lib.library, 1, async () => {
      await commitItemChanges(db, [{ after: makeItemRow({ name: 'never stored' }) }], ITEM_OBSERVERS, 1);
      throw new Error('fails after the index was written');
    });
    await expect(write).rejects.toThrow('fails after');
    expect(await db.items.count()).toBe(0);
    expect(await namesFound(lib, 'never')).toEqual([]);
  });

  it('leaves the rows it was handed as they were, and takes the folder names it is handed over the stored ones', async () => {
    const lib = await openTestLibrary();
    const { db } = lib.library;
    await putFolders(lib, [folderRow('F1', 'Holiday Album')]);
    const handed = makeItemRow({ name: 'Beach', folders: ['F1'] });
    const copy = structuredClone(handed);
    // A name unlike the stored one shows which the index took.
    const known = { folders: new Map([['F1', folderRow('F1', 'Summer Trip')]]) };
    await writeTransaction(lib.library, 1, () => commitItemChanges(db, [{ after: handed }], ITEM_OBSERVERS, 1, known));
    expect(handed).toEqual(copy);
    expect((await db.items.get(handed.pk))?.search?.text).toContain('summer trip');
    // Without it, the name is read from the table.
    const other = makeItemRow({ name: 'Dune', folders: ['F1'] });
    await writeTransaction(lib.library, 2, () => commitItemChanges(db, [{ after: other }], ITEM_OBSERVERS, 2));
    expect((await db.items.get(other.pk))?.search?.text).toContain('holiday album');
  });
});
