// A library zip with one damaged entry: its item folder is reported by name and reason and
// skipped, as a bad record is (docs/decisions/eagle-library-import.md, "Bad input"); the rest of
// the library is imported and the import ends as done.
import { describe, expect, it } from 'vitest';
import { makeApi, type Answer } from './helpers';
import { buildEagleLibrary, zipOf, type Fixture } from './fixtures/eagle-library';
import { withBadData, withBadHeader } from './fixtures/damaged-zip';
import type { Api } from '../../src/core';
import type { ImportState } from '../../src/core/eagle-library';
import { readItemFolder } from '../../src/core/eagle-library/read-library';
import { FlatTree } from '../../src/shared/library-tree/library-tree';
import { entryFault, UnreadableEntry } from '../../src/shared/library-tree/unreadable-entry';

async function importZip(api: Api, zip: Blob): Promise<Answer<ImportState>> {
  const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: zip }));
  const body = (await response.json()) as Answer<ImportState>['body'];
  return { httpStatus: response.status, body, data: body.data as ImportState };
}

/** A deflated zip of the library, as operating systems compress folders. */
async function deflatedZipOf(fixture: Fixture): Promise<Blob> {
  const { ZipWriter, BlobWriter, Uint8ArrayReader } = await import('@zip.js/zip.js');
  const writer = new ZipWriter(new BlobWriter('application/zip'), { level: 6, useWebWorkers: false });
  for (const [path, bytes] of fixture.files) await writer.add(`${fixture.name}.library/${path}`, new Uint8ArrayReader(bytes));
  return writer.close();
}

/** The second item's folder, and the path of its original in the library and in the zip. */
function secondItem(fixture: Fixture): { folder: string; path: string; original: string } {
  const record = [...fixture.records.values()][1]!;
  const folder = `${String(record.id)}.info`;
  const path = `images/${folder}/${String(record.name)}.${String(record.ext)}`;
  return { folder, path, original: `${fixture.name}.library/${path}` };
}

describe('an Eagle library zip with a damaged entry', () => {
  const cases = [
    ['a store-only zip, a bad local header', zipOf, withBadHeader],
    ['a deflated zip, a bad local header', deflatedZipOf, withBadHeader],
    ['a deflated zip, data that will not inflate', deflatedZipOf, withBadData],
  ] as const;
  for (const [kind, zipOfKind, damage] of cases) {
    it(`skips the item folder whose original cannot be read (${kind}) and imports the rest`, async () => {
      const api = makeApi();
      const fixture = buildEagleLibrary({ name: 'Damaged', items: 3, plain: true });
      const { folder, original } = secondItem(fixture);
      const answer = await importZip(api, await damage(await zipOfKind(fixture), original));
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      expect(answer.data).toMatchObject({ status: 'done', total: 3, done: 3, imported: 2, skipped: 0 });
      expect(answer.data.broken).toEqual([{ name: folder, reason: expect.any(String) }]);
      expect(answer.data.broken[0]!.reason.startsWith(`could not be read: ${original}: `), answer.data.broken[0]!.reason).toBe(true);
      const { db } = api.open(await api.registry.require(answer.data.libraryPath));
      expect((await db.items.toArray()).map((row) => row.id).sort()).toEqual([...fixture.records.keys()].filter((id) => `${id}.info` !== folder).sort());
    }, 30_000);
  }

  it('imports an item whose thumbnail alone cannot be read, and makes it a thumbnail from its original', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Thumb', items: 3, plain: true });
    const { folder } = secondItem(fixture);
    const record = fixture.records.get(folder.slice(0, -'.info'.length))!;
    const thumbnail = `${fixture.name}.library/images/${folder}/${String(record.name)}_thumbnail.png`;
    expect(fixture.files.has(thumbnail.slice(`${fixture.name}.library/`.length))).toBe(true);
    const answer = await importZip(api, await withBadData(await deflatedZipOf(fixture), thumbnail));
    expect(answer.data).toMatchObject({ status: 'done', total: 3, done: 3, imported: 3, skipped: 0, broken: [] });
    const { db } = api.open(await api.registry.require(answer.data.libraryPath));
    const row = (await db.items.toArray()).find((item) => `${item.id}.info` === folder)!;
    expect(row.thumbnail).not.toBe('ready');
    expect(await db.thumbnails.get(row.id)).toBeUndefined();
    expect(await db.jobs.where('itemId').equals(row.id).count()).toBeGreaterThan(0);
  }, 30_000);

  it('stops the import instead when the read fails for the browser (the zip\'s Blob gone, the quota): every entry would fail alike', async () => {
    const fixture = buildEagleLibrary({ name: 'Gone', items: 3, plain: true });
    const { folder, path } = secondItem(fixture);
    for (const error of [new DOMException('The requested file could not be read', 'NotReadableError'), new DOMException('full', 'QuotaExceededError')]) {
      expect(entryFault('Gone.library/x.png', error)).toBe(error);
      const files = [...fixture.files].map(([at, bytes]) => [at, { at, bytes }] as [string, { at: string; bytes: Uint8Array<ArrayBuffer> }]);
      const tree = new FlatTree(files, 'x', async (file) => (file.at === path ? Promise.reject(error) : new Blob([file.bytes])));
      await expect(readItemFolder(tree, folder)).rejects.toBe(error);
    }
    const zipJs = entryFault('Gone.library/x.png', new Error('Invalid compressed data'));
    expect(zipJs).toBeInstanceOf(UnreadableEntry);
    expect((zipJs as Error).message).toBe('Gone.library/x.png: Invalid compressed data');
  });
});
