// Eagle libraries in and out through the real service worker: import a zip and a folder (an OPFS
// directory handle, as showDirectoryPicker gives), export, re-import, and a worker stopped in the
// middle of a 1,000-item import.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import { directoryHandleTree, walkFiles, writeTreeToDirectory, zipOfTree, zipTree, type ImportState } from '../../src/core/eagle-library';
import { LibraryDb } from '../../src/core/storage/library-db';
import { buildEagleLibrary, expectedItem, WEBP_1X1, zipOf, type Fixture } from '../node/fixtures/eagle-library';
import { expectIndexesMatchRebuild } from '../node/fixtures/index-rebuild';
import { withBadHeader } from '../node/fixtures/damaged-zip';
import { controlledBy, fetchApi, stopServiceWorkers } from './service-worker';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function postImport(zip: Blob | ReadableStream<Uint8Array>, query = 'wait=true'): Promise<ImportState> {
  const body = zip instanceof Blob ? zip : await new Response(zip).blob();
  const { response, body: answer } = await fetchApi(`/api/v2/library/import?${query}`, { method: 'POST', body });
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.data as ImportState;
}

async function expectMatchesFixture(library: string, fixture: Fixture): Promise<void> {
  const client = new ApiClient({ library });
  const live = await client.get<{ data: any[] }>('/item/get', { limit: 1000 });
  const trash = await client.get<{ data: any[] }>('/item/get', { limit: 1000, isDeleted: true });
  const items = new Map([...live.data, ...trash.data].map((item) => [item.id as string, item]));
  expect(items.size).toBe(fixture.records.size);
  for (const [id, record] of fixture.records) {
    expect(items.get(id), id).toMatchObject(expectedItem(record));
    const comments = await client.get<unknown[]>('/item/getComments', { id });
    expect(comments.length).toBe((record.comments as unknown[] | undefined)?.length ?? 0);
  }
  const some = [...fixture.records.values()].slice(0, 12).filter((record) => record.ext !== 'url');
  for (const record of some) {
    const { response } = await fetchApi(`/api/v2/item/file?id=${String(record.id)}`, { headers: { 'X-Library-Path': library } });
    const source = fixture.files.get(`images/${String(record.id)}.info/${String(record.name)}.${String(record.ext)}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(source);
  }
}

async function opfsDirectory(name: string): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(name, { create: true });
}

describe('Eagle libraries through the service worker', () => {
  it('imports a 200-item library zip: every field, folders, smart folders, tag groups, starred tags, broken folders reported', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: unique('Zip') });
    const state = await postImport(await zipOf(fixture));
    expect(state).toMatchObject({ status: 'done', libraryName: fixture.name, imported: 200, skipped: 0, total: 202 });
    expect(state.broken.map((b) => b.name).sort()).toEqual([...fixture.broken.keys()].sort());
    await expectMatchesFixture(state.libraryPath, fixture);
    const client = new ApiClient({ library: state.libraryPath });
    const info = await client.get<any>('/library/info');
    expect(info.folders[0].children[0].children[0].name).toBe('Kittens');
    expect(info.smartFolders.map((f: any) => f.name)).toEqual(['Rated cats', 'Old style']);
    expect(info.tagGroups.map((g: any) => g.name)).toEqual(['Animals', 'State']);
    const starred = await client.get<{ data: { name: string }[] }>('/tag/getStarredTags');
    expect(starred.data.map((t) => t.name)).toEqual(fixture.starredTags);
    const webp = [...fixture.records.values()].find((r, i) => i % 3 === 0 && !r.noThumbnail)!;
    const { response } = await fetchApi(`/api/v2/item/thumbnail?id=${String(webp.id)}`, { headers: { 'X-Library-Path': state.libraryPath } });
    expect(response.headers.get('Content-Type')).toBe('image/webp');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEBP_1X1);
    const read = await fetchApi(`/api/v2/library/import?id=${state.id}`);
    expect(read.body.data).toMatchObject({ id: state.id, status: 'done' });
  }, 90_000);

  it('skips an item folder whose zip entry is damaged and imports the rest, keeps one whose thumbnail alone is damaged; finds a library zipped inside a folder named "… images"', async () => {
    await controlledBy();
    const damaged = buildEagleLibrary({ name: unique('Damaged'), items: 3, plain: true });
    const record = [...damaged.records.values()][1]!;
    const folder = `${String(record.id)}.info`;
    const original = `${damaged.name}.library/images/${folder}/${String(record.name)}.${String(record.ext)}`;
    const state = await postImport(await withBadHeader(await zipOf(damaged), original));
    expect(state).toMatchObject({ status: 'done', total: 3, imported: 2 });
    expect(state.broken.map((broken) => broken.name)).toEqual([folder]);
    expect(state.broken[0]!.reason.startsWith(`could not be read: ${original}: `), state.broken[0]!.reason).toBe(true);

    // A damaged thumbnail alone costs its item only the thumbnail.
    const thumbless = buildEagleLibrary({ name: unique('Thumb'), items: 3, plain: true });
    const second = [...thumbless.records.values()][1]!;
    const thumbnail = `${thumbless.name}.library/images/${String(second.id)}.info/${String(second.name)}_thumbnail.png`;
    const kept = await postImport(await withBadHeader(await zipOf(thumbless), thumbnail));
    expect(kept).toMatchObject({ status: 'done', total: 3, imported: 3, broken: [] });

    const nested = buildEagleLibrary({ name: unique('Brand'), items: 2, plain: true });
    const found = await postImport(await zipOf(nested, `Design images/${nested.name}.library`));
    expect(found).toMatchObject({ status: 'done', libraryName: nested.name, imported: 2 });
  }, 60_000);

  it('imports a picked folder (a directory handle) and exports a zip that re-imports equal, files byte for byte', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: unique('Folder'), items: 60 });
    const dir = await opfsDirectory(`${fixture.name}.library`);
    for (const [path, bytes] of fixture.files) {
      const parts = path.split('/');
      let at = dir;
      for (const part of parts.slice(0, -1)) at = await at.getDirectoryHandle(part, { create: true });
      const writable = await (await at.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(bytes);
      await writable.close();
    }
    const first = await postImport(await zipOfTree(directoryHandleTree(dir)));
    expect(first).toMatchObject({ status: 'done', libraryName: fixture.name, imported: 60 });
    await expectMatchesFixture(first.libraryPath, fixture);

    const { response } = await fetchApi('/api/v2/library/export', { headers: { 'X-Library-Path': first.libraryPath } });
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    const exported = await response.blob();
    const tree = await zipTree(exported, 'x');
    for (const [path, bytes] of fixture.files) {
      if (!path.startsWith('images/') || /Thumbs\.db|\.DS_Store/.test(path) || [...fixture.broken.keys()].some((b) => path.includes(b))) continue;
      expect(new Uint8Array(await (await tree.read(path))!.arrayBuffer()), path).toEqual(bytes);
    }
    const second = await postImport(exported);
    expect(second).toMatchObject({ status: 'done', libraryName: `${fixture.name} (2)`, imported: 60, broken: [] });
    await expectMatchesFixture(second.libraryPath, fixture);
    const infoOf = async (library: string) => {
      const { name, path, modificationTime, ...rest } = await new ApiClient({ library }).get<any>('/library/info');
      return rest;
    };
    expect(await infoOf(second.libraryPath)).toEqual(await infoOf(first.libraryPath));

    // "Export to folder": the same tree written into a directory handle.
    const target = await opfsDirectory(unique('export'));
    const copied = await writeTreeToDirectory(tree, target);
    let inZip = 0;
    for await (const _ of walkFiles(tree)) inZip += 1;
    expect(copied.files).toBe(inZip);
    const back = directoryHandleTree(target);
    const record = [...fixture.records.values()][4]!;
    const original = await back.read(`images/${String(record.id)}.info/${String(record.name)}.${String(record.ext)}`);
    expect(new Uint8Array(await original!.arrayBuffer())).toEqual(fixture.files.get(`images/${String(record.id)}.info/${String(record.name)}.${String(record.ext)}`));
  }, 90_000);

  it('a worker stopped in the middle of a 1,000-item zip import leaves whole items and the import completes', async () => {
    await controlledBy();
    const fixture = buildEagleLibrary({ name: unique('Stop'), items: 1000, plain: true, originalSize: 40_000 });
    const started = await postImport(await zipOf(fixture), 'wait=false');
    let seen = started;
    while (seen.status === 'running' && seen.done === 0) seen = (await fetchApi(`/api/v2/library/import?id=${started.id}`)).body.data;
    await stopServiceWorkers();
    expect(seen.status, 'the import ended before the worker could be stopped').toBe('running');
    expect(seen.done).toBeLessThan(1000);

    const db = new LibraryDb(`lam/library${started.libraryPath}`);
    const items = (await db.items.toArray()).map((row) => row.id).sort();
    const files = ((await db.files.toCollection().primaryKeys()) as string[]).sort();
    expect(files).toEqual(items);
    await expectIndexesMatchRebuild(db);

    let state: ImportState = (await fetchApi(`/api/v2/library/import?id=${started.id}`)).body.data;
    for (let i = 0; i < 600 && state.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await fetchApi(`/api/v2/library/import?id=${started.id}`)).body.data;
    }
    expect(state).toMatchObject({ status: 'done', total: 1000, done: 1000, imported: 1000, skipped: 0, broken: [] });
    const after = (await db.items.toArray()).map((row) => row.id).sort();
    expect(after).toEqual([...fixture.records.keys()].sort());
    expect(((await db.files.toCollection().primaryKeys()) as string[]).sort()).toEqual(after);
    await expectIndexesMatchRebuild(db);
    db.close();
  }, 90_000);
});
