import { describe, expect, it } from 'vitest';
import { imageBase64 } from './images';
import { isolatedClient } from './service-worker';

describe('item/add through the service worker: duplicates at the door', () => {
  it('answers duplicateOf beside the id, for a single add and per id in a batch', async () => {
    const { client } = await isolatedClient();
    const a = await imageBase64(12, 9);
    const b = await imageBase64(9, 12);
    const first = await client.post<{ id: string; duplicateOf: string | null }>('/item/add', { name: 'first', base64: a });
    expect(first.duplicateOf).toBeNull();
    const again = await client.post<{ id: string; duplicateOf: string | null }>('/item/add', { name: 'again', base64: a });
    expect(again.duplicateOf).toBe(first.id);
    const batch = await client.post<{ ids: string[]; duplicateOf: (string | null)[] }>('/item/add', {
      items: [{ base64: b }, { base64: a }, { bookmarkURL: 'https://example.com/' }, { base64: b }],
    });
    expect(batch.duplicateOf).toEqual([null, first.id, null, batch.ids[0]]);
    // Nothing is dropped: the API adds and says so; the app asks whether to keep both.
    expect(await client.get('/item/countAll')).toBe(6);
  });
});
