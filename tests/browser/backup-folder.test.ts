// Backup to a folder (issue 44), through the real service worker, into the origin-private file
// system: a first backup equal to the export, then only the 10 changed items' files by their
// dates, a folder that opens back through the Eagle import with every field equal, a stop and a
// resume, and two callers at once of which one writes.
import { describe, expect, it } from 'vitest';
import { keepBackupFolder } from '../../src/app/backup/backup-folder';
import { directoryHandleTree, zipOfTree, zipTree, type ImportState, type LibraryTree } from '../../src/core/eagle-library';
import { buildEagleLibrary, PNG_1X1, zipOf } from '../node/fixtures/eagle-library';
import { changeLogHead, trimItemChanges } from '../../src/core/storage/change-log';
import { LibraryDb } from '../../src/core/storage/library-db';
import { ApiClient, controlledBy, fetchApi, stopServiceWorkers } from './service-worker';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function postImport(zip: Blob): Promise<ImportState> {
  await controlledBy();
  const { response, body } = await fetchApi('/api/v2/library/import?wait=true', { method: 'POST', body: zip });
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data as ImportState;
}

async function backUp(library: string, maxItems?: number) {
  const { response, body } = await fetchApi('/api/v2/library/backup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Library-Path': library },
    body: JSON.stringify(maxItems ? { maxItems } : {}),
  });
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Every file below `dir` with its bytes and its date. */
async function filesIn(dir: FileSystemDirectoryHandle, prefix = ''): Promise<Map<string, { bytes: Uint8Array; at: number }>> {
  const out = new Map<string, { bytes: Uint8Array; at: number }>();
  for await (const [name, entry] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (entry.kind === 'directory') for (const [p, f] of await filesIn(entry as FileSystemDirectoryHandle, path)) out.set(p, f);
    else {
      const file = await (entry as FileSystemFileHandle).getFile();
      out.set(path, { bytes: new Uint8Array(await file.arrayBuffer()), at: file.lastModified });
    }
  }
  return out;
}

async function treeFiles(tree: LibraryTree, dir = ''): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const entry of await tree.list(dir)) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') for (const [p, b] of await treeFiles(tree, path)) out.set(p, b);
    else out.set(path, new Uint8Array(await (await tree.read(path))!.arrayBuffer()));
  }
  return out;
}

/** The folder is the library's export, file for file and byte for byte (the export tests' Eagle library). */
async function expectEqualsExport(folder: FileSystemDirectoryHandle, library: string): Promise<void> {
  const { response } = await fetchApi('/api/v2/library/export', { headers: { 'X-Library-Path': library } });
  const exported = await treeFiles(await zipTree(await response.blob(), 'x'));
  const held = new Map([...(await filesIn(folder))].map(([path, file]) => [path, file.bytes]));
  expect([...held.keys()].sort()).toEqual([...exported.keys()].sort());
  for (const [path, bytes] of exported) expect(held.get(path), path).toEqual(bytes);
}

/** A library from the fixture, with an empty origin-private folder kept as its backup folder. */
async function setUp(items: number) {
  const fixture = buildEagleLibrary({ name: unique('Backup'), items, plain: true });
  const state = await postImport(await zipOf(fixture));
  const root = await navigator.storage.getDirectory();
  const folder = await (await root.getDirectoryHandle(unique('backups'), { create: true })).getDirectoryHandle(`${fixture.name}.library`, { create: true });
  await keepBackupFolder(state.libraryPath, folder);
  return { library: state.libraryPath, folder, client: new ApiClient({ library: state.libraryPath }) };
}

const everything = async (client: ApiClient) => {
  const live = await client.get<{ data: any[] }>('/item/get', { limit: 1000 });
  const trash = await client.get<{ data: any[] }>('/item/get', { limit: 1000, isDeleted: true });
  return [...live.data, ...trash.data].sort((a, b) => a.id.localeCompare(b.id)).map(({ thumbnailURL, fileURL, ...rest }) => rest);
};

