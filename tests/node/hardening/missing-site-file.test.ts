// Defect 5 of issue 12: a path the site does not have is a 400, even where the host answers
// unknown paths with its index page (an HTML answer for a non-HTML path).
import { describe, expect, it } from 'vitest';
import { pngBytes } from '../fixtures/images';
import { call, makeApi, newLibrary } from '../helpers';

const INDEX = '<!doctype html><html><head><title>app</title></head><body></body></html>';

/** A static host with SPA fallback: every unknown path answers the index page. */
async function spaHost(path: string): Promise<Response> {
  if (path === '/assets/cat.png') return new Response(await pngBytes(4, 4), { headers: { 'Content-Type': 'image/png' } });
  if (path === '/notes/readme.txt') return new Response('hello', { headers: { 'Content-Type': 'text/plain' } });
  return new Response(INDEX, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

async function setup() {
  const api = makeApi({ fetchSource: spaHost });
  const library = await newLibrary(api);
  const add = (input: Record<string, unknown>) => call<{ id: string }>(api, 'POST', '/item/add', input, { library });
  const count = async () => (await call<number>(api, 'GET', '/item/countAll', {}, { library })).data;
  return { add, count };
}

describe('item/add from a path the site does not have', () => {
  it.each(['/typo.png', '/assets/missing.jpg', '/docs/file.pdf', '/data.json?x=1'])('%s is a 400 naming path; nothing is stored', async (path) => {
    const { add, count } = await setup();
    const answer = await add({ path });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(answer.body.message).toMatch(/^path: /);
    expect(answer.body.message).toMatch(/not found|does not have/);
    expect(await count()).toBe(0);
  });

  it('names the item of a batch, and stores none of it', async () => {
    const { add, count } = await setup();
    const answer = await add({ items: [{ path: '/assets/cat.png' }, { path: '/typo.png' }] });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^items\[1\]\.path: /);
    expect(await count()).toBe(0);
  });

  it('an HTML answer disguised by its bytes only (text/plain) for a .png path is refused too', async () => {
    const api = makeApi({ fetchSource: async () => new Response(`  \n${INDEX}`, { headers: { 'Content-Type': 'application/octet-stream' } }) });
    const library = await newLibrary(api);
    const answer = await call(api, 'POST', '/item/add', { path: '/x.png' }, { library });
    expect(answer.httpStatus).toBe(400);
  });

  it.each([
    ['/assets/cat.png', 'png'],
    ['/notes/readme.txt', 'txt'],
    ['/pages/about.html', 'html'],
    ['/pages/about', ''],
  ])('%s, which the site has (or is a page), is stored', async (path, ext) => {
    const { add, count } = await setup();
    const answer = await add({ path });
    expect(answer.httpStatus).toBe(200);
    expect(await count()).toBe(1);
    void ext;
  });
});
