import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';
import { pngBase64 } from './fixtures/images';

async function setup() {
  let now = 1_700_000_000_000;
  const api = makeApi({ clock: () => (now += 1000) });
  const library = await newLibrary(api);
  const post = <T = any>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const get = <T = any>(path: string, input: Record<string, unknown> = {}) => call<T>(api, 'GET', path, input, { library });
  const id = (await post<{ id: string }>('/item/add', { name: 'photo', base64: await pngBase64(4, 4), tags: ['a', 'b'] })).data.id;
  return { api, library, post, get, id };
}

describe('item/update', () => {
  it('changes only the fields sent and answers the item', async () => {
    const { post, id } = await setup();
    const answer = await post('/item/update', { id, name: 'renamed', star: 4, tags: ['c'] });
    expect(answer.data).toMatchObject({ id, name: 'renamed', star: 4, tags: ['c'], annotation: '', ext: 'png' });
    expect((await post('/item/update', { id, annotation: 'note' })).data).toMatchObject({ name: 'renamed', annotation: 'note' });
  });

  it('moves to the trash and back; trashed items leave listings and counts', async () => {
    const { post, get, id } = await setup();
    expect((await post('/item/update', { id, isDeleted: true })).data.isDeleted).toBe(true);
    expect((await get('/item/countAll')).data).toBe(0);
    expect((await post('/item/get', {})).data.total).toBe(0);
    expect((await post('/item/get', { isDeleted: true })).data.data.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await post('/item/update', { id, isDeleted: false })).data.isDeleted).toBe(false);
    expect((await get('/item/countAll')).data).toBe(1);
  });

  it.each([
    [{ star: 9 }, 400, /star/],
    [{ name: 'x'.repeat(1025) }, 400, /name/],
    [{ folders: ['NOPE'] }, 404, /folders/],
    [{ isDeleted: 'maybe' }, 400, /isDeleted/],
  ])('refuses %j', async (change, status, message) => {
    const { post, id } = await setup();
    const answer = await post('/item/update', { id, ...change });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  it('pages a filter across trashed items with an exact total', async () => {
    const { post } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await post<{ id: string }>('/item/add', { name: `x${i}`, bookmarkURL: `https://a.b/${i}`, tags: ['x'] })).data.id);
    await post('/item/update', { id: ids[4], isDeleted: true });
    await post('/item/update', { id: ids[2], isDeleted: true });
    const names = async (input: Record<string, unknown>) => {
      const page = (await post<{ data: { name: string }[]; total: number }>('/item/get', input)).data;
      return [page.total, page.data.map((i) => i.name)];
    };
    expect(await names({ tags: ['x'] })).toEqual([4, ['x5', 'x3', 'x1', 'x0']]);
    expect(await names({ tags: ['x'], offset: 1, limit: 2 })).toEqual([4, ['x3', 'x1']]);
    expect(await names({ tags: ['x'], isDeleted: true })).toEqual([2, ['x4', 'x2']]);
    expect(await names({ ext: 'url', offset: 3 })).toEqual([4, ['x0']]);
    expect(await names({ tags: ['x'], orderBy: 'NAME', limit: 2 })).toEqual([4, ['x0', 'x1']]);
  });

  it('answers 404 for an unknown item', async () => {
    const { post } = await setup();
    expect((await post('/item/update', { id: 'NOPE', name: 'x' })).httpStatus).toBe(404);
  });
});

