// item/addFiles (ours): several files as the parts of one multipart body, the same fields for each
// in the query string, all or none. Node side: validation naming the field, the quota check over
// the whole body, and nothing written on a refusal.
import { describe, expect, it } from 'vitest';
import { LIBRARY_HEADER, type Api, type ApiDeps } from '../../src/core';
import { call, makeApi, newLibrary } from './helpers';
import { pngBytes } from './fixtures/images';

async function setup(deps: ApiDeps = {}) {
  const api = makeApi(deps);
  const library = await newLibrary(api);
  return { api, library };
}

function parts(...files: (File | string)[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return form;
}

async function send(api: Api, library: string, body: BodyInit | null, query: Record<string, string> = {}) {
  const url = new URL('http://localhost/api/v2/item/addFiles');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await api.handle(new Request(url, { method: 'POST', headers: { [LIBRARY_HEADER]: library }, body }));
  return { status: response.status, body: (await response.json()) as { status: string; data?: { ids: string[]; duplicateOf: (string | null)[] }; code?: string; message?: string } };
}

const listed = async (api: Api, library: string) =>
  (await call<{ data: { id: string; name: string; ext: string; width: number; tags: string[]; folders: string[]; url: string }[] }>(api, 'POST', '/item/get', { limit: 100 }, { library })).data.data;

describe('item/addFiles', () => {
  it('adds every file part, each named after its file, with the fields of the query string', async () => {
    const { api, library } = await setup();
    const folder = (await call<{ id: string }>(api, 'POST', '/folder/create', { name: 'Shared' }, { library })).data.id;
    const png = await pngBytes(6, 4);
    const answer = await send(api, library, parts(new File([png], 'pier.png', { type: 'image/png' }), new File([png], 'dusk.png')), {
      tags: 'trip', folders: folder, website: 'https://site.example/p',
    });
    expect(answer.status).toBe(200);
    // The second holds the first's bytes: it is added, and says so.
    expect(answer.body.data!.duplicateOf).toEqual([null, answer.body.data!.ids[0]]);
    const byId = Object.fromEntries((await listed(api, library)).map((item) => [item.id, item]));
    expect(answer.body.data!.ids.map((id) => byId[id])).toMatchObject([
      { name: 'pier', ext: 'png', width: 6, tags: ['trip'], folders: [folder], url: 'https://site.example/p' },
      { name: 'dusk', ext: 'png', width: 6, tags: ['trip'], folders: [folder] },
    ]);
  });

  it.each([
    [{ fileName: 'a.png' }, 400, /^fileName: item\/addFiles gives every file the same fields/],
    [{ id: 'MYID' }, 400, /^id: item\/addFiles gives every file the same fields/],
    [{ url: 'https://example.com/a.png' }, 400, /^url: item\/addFiles takes the files as the request body; url is a source of item\/add, not of item\/addFiles/],
    [{ star: '9' }, 400, /^star: must be 0 to 5/],
    [{ folders: 'nope' }, 404, /^folders: /],
  ])('refuses %j with a %i naming the field, and stores nothing', async (query, status, message) => {
    const { api, library } = await setup();
    const png = await pngBytes(2, 2);
    const answer = await send(api, library, parts(new File([png], 'a.png'), new File([png], 'b.png')), query as Record<string, string>);
    expect([answer.status, answer.body.message]).toEqual([status, expect.stringMatching(message)]);
    expect(await listed(api, library)).toEqual([]);
  });

  it('refuses a body that is not multipart, one without files, a text part and an empty file, naming each', async () => {
    const { api, library } = await setup();
    const png = await pngBytes(2, 2);
    const refusals = [
      await send(api, library, png),
      await send(api, library, parts()),
      await send(api, library, parts(new File([png], 'a.png'), 'not a file')),
      await send(api, library, parts(new File([png], 'a.png'), new File([], 'empty.png'))),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual([
      [400, 'body: must be multipart/form-data, each file a "files" part.'],
      [400, 'body: holds no file; send each file as a "files" part.'],
      [400, 'files[1]: is text, not a file.'],
      [400, 'files[1]: "empty.png" holds no data.'],
    ]);
    expect(await listed(api, library)).toEqual([]);
  });

  it('refuses files that together exceed the room the browser leaves, though each would fit, and stores none', async () => {
    const { api, library } = await setup({ storageEstimate: async () => ({ usage: 900, quota: 1000 }) });
    const answer = await send(api, library, parts(new File([new Uint8Array(60)], 'a.bin'), new File([new Uint8Array(60)], 'b.bin')));
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(answer.body.message).toMatch(/^body: the file is 120 B, but the browser lets this site store only 100 B more/);
    expect(await listed(api, library)).toEqual([]);
  });
});
