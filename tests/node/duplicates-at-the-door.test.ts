import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/core';
import { contentHash } from '../../src/core/shared/content-hash';
import { LibraryDb } from '../../src/core/storage/library-db';
import { call, newLibrary } from './helpers';
import { pngBase64, pngBytes } from './fixtures/images';

type Single = { id: string; duplicateOf: string | null };
type Batch = { ids: string[]; duplicateOf: (string | null)[] };

async function setup() {
  const namespace = `duplicates-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const api = createApi({ namespace });
  const library = await newLibrary(api);
  const post = async <T>(path: string, input: Record<string, unknown>) => {
    const answer = await call<T>(api, 'POST', path, input, { library });
    if (answer.httpStatus !== 200) throw new Error(answer.body.message);
    return answer.data;
  };
  const db = () => new LibraryDb(`${namespace}/library${library}`, undefined, 'at-current-version');
  return { post, db };
}

const sha256sum = async (bytes: Uint8Array) => Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex');

describe('content hash', () => {
  it('is the plain SHA-256 up to one slice, and a hash of slice digests beyond, equal for equal bytes', async () => {
    const bytes = new Uint8Array(1000).map((_, i) => (i * 7) % 251);
    expect(await contentHash(new Blob([bytes]))).toBe(await sha256sum(bytes));
    const sliced = await contentHash(new Blob([bytes]), 300);
    expect(sliced).not.toBe(await sha256sum(bytes));
    expect(await contentHash(new Blob([bytes.slice(0, 500), bytes.slice(500)]), 300)).toBe(sliced);
    const other = bytes.slice();
    other[999] = 1;
    expect(await contentHash(new Blob([other]), 300)).not.toBe(sliced);
  });
});

describe('item/add: duplicates at the door', () => {
  it('a single add names the live item that already holds the bytes, and still adds', async () => {
    const { post } = await setup();
    const red = await pngBase64(6, 4);
    const first = await post<Single>('/item/add', { name: 'first', base64: red });
    expect(first.duplicateOf).toBeNull();
    const second = await post<Single>('/item/add', { name: 'second', base64: red });
    expect(second).toEqual({ id: expect.any(String), duplicateOf: first.id });
    expect(second.id).not.toBe(first.id);
    const other = await post<Single>('/item/add', { base64: await pngBase64(7, 4) });
    expect(other.duplicateOf).toBeNull();
    const bookmark = await post<Single>('/item/add', { bookmarkURL: 'https://example.com/' });
    expect(bookmark.duplicateOf).toBeNull();
  });

  it('a batch answers one entry per id: a stored item, an earlier item of the batch, or null', async () => {
    const { post } = await setup();
    const a = await pngBase64(3, 3);
    const b = await pngBase64(4, 3);
    const stored = await post<Single>('/item/add', { base64: a });
    const batch = await post<Batch>('/item/add', { items: [{ base64: b }, { base64: a }, { bookmarkURL: 'https://example.com/' }, { base64: b }] });
    expect(batch.ids).toHaveLength(4);
    expect(batch.duplicateOf).toEqual([null, stored.id, null, batch.ids[0]]);
  });

  it('item/addFile (the file as the body) answers duplicateOf too', async () => {
    const namespace = `duplicates-file-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const api = createApi({ namespace });
    const library = await newLibrary(api);
    const bytes = await pngBytes(9, 9);
    const send = async () => {
      const response = await api.handle(new Request('http://localhost/api/v2/item/addFile?fileName=a.png', { method: 'POST', headers: { 'X-Library-Path': library }, body: new Blob([bytes]) }));
      return ((await response.json()) as { data: Single }).data;
    };
    const first = await send();
    expect(first.duplicateOf).toBeNull();
    expect((await send()).duplicateOf).toBe(first.id);
  });

  it('a trashed item is no holder', async () => {
    const { post } = await setup();
    const a = await pngBase64(5, 5);
    const trashed = await post<Single>('/item/add', { base64: a });
    await post('/item/update', { id: trashed.id, isDeleted: true });
    expect((await post<Single>('/item/add', { base64: a })).duplicateOf).toBeNull();
  });

  it('finds bytes stored before hashes were kept, and hashes them once', async () => {
    const { post, db } = await setup();
    const a = await pngBase64(8, 2);
    const old = await post<Single>('/item/add', { base64: a });
    const unrelated = await post<Single>('/item/add', { base64: await pngBase64(20, 20) });
    const handle = db();
    // What a library from before the upgrade holds: files without a hash.
    await handle.files.toCollection().modify((file) => void delete file.sha256);
    expect((await handle.files.toArray()).every((file) => file.sha256 === undefined)).toBe(true);
    expect((await post<Single>('/item/add', { base64: a })).duplicateOf).toBe(old.id);
    expect((await handle.files.get(old.id))?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Only files of a size some new file has are hashed.
    expect((await handle.files.get(unrelated.id))?.sha256).toBeUndefined();
    handle.close();
  });
});
