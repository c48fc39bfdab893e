// Any request that names a library which does not exist answers 404 on every route (issue 24,
// point 9): the route table is walked, so a new route is covered the day it is added.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/core/routes';
import { apiUrl, controlledBy, LIBRARY_HEADER } from './service-worker';

const UNKNOWN_LIBRARIES = ['__proto__', 'C:\\Windows\\System32', '/libraries/never-created.library', 'toString'];

async function answer(method: string, url: string, headers: Record<string, string>) {
  const response = await fetch(url, {
    method,
    headers: method === 'POST' ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: method === 'POST' ? '{}' : undefined,
  });
  expect(response.headers.get('X-Served-By'), `${method} ${url}`).toBe('service-worker');
  const type = response.headers.get('Content-Type') ?? '';
  const body = type.includes('json') ? await response.json() : (await response.body?.cancel(), undefined);
  return { status: response.status, body };
}

describe('a request naming an unknown library', () => {
  it.each(UNKNOWN_LIBRARIES)('answers 404 on every route with X-Library-Path %j', async (library) => {
    await controlledBy();
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const { status, body } = await answer(route.method, apiUrl(route.path), { [LIBRARY_HEADER]: library });
      if (status !== 404 || body?.code !== 'NOT_FOUND' || !/library/i.test(body?.message ?? '')) {
        wrong.push(`${route.method} ${route.path}: ${status} ${JSON.stringify(body)?.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 on every GET route with ?library= naming an unknown library', async () => {
    await controlledBy();
    const wrong: string[] = [];
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const url = `${apiUrl(route.path)}?library=${encodeURIComponent('/libraries/never-created.library')}`;
      const { status, body } = await answer('GET', url, {});
      if (status !== 404 || body?.code !== 'NOT_FOUND') wrong.push(`GET ${route.path}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still answers a wrong method with 405 and an unknown route with 404 before looking at the library', async () => {
    await controlledBy();
    const put = await fetch(apiUrl('/item/get'), { method: 'PUT', headers: { [LIBRARY_HEADER]: '__proto__' } });
    expect(put.status).toBe(405);
    const none = await fetch(apiUrl('/item/none-such'), { headers: { [LIBRARY_HEADER]: '__proto__' } });
    expect(none.status).toBe(404);
    expect((await none.json()).message).toMatch(/No API route/);
  });
});
