// Exact duplicates found in what arrived by other paths than item/add, through the real service
// worker: files a sync brought (their hash is made on first need) and files an Eagle import stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { ApiClient } from '../loose-client';
import type { ImportState } from '../../src/core/eagle-library';
import { buildEagleLibrary, zipOf } from '../node/fixtures/eagle-library';
import { imageBase64 } from './images';
import { fetchApi, isolatedClient } from './service-worker';

type Groups = { groups: { kind: 'exact' | 'similar'; items: { id: string; score: number }[] }[]; total: number };

let couch = '';
beforeAll(async () => {
  couch = await commands.startOwnCouchServer(2_000_000);
}, 60_000);
afterAll(async () => {
  if (couch) await commands.disposeCouchServer(couch);
});

describe('exact duplicates from other paths', () => {
  it('finds a synced item and a local one holding the same bytes', async () => {
    const [{ client: a }, { client: c }] = [await isolatedClient(), await isolatedClient()];
    const url = `${couch}/dup-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const red = await imageBase64(320, 240, '#c81e1e');
    const { id: fromA } = await a.post<{ id: string }>('/item/add', { name: 'red on A', base64: red });
    await a.post('/item/add', { name: 'blue on A', base64: await imageBase64(200, 300, '#1e3cc8') });
    const { id: onC } = await c.post<{ id: string }>('/item/add', { name: 'red on C', base64: red });
    await a.post('/sync/start', { url });
    expect(await a.post('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    // C keeps every original, so the synced bytes are on this device to compare.
    await c.post('/sync/start', { url, keepOriginals: true });
    for (let cycle = 0; cycle < 2; cycle += 1) expect(await c.post('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    const answer = await c.post<Groups>('/item/duplicates', {});
    expect(answer.groups.map((group) => ({ kind: group.kind, ids: group.items.map((item) => item.id).sort() }))).toEqual([{ kind: 'exact', ids: [fromA, onC].sort() }]);
    await a.post('/sync/stop', {});
    await c.post('/sync/stop', {});
  }, 120_000);

  it('finds two items of an imported Eagle library that hold the same bytes', async () => {
    const fixture = buildEagleLibrary({ name: `Dup-${Date.now().toString(36)}`, items: 6, plain: true });
    const withFiles = [...fixture.records.values()].filter((record) => record.ext !== 'url').slice(0, 2);
    const original = (record: Record<string, unknown>) => `images/${String(record.id)}.info/${String(record.name)}.${String(record.ext)}`;
    fixture.files.set(original(withFiles[1]!), fixture.files.get(original(withFiles[0]!))!);
    // No thumbnails: the originals are not pictures, so no descriptor joins them to anything else.
    for (const path of [...fixture.files.keys()]) if (path.endsWith('_thumbnail.png')) fixture.files.delete(path);
    const { response, body } = await fetchApi('/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) });
    expect(response.status, JSON.stringify(body)).toBe(200);
    const state = body.data as ImportState;
    expect(state).toMatchObject({ status: 'done', imported: 6 });
    const answer = await new ApiClient({ library: state.libraryPath }).post<Groups>('/item/duplicates', {});
    expect(answer.groups).toEqual([{ kind: 'exact', items: withFiles.map((record) => ({ id: String(record.id), score: 1 })) }]);
  }, 90_000);
});
