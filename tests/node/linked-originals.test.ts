// item/add {url} of an image whose server refuses a cross-origin read: kept as its address, said so.
import { describe, expect, it } from 'vitest';
import { zipTree } from '../../src/core/eagle-library';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { call, makeApi, newLibrary } from './helpers';
import { pngBytes } from './fixtures/images';

/** A CORS-less host answers only `no-cors` requests (opaquely, as a browser would); others are unreachable. */
async function fakeSite(input: string, init?: RequestInit): Promise<Response> {
  if (input === 'https://img.example/cat.png') return new Response(await pngBytes(40, 30), { headers: { 'Content-Type': 'image/png' } });
  if (input.startsWith('https://nocors.example/') && init?.mode === 'no-cors') return new Response(null, { status: 200 });
  throw new TypeError('Failed to fetch');
}

async function setup() {
  const api = makeApi({ fetchSource: fakeSite });
  const library = await newLibrary(api);
  const post = <T = unknown>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const item = async (id: string) => (await post<Page<ItemView>>('/item/get', { id })).data.data[0]!;
  return { api, library, post, item };
}

describe('linked originals', () => {
  it('keeps an image its server will not let us read as its address, and says what it lacks', async () => {
    const { api, library, post, item } = await setup();
    const added = await post<{ id: string }>('/item/add', { url: 'https://nocors.example/photo/hummingbird', website: 'https://blog.example/birds' });
    expect(added.httpStatus).toBe(200);
    const kept = await item(added.data.id);
    expect(kept).toMatchObject({
      name: 'hummingbird',
      url: 'https://blog.example/birds',
      fileURL: '',
      width: 0,
      height: 0,
      size: 0,
      palettes: [],
      linkedURL: 'https://nocors.example/photo/hummingbird',
      thumbnailURL: 'https://nocors.example/photo/hummingbird',
      thumbnailReady: true,
    });
    const file = await call(api, 'GET', '/item/file', { id: added.data.id }, { library });
    expect(file.httpStatus).toBe(404);
    expect(file.body.message).toMatch(/^id: the original of item ".+" was not kept, only its address https:\/\/nocors\.example\/photo\/hummingbird: nocors\.example does not let/);
    expect(kept.notKept).toMatch(/nocors\.example does not let other sites read its files \(no CORS\)\. The item shows.*no size, no colour palette and no AI descriptors/);
  });

  it('still downloads what it may read, and still refuses a server that cannot be reached', async () => {
    const { post, item } = await setup();
    const cat = await post<{ id: string }>('/item/add', { url: 'https://img.example/cat.png' });
    expect(await item(cat.data.id)).toMatchObject({ width: 40, linkedURL: '', notKept: '' });
    const gone = await post('/item/add', { url: 'https://nowhere.example/x.png' });
    expect(gone.httpStatus).toBe(400);
    expect(gone.body.message).toMatch(/^url: could not download https:\/\/nowhere\.example\/x\.png: the server could not be reached/);
  });

  it('names a batch item whose server cannot be reached, and writes none of the batch', async () => {
    const { post } = await setup();
    const answer = await post('/item/add', { items: [{ url: 'https://nocors.example/a.jpg' }, { url: 'https://nowhere.example/b.jpg' }] });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^items\[1\]\.url: could not download/);
    expect((await post<Page<ItemView>>('/item/get', {})).data.data).toHaveLength(0);
  });

  it('exports a library holding one, and the export says which original it could not include', async () => {
    const { api, library, post } = await setup();
    const linked = await post<{ id: string }>('/item/add', { url: 'https://nocors.example/photo/owl.jpg', name: 'Owl' });
    await post('/item/add', { url: 'https://img.example/cat.png' });
    const response = await api.handle(new Request('http://localhost/api/v2/library/export', { headers: { 'X-Library-Path': library } }));
    expect(response.status).toBe(200);
    const tree = await zipTree(await response.blob(), 'x');
    const note = await (await tree.read('not-included.txt'))!.text();
    expect(note).toContain(`${linked.data.id}\tOwl\thttps://nocors.example/photo/owl.jpg\t`);
    expect(note.trim().split('\n')).toHaveLength(2);
    const names = (await tree.list(`images/${linked.data.id}.info`)).map((entry) => entry.name);
    expect(names).toEqual(['metadata.json']);
  });
});
