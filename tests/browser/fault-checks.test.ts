// Issue 41's fault checks through the real service worker: sync's routes refuse junk bodies, the
// library's date survives a no-op write and a worker stop, catastrophic filters cost about what a
// one-term filter of the same size does (medians of a few runs, a generous ratio: no timer), and
// an item keeps an extension no one sniffs.
import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { isolatedClient, stopServiceWorkers, type ApiClient } from './service-worker';

const dateOf = async (client: ApiClient) => (await client.get<{ modificationTime: number }>('/library/info')).modificationTime;

describe('fault checks through the worker', () => {
  it('refuses junk bodies on sync/stop, sync/run and sync/watch, and a no-op stop keeps the date', async () => {
    const { client, library } = await isolatedClient();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/', name: 'page' });
    const before = await dateOf(client);
    await expectError(library, '/api/v2/sync/stop', { offset: true, limit: 'NaN' }, 400, 'INVALID_ARGUMENT', /offset, limit: not a field of this route/);
    await expectError(library, '/api/v2/sync/run', { offset: true }, 400, 'INVALID_ARGUMENT', /offset: not a field/);
    await expectError(library, '/api/v2/sync/watch', { limit: 'NaN' }, 400, 'INVALID_ARGUMENT', /limit: not a field of this route \(it reads timeout\)/);
    expect(await client.post('/sync/stop', {})).toBe(true);
    expect(await dateOf(client)).toBe(before);
  });

  it('keeps the date across a worker stop, its first requests and a text search', async () => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { items: [{ base64: 'TVqQAAM=', name: 'setup', ext: 'exe' }, { bookmarkURL: 'https://example.com/', name: 'page', tags: ['a'] }] });
    const before = await dateOf(client);
    await stopServiceWorkers();
    expect(await dateOf(client)).toBe(before);
    await client.get('/sync/status');
    expect(await dateOf(client), 'after sync/status').toBe(before);
    await client.get('/aiSearch/isStarting');
    expect(await dateOf(client), 'after isStarting').toBe(before);
    // Turns the AI indexes on (bookkeeping the worker then works through): no change of the library's.
    await client.post('/aiSearch/searchByText', { query: 'page' }).catch(() => undefined);
    expect(await dateOf(client), 'after searchByText').toBe(before);
    await client.post('/sync/stop', {});
    expect(await dateOf(client), 'after sync/stop').toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopServiceWorkers();
    expect(await dateOf(client)).toBe(before);
    await client.post('/folder/create', { name: 'a real change' });
    expect(await dateOf(client)).toBeGreaterThan(before);
  });

  it('answers 10,000 tags or folders in about the time of one sent 10,000 times', async () => {
    const { client } = await isolatedClient();
    const folders: string[] = [];
    for (let i = 0; i < 4; i++) folders.push((await client.post<{ id: string }>('/folder/create', { name: `f${i}` })).id);
    const items = Array.from({ length: 300 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, name: `n${i}`, tags: [`t${i % 40}`, `u${i % 7}`], folders: [folders[i % 4]!] }));
    await client.post('/item/add', { items });
    /** Median milliseconds of three runs (after one to warm up). */
    const median = async (body: Record<string, unknown>) => {
      const times: number[] = [];
      for (let run = 0; run < 4; run++) {
        const start = performance.now();
        await client.post('/item/get', { ...body, limit: 1 });
        if (run > 0) times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    // The same request size and parsing, one term after repeats are dropped: only the lookups differ.
    const oneTag = await median({ tags: Array.from({ length: 10_000 }, () => 't1') });
    const manyTags = await median({ tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) });
    expect(manyTags, `10,000 tags: ${manyTags.toFixed(0)} ms, one tag as large: ${oneTag.toFixed(0)} ms`).toBeLessThan(5 * oneTag + 50);
    const oneFolder = await median({ folders: Array.from({ length: 10_000 }, () => folders[0]!) });
    const manyFolders = await median({ folders: [...folders, ...Array.from({ length: 10_000 }, (_, i) => `F${i}`)] });
    console.info(`10,000 tags ${manyTags.toFixed(0)} ms against ${oneTag.toFixed(0)}; 10,000 folders ${manyFolders.toFixed(0)} ms against ${oneFolder.toFixed(0)}`);
    expect(manyFolders, `10,000 folders: ${manyFolders.toFixed(0)} ms, one folder as large: ${oneFolder.toFixed(0)} ms`).toBeLessThan(5 * oneFolder + 50);
  });

  it('counts and creates a 30x30 smart folder in a bounded multiple of one rule', async () => {
    const { client } = await isolatedClient();
    const folders: string[] = [];
    for (let i = 0; i < 4; i++) folders.push((await client.post<{ id: string }>('/folder/create', { name: `f${i}` })).id);
    await client.post('/item/add', { items: Array.from({ length: 300 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, name: `n${i}`, tags: [`t${i % 40}`], folders: [folders[i % 4]!] })) });
    const rule = (g: number, r: number) =>
      r % 2 === 0 ? { property: 'tags', method: 'union', value: [`t${(g * 30 + r) % 40}`, `z${g}-${r}`] } : { property: 'folders', method: 'union', value: [folders[r % 4]!] };
    const big = Array.from({ length: 30 }, (_, g) => ({ match: 'OR', boolean: 'TRUE', rules: Array.from({ length: 30 }, (_, r) => rule(g, r)) }));
    const one = [{ match: 'OR', boolean: 'TRUE', rules: [rule(0, 0)] }];
    /** Median milliseconds of five runs (after one to warm up). */
    const median = async (conditions: object[]) => {
      const times: number[] = [];
      for (let run = 0; run < 6; run++) {
        const start = performance.now();
        await client.post('/smartFolder/count', { conditions });
        if (run > 0) times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    // 900 rules are parsed and compiled, so a generous ratio (9x to 19x measured on a loaded 2-core
    // machine); reading each rule's lists, as before, took over 30 s here (3.7 s on 3,755 items in Chromium).
    const oneRule = await median(one);
    const manyRules = await median(big);
    console.info(`30x30 rules ${manyRules.toFixed(0)} ms against ${oneRule.toFixed(0)} for one`);
    expect(manyRules, `30x30 rules: ${manyRules.toFixed(0)} ms, one rule: ${oneRule.toFixed(0)} ms`).toBeLessThan(60 * Math.max(oneRule, 5));
    const { count } = await client.post<{ count: number }>('/smartFolder/count', { conditions: big });
    const created = await client.post<{ imageCount: number }>('/smartFolder/create', { name: 'big', conditions: big });
    expect(created.imageCount).toBe(count);
    expect(count).toBeGreaterThan(0);
  });

  it('keeps an extension no one sniffs', async () => {
    const { client } = await isolatedClient();
    await client.post('/item/add', { items: [{ base64: 'data:application/octet-stream;base64,TVqQAAM=', name: 'mystery', ext: 'xyz' }, { base64: 'TVqQAAM=', name: 'setup.exe' }] });
    const { data } = await client.get<{ data: { name: string; ext: string }[] }>('/item/get');
    expect(Object.fromEntries(data.map((item) => [item.name, item.ext]))).toEqual({ mystery: 'xyz', 'setup.exe': 'exe' });
  });
});