describe('tag bookkeeping', () => {
  it('keeps counts and recent use right through add, retag, trash and restore', async () => {
    const { api, post, library, id } = await setup();
    const { db } = api.open((await api.registry.find(library))!);
    const tags = async () => Object.fromEntries((await db.tags.toArray()).map((t) => [t.name, t.count]));
    expect(await tags()).toEqual({ a: 1, b: 1 });
    // No item carries "a" any more: its row goes (docs/decisions/tag-retention.md).
    await post('/item/update', { id, tags: ['b', 'c'] });
    expect(await tags()).toEqual({ b: 1, c: 1 });
    await post('/item/update', { id, isDeleted: true });
    expect(await tags()).toEqual({ b: 0, c: 0 });
    await post('/item/update', { id, isDeleted: false });
    expect(await tags()).toEqual({ b: 1, c: 1 });
    const recent = (await db.tags.orderBy('lastUsedAt').reverse().toArray()).map((t) => t.name);
    expect(recent[0]).toBe('c');
  });
});

describe('comments', () => {
  it('adds, lists, updates and removes', async () => {
    const { post, get, id } = await setup();
    const rect = (await post('/item/addComment', { id, annotation: 'here', x: 1, y: 2, width: 3, height: 4 })).data;
    const video = (await post('/item/addComment', { id, annotation: 'at 12s', duration: 12 })).data;
    expect(rect).toMatchObject({ annotation: 'here', x: 1, y: 2, width: 3, height: 4 });
    expect(typeof rect.id).toBe('string');
    expect((await get('/item/getComments', { id })).data.map((c: { id: string }) => c.id)).toEqual([rect.id, video.id]);
    const updated = (await post('/item/updateComment', { id, commentId: rect.id, annotation: 'there', width: 10 })).data;
    expect(updated).toMatchObject({ annotation: 'there', width: 10, x: 1 });
    expect(updated.lastModified).toBeGreaterThan(rect.lastModified);
    expect((await post('/item/removeComment', { id, commentId: video.id })).data).toBe(true);
    expect((await get('/item/getComments', { id })).data).toHaveLength(1);
  });

  it.each([
    ['rect and duration', { x: 0, y: 0, width: 1, height: 1, duration: 3 }, /not both/],
    ['neither', { annotation: 'x' }, /missing: x, y, width, height/],
    ['an incomplete rect', { x: 0, y: 0, width: 1 }, /missing: height/],
    ['width 0', { x: 0, y: 0, width: 0, height: 1 }, /width/],
    ['negative duration', { duration: -1 }, /duration/],
  ])('refuses %s', async (_name, fields, message) => {
    const { post, id } = await setup();
    const answer = await post('/item/addComment', { id, ...fields });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(message);
  });

  it('refuses fields of the other kind on update, and unknown ids', async () => {
    const { post, id } = await setup();
    const rect = (await post('/item/addComment', { id, x: 0, y: 0, width: 1, height: 1 })).data;
    const video = (await post('/item/addComment', { id, duration: 5 })).data;
    expect((await post('/item/updateComment', { id, commentId: rect.id, duration: 3 })).body.message).toMatch(/duration.*image comment/);
    expect((await post('/item/updateComment', { id, commentId: video.id, x: 3 })).body.message).toMatch(/x.*video comment/);
    expect((await post('/item/updateComment', { id, commentId: 'NOPE', annotation: '' })).httpStatus).toBe(404);
    expect((await post('/item/removeComment', { id: 'NOPE', commentId: rect.id })).httpStatus).toBe(404);
  });
});

describe('item/file', () => {
  it('serves the bytes, ranges of them, and 416 past the end', async () => {
    const { api, library, id } = await setup();
    const fetchFile = (range?: string) =>
      api.handle(new Request(`http://localhost/api/v2/item/file?id=${id}`, { headers: { 'X-Library-Path': library, ...(range ? { Range: range } : {}) } }));
    const whole = await fetchFile();
    expect(whole.headers.get('Content-Type')).toBe('image/png');
    expect(whole.headers.get('Content-Security-Policy')).toMatch(/sandbox/);
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await fetchFile('bytes=0-9');
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 0-9/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    expect((await (await fetchFile('bytes=-5')).arrayBuffer()).byteLength).toBe(5);
    const beyond = await fetchFile(`bytes=${size}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${size}`);
  });
});
