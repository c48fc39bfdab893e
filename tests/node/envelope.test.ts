import { describe, expect, it } from 'vitest';
import { call, makeApi } from './helpers';

describe('envelope and errors', () => {
  const api = makeApi();

  it('answers success with status and data', async () => {
    const answer = await call(api, 'GET', '/app/info');
    expect(answer.httpStatus).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', data: { platform: 'web', version: '4.0.0' } });
  });

  it.each([
    ['unknown route', 'GET', '/nope', {}, 404, 'NOT_FOUND', /\/api\/v2\/nope/],
    ['wrong method', 'GET', '/library/switch', {}, 405, 'METHOD_NOT_ALLOWED', /accepts POST/],
    ['missing required field', 'POST', '/library/switch', {}, 400, 'INVALID_ARGUMENT', /libraryPath/],
    ['wrong type', 'POST', '/library/switch', { libraryPath: 12 }, 400, 'INVALID_ARGUMENT', /libraryPath/],
    ['negative offset', 'GET', '/library/history', { offset: -1 }, 400, 'INVALID_ARGUMENT', /offset/],
    ['limit of 0', 'GET', '/library/history', { limit: 0 }, 400, 'INVALID_ARGUMENT', /limit/],
    ['non-integer limit', 'GET', '/library/history', { limit: 'ten' }, 400, 'INVALID_ARGUMENT', /limit/],
    ['AI search without an image decoder', 'POST', '/aiSearch/searchByBase64', { base64: 'iVBORw0KGgo=' }, 503, 'UNAVAILABLE', /No image decoder/],
    ['AI search without query', 'POST', '/aiSearch/searchByText', {}, 400, 'INVALID_ARGUMENT', /query/],
  ] as const)('%s → %i %s', async (_name, method, path, input, httpStatus, code, message) => {
    const answer = await call(api, method, path, input);
    expect(answer.httpStatus).toBe(httpStatus);
    expect(answer.body).toMatchObject({ status: 'error', code });
    expect((answer.body as { message: string }).message).toMatch(message);
  });

  it('names the body when it is not valid JSON', async () => {
    const answer = await call(api, 'POST', '/library/switch', {}, { rawBody: '{bad json' });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect((answer.body as { message: string }).message).toMatch(/body is not valid JSON/);
  });

  it('sends Allow with a 405', async () => {
    const response = await api.handle(new Request('http://localhost/api/v2/library/info', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });

  it('marks every answer no-store', async () => {
    const response = await api.handle(new Request('http://localhost/api/v2/app/info'));
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('ignores unknown fields and the token parameter', async () => {
    const answer = await call(api, 'GET', '/library/history', { token: 'abc', whatever: 1 });
    expect(answer.httpStatus).toBe(200);
  });

  it('clamps limit to 1000 and echoes what it used', async () => {
    const answer = await call<{ limit: number; offset: number }>(api, 'GET', '/library/history', { limit: 5000, offset: 3 });
    expect(answer.data).toMatchObject({ limit: 1000, offset: 3 });
  });
});
