// Defect 6 of issue 12: every method on an API path, and every path of the old version 1
// interface, is answered by the worker (X-Served-By), never by the network.
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledBy } from './service-worker';

/** Every method fetch() may send (CONNECT, TRACE and TRACK are forbidden to pages). */
const METHODS = [
  'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS',
  'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'REPORT', 'SEARCH', 'PURGE', 'LINK', 'UNLINK',
];

async function send(method: string, path: string) {
  const response = await fetch(path, { method });
  const text = method === 'HEAD' ? '' : await response.text();
  return {
    status: response.status,
    servedBy: response.headers.get('X-Served-By'),
    allow: response.headers.get('Allow'),
    type: response.headers.get('Content-Type') ?? '',
    body: text ? (JSON.parse(text) as { status: string; code: string; message: string }) : undefined,
  };
}

describe('every HTTP method reaches the worker', () => {
  beforeAll(async () => {
    await controlledBy();
  });

  it.each(METHODS.filter((m) => !['GET', 'HEAD'].includes(m)))('%s /api/v2/app/info is a 405 envelope with Allow', async (method) => {
    const answer = await send(method, '/api/v2/app/info');
    expect(answer).toMatchObject({ status: 405, servedBy: 'service-worker', body: { status: 'error', code: 'METHOD_NOT_ALLOWED' } });
    expect(answer.allow).toMatch(/GET/);
    expect(answer.body!.message).toContain(method);
  });

  it.each(METHODS.filter((m) => m !== 'POST'))('%s /api/v2/library/switch is a 405 naming POST', async (method) => {
    const answer = await send(method, '/api/v2/library/switch');
    expect(answer).toMatchObject({ status: 405, servedBy: 'service-worker', allow: 'POST' });
  });

  it.each(METHODS)('%s on a version 1 path is a JSON 404 saying only version 2 is served', async (method) => {
    const answer = await send(method, '/api/item/list?limit=5');
    expect(answer).toMatchObject({ status: 404, servedBy: 'service-worker' });
    expect(answer.type).toMatch(/application\/json/);
    if (method !== 'HEAD') {
      expect(answer.body).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
      expect(answer.body!.message).toMatch(/version 2/);
    }
  });

  it.each(['/api/v1/item/info?id=X', '/api/application/info', '/api/v3/app/info'])('GET %s is answered by the worker too', async (path) => {
    const answer = await send('GET', path);
    expect(answer).toMatchObject({ status: 404, servedBy: 'service-worker', body: { code: 'NOT_FOUND' } });
  });

  it('leaves the site itself to the network', async () => {
    const answer = await fetch('/index.html', { method: 'OPTIONS' });
    expect(answer.headers.get('X-Served-By')).toBeNull();
  });
});