describe('backup to a folder', () => {
  it('backs up into OPFS, then writes only the 10 changed items, and opens back with every field equal', async () => {
    const { library, folder, client } = await setUp(40);
    const status = await client.get<any>('/library/backup');
    expect(status).toMatchObject({ configured: true, running: false, lastBackupAt: 0, folderName: folder.name });
    const first = await backUp(library);
    expect(first).toMatchObject({ status: 'done', items: 40, written: { items: 40 } });
    expect(first.problem).toBeUndefined();
    await expectEqualsExport(folder, library);
    const before = await filesIn(folder);
    // File dates have a millisecond's grain: let one pass so the next writes are told apart.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const mark = Date.now();

    const ids = (await client.get<{ data: any[] }>('/item/get', { limit: 100, orderBy: 'NAME' })).data.map((item) => item.id as string);
    for (const id of ids.slice(0, 4)) await client.post('/item/update', { id, tags: ['edited'], star: 2 });
    await client.post('/item/update', { id: ids[4], name: 'renamed', annotation: 'new name' });
    const png = btoa(String.fromCharCode(...PNG_1X1));
    const addedIds = (await client.post<{ ids: string[] }>('/item/add', { items: [1, 2].map((n) => ({ name: `added ${n}`, base64: png, tags: ['new'] })) })).ids;
    for (const id of ids.slice(5, 8)) await client.post('/item/update', { id, isDeleted: true });
    await client.post('/item/remove', { ids: [ids[7]] });
    // The new pictures' thumbnails and palettes come from a background job: the backup and the
    // library it is compared with below must be of the same moment, so the job finishes first.
    await expect
      .poll(async () => (await client.get<{ data: any[] }>('/item/get', { ids: addedIds })).data.every((item) => item.thumbnailReady), { timeout: 60_000 })
      .toBe(true);

    const second = await backUp(library);
    expect(second).toMatchObject({ status: 'done', items: 41, written: { items: 9 } });
    const after = await filesIn(folder);
    const changed = new Set([...ids.slice(0, 7), ...addedIds]);
    const writtenItems = new Set([...after].filter(([path, file]) => path.startsWith('images/') && file.at >= mark).map(([path]) => path.split('/')[1]!.replace(/\.info$/, '')));
    expect([...writtenItems].sort()).toEqual([...changed].sort());
    for (const [path, file] of after) if (path.startsWith('images/') && !changed.has(path.split('/')[1]!.replace(/\.info$/, ''))) expect(file.at, path).toBe(before.get(path)!.at);
    expect([...after.keys()].some((path) => path.includes(ids[7]!))).toBe(false);
    await expectEqualsExport(folder, library);

    // The folder opens as a new library through our own Eagle import, every field equal.
    const back = await postImport(await new Response(await zipOfTree(directoryHandleTree(folder))).blob());
    expect(back).toMatchObject({ status: 'done', imported: 41, broken: [] });
    expect(await everything(new ApiClient({ library: back.libraryPath }))).toEqual(await everything(client));
    expect(await client.get<any>('/library/backup')).toMatchObject({ configured: true, items: 41, lastBackupAt: second.lastBackupAt });
  }, 120_000);

  it('a backup stopped in the middle (a slice, then the worker stopped) resumes and leaves a folder that opens whole', async () => {
    const { library, folder } = await setUp(30);
    expect(await backUp(library, 12)).toMatchObject({ status: 'partial', written: { items: 12 } });
    const cut = await filesIn(folder);
    await stopServiceWorkers();
    const resumed = await backUp(library);
    expect(resumed).toMatchObject({ status: 'done', items: 30, written: { items: 18 } });
    // Nothing the stopped run wrote was written again.
    for (const [path, file] of await filesIn(folder)) if (cut.has(path) && path.startsWith('images/')) expect(file.at, path).toBe(cut.get(path)!.at);
    await expectEqualsExport(folder, library);
    const back = await postImport(await new Response(await zipOfTree(directoryHandleTree(folder))).blob());
    expect(back).toMatchObject({ status: 'done', imported: 30, broken: [] });
  }, 120_000);

  it('an incremental run follows the item change log, across a worker stop; a log trimmed past the folder makes it compare every item', async () => {
    const { library, folder, client } = await setUp(12);
    expect(await backUp(library)).toMatchObject({ status: 'done', written: { items: 12 } });
    const ids = (await client.get<{ data: any[] }>('/item/get', { limit: 100, orderBy: 'NAME' })).data.map((item) => item.id as string);
    await client.post('/item/update', { id: ids[0], annotation: 'logged' });
    await stopServiceWorkers(); // the log is in the library's database, not in the worker's memory
    expect(await backUp(library)).toMatchObject({ status: 'done', written: { items: 1 } });
    const db = new LibraryDb(`lam/library${library}`);
    try {
      // A row put straight into the database (no API write path does) is not in the log: an incremental run does not read it...
      const row = (await db.items.where('id').equals(ids[1]!).first())!;
      await db.items.put({ ...row, annotation: 'not logged' });
      await client.post('/item/update', { id: ids[2], annotation: 'logged' });
      const head = await changeLogHead(db);
      await client.post('/item/update', { id: ids[3], annotation: 'logged' });
      expect(await backUp(library)).toMatchObject({ status: 'done', written: { items: 2 } });
      await client.post('/item/update', { id: ids[4], annotation: 'logged' });
      await client.post('/item/update', { id: ids[5], annotation: 'logged' });
      // ...until the log no longer holds every change since the folder's sequence: then the run compares every item.
      await trimItemChanges(db, head + 2);
      expect(await backUp(library)).toMatchObject({ status: 'done', written: { items: 3 } });
    } finally {
      db.close();
    }
    await expectEqualsExport(folder, library);
  }, 120_000);

  it('two callers at once: one writes, the other is told a backup is under way', async () => {
    const { library, folder } = await setUp(60);
    const frame = document.body.appendChild(document.createElement('iframe'));
    frame.src = '/';
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const fromFrame = async () => {
      const response = await frame.contentWindow!.fetch('/api/v2/library/backup', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library }, body: '{}' });
      return (await response.json()).data;
    };
    const [a, b] = await Promise.all([backUp(library), fromFrame()]);
    frame.remove();
    // Both answers together wrote each item once; a caller that found the lease taken wrote nothing.
    expect(a.written.items + b.written.items).toBe(60);
    for (const answer of [a, b]) if (answer.status === 'busy') expect(answer.written.items).toBe(0);
    await expectEqualsExport(folder, library);
  }, 120_000);

  it('a removed library’s folder is not taken over by a new library of the same name, and keeps its files', async () => {
    const { library, folder, client } = await setUp(3);
    expect(await backUp(library)).toMatchObject({ status: 'done', items: 3 });
    const kept = await filesIn(folder);
    const { name } = await client.get<{ name: string }>('/library/info');
    await new ApiClient().post('/library/create', { name: unique('Spare') }); // the only library cannot be removed
    await new ApiClient().post('/library/remove', { libraryPath: library });
    const again = await new ApiClient().post<{ path: string }>('/library/create', { name });
    expect(again.path).toBe(library); // paths come from names
    const fresh = new ApiClient({ library });
    expect(await fresh.get<any>('/library/backup')).toMatchObject({ configured: false, lastBackupAt: 0 });
    expect(await backUp(library)).toMatchObject({ status: 'failed', problem: { reason: 'no-folder' } });
    expect([...(await filesIn(folder)).keys()].sort()).toEqual([...kept.keys()].sort());
  }, 60_000);

  it('says why it did not back up: no folder chosen', async () => {
    const fixture = buildEagleLibrary({ name: unique('NoFolder'), items: 2, plain: true });
    const state = await postImport(await zipOf(fixture));
    const answer = await backUp(state.libraryPath);
    expect(answer).toMatchObject({ status: 'failed', configured: false, problem: { reason: 'no-folder' } });
    const { response, body } = await fetchApi('/api/v2/library/backup', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': state.libraryPath }, body: '{"maxItems":0}' });
    expect(response.status).toBe(400);
    expect(body.message).toContain('maxItems');
  }, 60_000);
});
