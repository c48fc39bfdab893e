import { describe, expect, it } from 'vitest';
import { notBuiltRoutes } from '../../src/core/not-built.routes';
import { controlledBy, fetchApi } from './service-worker';

describe('routes not built yet', () => {
  it.each(notBuiltRoutes.map((r) => [r.method, r.path]))('%s %s answers 501 with a clear sentence', async (method, path) => {
    await controlledBy();
    const init: RequestInit = method === 'POST' ? { method, body: '{}' } : { method };
    const { response, body } = await fetchApi(`/api/v2${path}`, init);
    expect(response.status).toBe(501);
    expect(body).toMatchObject({ status: 'error', code: 'NOT_IMPLEMENTED' });
    expect(body.message).toContain('not built yet');
  });
});
