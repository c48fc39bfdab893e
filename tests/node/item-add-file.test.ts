// item/addFile (ours): the file is the request body, the item's fields the query string. Node
// side: validation naming the field, sniffing from the head only, the quota check, all-or-nothing.
import { describe, expect, it } from 'vitest';
import { HASH_SLICE } from '../../src/core/shared/content-hash';
import { LIBRARY_HEADER, type Api, type ApiDeps } from '../../src/core';
import { call, makeApi, newLibrary } from './helpers';
import { pngBytes } from './fixtures/images';

async function setup(deps: ApiDeps = {}) {
  const api = makeApi(deps);
  const library = await newLibrary(api);
  return { api, library };
}

async function upload(api: Api, library: string, body: BodyInit | null, query: Record<string, string> = {}, type?: string) {
  const url = new URL('http://localhost/api/v2/item/addFile');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { [LIBRARY_HEADER]: library, ...(type ? { 'Content-Type': type } : {}) };
  const response = await api.handle(new Request(url, { method: 'POST', headers, body }));
  return { status: response.status, body: (await response.json()) as { status: string; data?: { id: string }; code?: string; message?: string } };
}

const listed = async (api: Api, library: string) =>
  (await call<{ data: { id: string; name: string; ext: string; size: number; width: number; height: number; tags: string[]; folders: string[]; star: number }[] }>(api, 'POST', '/item/get', { limit: 100 }, { library })).data.data;

describe('item/addFile', () => {
  it('stores the body as the file, with the fields of the query string and the type sniffed from its head', async () => {
    const { api, library } = await setup();
    const folder = (await call<{ id: string }>(api, 'POST', '/folder/create', { name: 'Inbox' }, { library })).data.id;
    const png = await pngBytes(12, 7);
    const added = await upload(api, library, png, { fileName: 'sunset.png', tags: 'sky,warm', folders: folder, star: '4', annotation: 'big' });
    expect(added.status).toBe(200);
    const [item] = await listed(api, library);
    expect(item).toMatchObject({ id: added.body.data!.id, name: 'sunset', ext: 'png', width: 12, height: 7, size: png.byteLength, tags: ['sky', 'warm'], folders: [folder], star: 4 });
    const file = await api.handle(new Request(`http://localhost/api/v2/item/file?id=${item!.id}`, { headers: { [LIBRARY_HEADER]: library } }));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('takes the extension from the file name and the type from Content-Type when the bytes say nothing', async () => {
    const { api, library } = await setup();
    const text = new TextEncoder().encode('plain words, no magic number');
    const named = await upload(api, library, text, { fileName: 'notes.md' });
    const typed = await upload(api, library, text, { name: 'Typed' }, 'text/plain');
    const byId = Object.fromEntries((await listed(api, library)).map((item) => [item.id, item]));
    expect(byId[named.body.data!.id]).toMatchObject({ name: 'notes', ext: 'md' });
    expect(byId[typed.body.data!.id]).toMatchObject({ name: 'Typed', ext: 'txt' });
  });

  it.each([
    [{ star: '9' }, 400, /^star: must be 0 to 5/],
    [{ url: 'https://example.com/a.png' }, 400, /^url: item\/addFile takes the file as the request body/],
    [{ base64: 'AAAA' }, 400, /^base64: item\/addFile takes the file as the request body/],
    [{ fileName: ' ' }, 400, /^fileName: must not be empty/],
    [{ name: '' }, 400, /^name: must not be empty/],
    [{ folders: 'nope' }, 404, /^folders: /],
  ])('refuses %j with a %i naming the field, and stores nothing', async (query, status, message) => {
    const { api, library } = await setup();
    const answer = await upload(api, library, await pngBytes(2, 2), query as Record<string, string>);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await listed(api, library)).toEqual([]);
  });

  it('refuses an empty body, naming it', async () => {
    const { api, library } = await setup();
    const answer = await upload(api, library, null);
    expect([answer.status, answer.body.message]).toEqual([400, 'body: holds no data; send the file as the request body.']);
  });

  it('refuses a file larger than the room the browser leaves, with the numbers of the estimate, and stores nothing', async () => {
    const { api, library } = await setup({ storageEstimate: async () => ({ usage: 900, quota: 1000 }) });
    const answer = await upload(api, library, new Uint8Array(101), { fileName: 'big.bin' });
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(answer.body.message).toBe('body: the file is 101 B, but the browser lets this site store only 100 B more (navigator.storage.estimate(): 900 B used of 1000 B).');
    expect(await listed(api, library)).toEqual([]);
    expect((await upload(api, library, new Uint8Array(100), { fileName: 'fits.bin' })).status).toBe(200);
  });

  it('reads only the head of the body to sniff it: a large body is stored without being read whole', async () => {
    const { api, library } = await setup();
    const big = new Blob([await pngBytes(3, 3), new Uint8Array(8 * 1024 * 1024)], { type: 'image/png' });
    const read: number[] = [];
    // Count the bytes asked of the stored Blob's reads: arrayBuffer() of the whole would ask for all of them.
    const request = new Request('http://localhost/api/v2/item/addFile?fileName=big.png', { method: 'POST', headers: { [LIBRARY_HEADER]: library }, body: big });
    const blob = await request.clone().blob();
    const slice = blob.slice.bind(blob);
    blob.slice = (...args: Parameters<Blob['slice']>) => {
      const part = slice(...args);
      read.push(part.size);
      return part;
    };
    blob.arrayBuffer = () => Promise.reject(new Error('the whole body was read'));
    request.blob = async () => blob;
    const response = await api.handle(request);
    expect(response.status).toBe(200);
    // The sniff reads the head; the content hash then reads every byte, one slice at a time.
    expect(read[0]).toBeLessThanOrEqual(256 * 1024);
    expect(Math.max(...read)).toBeLessThanOrEqual(HASH_SLICE);
    expect(Math.max(...read)).toBeLessThan(big.size);
    const [item] = await listed(api, library);
    expect(item).toMatchObject({ ext: 'png', width: 3, size: big.size });
  });
});
