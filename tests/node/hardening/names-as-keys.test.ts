// Defect 1 of issue 12: names that clients choose are data, never plain-object keys.
import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from '../helpers';

const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('client-chosen names that are Object.prototype keys', () => {
  it.each(PROTOTYPE_NAMES)('library/switch to %j is 404 and the current library stays', async (name) => {
    const api = makeApi();
    const before = await call(api, 'GET', '/library/info');
    const answer = await call(api, 'POST', '/library/switch', { libraryPath: name });
    expect(answer.httpStatus).toBe(404);
    expect(answer.body).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
    expect((await call(api, 'GET', '/library/info')).data).toEqual(before.data);
  });

  it.each(PROTOTYPE_NAMES)('X-Library-Path %j reads and writes nothing', async (name) => {
    const api = makeApi();
    const read = await call(api, 'GET', '/item/countAll', {}, { library: name });
    expect(read.httpStatus).toBe(404);
    const write = await call(api, 'POST', '/folder/create', { name: 'x' }, { library: name });
    expect(write.httpStatus).toBe(404);
    expect(write.body.message).toMatch(/library/i);
  });

  it.each(PROTOTYPE_NAMES)('library/icon?libraryPath=%s is 404', async (name) => {
    const answer = await call(makeApi(), 'GET', '/library/icon', { libraryPath: name });
    expect(answer.httpStatus).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each(['constructor', 'toString', '__proto__'])('a data: URL of MIME type %j stores a plain file', async (mime) => {
    const api = makeApi();
    const library = await newLibrary(api);
    const added = await call<{ id: string }>(api, 'POST', '/item/add', { base64: `data:${mime};base64,aGVsbG8=`, name: 'hello' }, { library });
    expect(added.httpStatus).toBe(200);
    const listed = await call<{ data: { ext: string; name: string }[] }>(api, 'GET', '/item/get', { id: added.data.id }, { library });
    expect(listed.data.data[0]).toMatchObject({ name: 'hello', ext: '' });
  });

  it.each(['constructor.x', 'a.toString'])('a file name ending in a prototype key (%s) stores a plain file', async (file) => {
    const api = makeApi({ fetchSource: async () => new Response('hello') });
    const library = await newLibrary(api);
    const added = await call<{ id: string }>(api, 'POST', '/item/add', { path: `/${file}` }, { library });
    expect(added.httpStatus).toBe(200);
  });
});
