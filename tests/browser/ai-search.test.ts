import { describe, expect, it } from 'vitest';
import { fetchApi, isolatedClient } from './service-worker';

describe('AI search (not installed in this build)', () => {
  it.each([
    ['/api/v2/aiSearch/isInstalled', false],
    ['/api/v2/aiSearch/isReady', false],
    ['/api/v2/aiSearch/isStarting', false],
    ['/api/v2/aiSearch/isSyncing', false],
    ['/api/v2/aiSearch/checkServiceHealth', { healthy: false }],
  ])('%s answers %j', async (path, expected) => {
    await isolatedClient();
    const { body } = await fetchApi(path);
    expect(body).toEqual({ status: 'success', data: expected });
  });

  it('reports a sync status that counts the library', async () => {
    const { client } = await isolatedClient();
    expect(await client.get('/aiSearch/getSyncStatus')).toEqual({ isSyncing: false, syncedCount: 0, totalCount: 0, progress: 0 });
  });

  it.each([
    ['/api/v2/aiSearch/searchByText', { query: 'a red car' }],
    ['/api/v2/aiSearch/searchByText', { text: 'a red car', limit: 5 }],
    ['/api/v2/aiSearch/searchByBase64', { base64: 'iVBORw0KGgo=' }],
    ['/api/v2/aiSearch/searchByItemId', { itemId: 'ABC', options: { limit: 3 } }],
  ])('%s refuses with 503 instead of making results up', async (path, body) => {
    await isolatedClient();
    const answer = await fetchApi(path, { method: 'POST', body: JSON.stringify(body) });
    expect(answer.response.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'error', code: 'UNAVAILABLE' });
  });

  it('validates before refusing', async () => {
    const answer = await fetchApi('/api/v2/aiSearch/searchByItemId', { method: 'POST', body: '{"options":{"limit":0}}' });
    expect(answer.response.status).toBe(400);
    expect(answer.body.message).toMatch(/itemId|limit/);
  });
});
