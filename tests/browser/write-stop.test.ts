// The worker stopped while a 1,000-item item/add batch is being written: the batch is stored whole
// or not at all, and once (Chromium sends the request again to the restarted worker; its
// Idempotency-Key keeps a batch that had committed from being written twice). Every index (terms
// rows, posting lists, tag, folder and smart-folder counts, the library's item counts) stays in
// step with the rows, through the real service worker and Chromium's IndexedDB.
import { describe, expect, it } from 'vitest';
import { LibraryDb } from '../../src/core/storage/library-db';
import { expectIndexesMatchRebuild } from '../node/fixtures/index-rebuild';
import { fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';

const BATCH = 1000;
const WORDS = ['harbour', 'lantern', 'copper', 'meadow', 'quartz', 'violet', 'ember', 'glacier', 'orchid', 'saffron'];

/** A batch of bookmarks with varied names, tags, annotations and folders: many lists and terms. */
function batch(round: number, folders: readonly string[]) {
  return Array.from({ length: BATCH }, (_, i) => ({
    bookmarkURL: `https://example.com/${round}/${i}`,
    name: `${WORDS[i % 10]} ${WORDS[(i * 7) % 10]} r${round}n${i}`,
    annotation: i % 3 === 0 ? `${WORDS[(i * 3) % 10]} note ${i % 97}` : '',
    tags: [WORDS[i % 10]!, `t${i % 37}`],
    folders: i % 4 === 0 ? [folders[i % folders.length]!] : [],
  }));
}

describe('a worker stopped in the middle of a batch', () => {
  it('leaves none or all of a 1,000-item item/add batch, every index in step with the rows', async () => {
    const { client, library } = await isolatedClient();
    const folders = [(await client.post<{ id: string }>('/folder/create', { name: 'harbour views' })).id, (await client.post<{ id: string }>('/folder/create', { name: 'quartz' })).id];
    await client.post('/smartFolder/create', { name: 'copper', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['copper'] }] }] });
    await client.get('/smartFolder/get');
    const db = new LibraryDb(`lam/library${library}`);
    const outcomes: string[] = [];
    // Stops at increasing delays after the request left: some land before the write, most inside it.
    for (const [round, delay] of [5, 40, 120, 300, 700].entries()) {
      const body = JSON.stringify({ items: batch(round, folders) });
      const before = await db.items.count();
      const headers = { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library, 'Idempotency-Key': `stop-${round}` };
      const sent = fetch('/api/v2/item/add', { method: 'POST', headers, body }).then(
        (response) => `answered ${response.status}${response.headers.has('Idempotent-Replayed') ? ' from the record' : ''}`,
        () => 'cut off',
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      await stopServiceWorkers();
      const outcome = await sent;
      const added = (await db.items.count()) - before;
      outcomes.push(`${delay} ms: ${outcome}, ${added} stored`);
      expect([0, BATCH], outcomes.join('; ')).toContain(added);
      // 409: the batch committed but its answer was lost with the worker (request-keys.ts).
      if (/^answered (200|409)/.test(outcome)) expect(added, outcome).toBe(BATCH);
      await expectIndexesMatchRebuild(db);
    }
    // Where the stops landed, for whoever reads the run (not asserted: timing is the machine's).
    console.info(`worker stops during item/add: ${outcomes.join('; ')}`);
    // The library still takes a batch afterwards, and the indexes are still right.
    const { response } = await fetchApi('/api/v2/item/add', { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library }, body: JSON.stringify({ items: batch(9, folders) }) });
    expect(response.status).toBe(200);
    const { smartCounts } = await expectIndexesMatchRebuild(db);
    expect(smartCounts).toBe(1);
    expect((await db.items.count()) % BATCH).toBe(0);
    expect(await client.get('/item/countAll')).toBe(await db.items.count());
    db.close();
  }, 240_000);

  it('answers a keyed write sent again from its record, writing nothing twice; the key with another input is a 409', async () => {
    const { client, library } = await isolatedClient();
    const send = (name = 'once') =>
      fetchApi('/api/v2/folder/create', { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library, 'Idempotency-Key': 'folder-once' }, body: JSON.stringify({ name }) });
    const first = await send();
    // The answer joins the key's record in a transaction begun, not awaited, before it leaves
    // (request-keys.ts); a stop before that commits leaves the record without it, and a repeat gets
    // the 409. Once it is in IndexedDB, a stopped worker loses nothing of it.
    const db = new LibraryDb(`lam/library${library}`);
    await expect.poll(async () => (await db.state.where('key').startsWith('request:').toArray()).some((row) => (row.value as { answer?: unknown }).answer !== undefined)).toBe(true);
    db.close();
    await stopServiceWorkers();
    const again = await send();
    expect([first.response.status, again.response.status, again.response.headers.get('Idempotent-Replayed')]).toEqual([200, 200, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await send('another');
    expect([other.response.status, other.body.message]).toEqual([409, expect.stringMatching(/^Idempotency-Key header: key "folder-once" was sent .* with another request/)]);
    expect((await client.get<{ total: number }>('/folder/get')).total).toBe(1);
  });
});
