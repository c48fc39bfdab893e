// The typed client (src/client/api-client.ts) against the core on fake-indexeddb: query strings
// built from typed input, JSON bodies, the base path, the error envelope as ApiClientError; and
// the CLIP model routes it calls.
import { describe, expect, it } from 'vitest';
import { ANSWER_LOST, ApiClient, ApiClientError, routeUrl } from '../../src/client/api-client';
import type { Api } from '../../src/core';
import { tinyClipManifest, tinyImageEncoder, tinyTextEncoder, VOCAB } from '../tiny-clip/tiny-clip-model';
import { makeApi, newLibrary } from './helpers';

/** A client whose requests the core answers; `sent` keeps each request's method and URL. */
function clientOn(api: Api, options: { library?: string; base?: string } = {}) {
  const sent: string[] = [];
  const client = new ApiClient({
    ...options,
    fetch: async (url, init) => {
      sent.push(`${init?.method ?? 'GET'} ${url}`);
      return api.handle(new Request(new URL(url, 'http://localhost'), init));
    },
  });
  return { client, sent };
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as ApiClientError);

describe('the typed client', () => {
  it('sends typed input as a JSON body or a query string, and answers the envelope’s data', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const { client, sent } = clientOn(api, { library });
    const added = await client.call('POST /item/add', { bookmarkURL: 'https://example.com/a', name: 'A', tags: ['x', 'y'] });
    if (!('id' in added)) throw new Error('one item in, one id out');
    const page = await client.get('/item/get', { ids: [added.id], fields: ['name', 'tags'] });
    expect(page.data).toEqual([{ id: added.id, name: 'A', tags: ['x', 'y'] }]);
    expect(await client.get('/item/countAll')).toBe(1);
    expect(sent).toEqual([
      'POST /api/v2/item/add',
      `GET /api/v2/item/get?ids=${added.id}&fields=name%2Ctags`,
      'GET /api/v2/item/countAll',
    ]);
  });

  it('turns the error envelope into an ApiClientError with its code, message and status', async () => {
    const api = makeApi();
    const { client } = clientOn(api, { library: await newLibrary(api) });
    const error = await errorOf(client.post('/item/update', { id: 'NOPE', name: 'x' }));
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ httpStatus: 404, code: 'NOT_FOUND' });
    expect(error?.message).toMatch(/^NOT_FOUND: .*NOPE/);
    const invalid = await errorOf(client.post('/folder/create', { name: '' }));
    expect(invalid).toMatchObject({ httpStatus: 400, code: 'INVALID_ARGUMENT' });
    expect(invalid?.body.message).toMatch(/^name: /);
  });

  it('says a write was made when a second dispatch of it finds its key written and the answer lost', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const { db } = api.open(await api.registry.require(library));
    // As Chromium does for a worker that stopped while handling the request: the first dispatch
    // wrote (its key's record, no answer kept), and the page hears the second one's answer.
    const client = new ApiClient({
      library,
      fetch: async (url, init) => {
        const key = new Headers(init?.headers).get('Idempotency-Key')!;
        const hour = Math.floor(Date.now() / 3_600_000);
        await db.state.put({ key: `request:${String(hour).padStart(10, '0')}:${key}`, value: {} });
        return api.handle(new Request(new URL(url, 'http://localhost'), init));
      },
    });
    const error = await errorOf(client.post('/folder/create', { name: 'Trips' }));
    expect(error).toMatchObject({ httpStatus: 409, code: 'ANSWER_LOST', body: ANSWER_LOST });
    // A 409 of another cause keeps its own message.
    const plain = clientOn(api, { library }).client;
    await plain.post('/library/create', { name: 'Taken' });
    expect(await errorOf(plain.post('/library/create', { name: 'Taken' }))).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
  });

  it('puts every URL under its base path, with the input as the query string', () => {
    expect(new ApiClient({ base: '/asset-library/' }).url('/item/thumbnail', { id: 'A1', preferOriginal: true })).toBe('/asset-library/api/v2/item/thumbnail?id=A1&preferOriginal=true');
    expect(new ApiClient({ base: '/asset-library' }).url('/events')).toBe('/asset-library/api/v2/events');
    expect(routeUrl('/item/get', { ids: ['a', 'b'], tags: undefined })).toBe('/api/v2/item/get?ids=a%2Cb');
    // A client on a named library names it in its URLs too: the browser sends them with no header.
    const named = new ApiClient({ base: '/asset-library/', library: '/libraries/a b.library' });
    expect(named.url('/item/thumbnail', { id: 'A1' })).toBe('/asset-library/api/v2/item/thumbnail?id=A1&library=%2Flibraries%2Fa%20b.library');
    expect(named.url('/events')).toBe('/asset-library/api/v2/events?library=%2Flibraries%2Fa%20b.library');
  });
});

function modelForm(leaveOut = ''): FormData {
  const form = new FormData();
  const files = [
    new File([JSON.stringify(tinyClipManifest())], 'clip.json', { type: 'application/json' }),
    new File([tinyImageEncoder() as BlobPart], 'image.onnx'),
    new File([tinyTextEncoder() as BlobPart], 'text.onnx'),
    new File([JSON.stringify(VOCAB)], 'vocab.json', { type: 'application/json' }),
  ];
  for (const file of files) if (file.name !== leaveOut) form.append('files', file, file.name);
  return form;
}

describe('the CLIP model routes', () => {
  it('keep a whole model, describe it, serve its files and remove it', async () => {
    const { client } = clientOn(makeApi());
    const { manifest } = await client.postBody('/aiSearch/clipModel/put', {}, modelForm());
    expect(manifest).toMatchObject({ name: 'tiny-clip-test', dims: 8 });
    const kept = await client.get('/aiSearch/clipModel');
    expect([...kept.files].sort()).toEqual(['image.onnx', 'text.onnx', 'vocab.json']);
    const file = await client.fetchRaw('/aiSearch/clipModel/file', { name: 'text.onnx' });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(tinyTextEncoder()));
    expect(await errorOf(client.fetchRaw('/aiSearch/clipModel/file', { name: 'nope' }))).toMatchObject({ httpStatus: 404, code: 'NOT_FOUND' });
    expect(await client.post('/aiSearch/clipModel/remove')).toEqual({ removed: true });
    expect(await client.get('/aiSearch/clipModel')).toEqual({ manifest: null, files: [] });
  });

  it('refuse a model that is not whole, naming the field, and keep nothing', async () => {
    const { client } = clientOn(makeApi());
    expect(await client.get('/aiSearch/clipModel')).toEqual({ manifest: null, files: [] });
    const partial = await errorOf(client.postBody('/aiSearch/clipModel/put', {}, modelForm('image.onnx')));
    expect(partial).toMatchObject({ httpStatus: 400, code: 'INVALID_ARGUMENT' });
    expect(partial?.body.message).toMatch(/^files: .*image\.onnx/);
    const noManifest = await errorOf(client.postBody('/aiSearch/clipModel/put', {}, modelForm('clip.json')));
    expect(noManifest?.body.message).toMatch(/^files: .*manifest/);
    const notAForm = await errorOf(client.postBody('/aiSearch/clipModel/put', {}, new Blob(['{}'], { type: 'application/json' })));
    expect(notAForm).toMatchObject({ httpStatus: 400, code: 'INVALID_ARGUMENT' });
    expect(await client.get('/aiSearch/clipModel')).toEqual({ manifest: null, files: [] });
    expect(await client.post('/aiSearch/clipModel/remove')).toEqual({ removed: false });
  });
});
