// Issue 44 through the real service worker: a published library is published again to the same
// folder with 10 items added and one renamed (published-library-setup.ts); the update fetches the
// manifest and the changed files only, each once, as the static server's log shows.
import { describe, expect, inject, it } from 'vitest';
import { controlledBy, fetchApi, LIBRARY_HEADER } from './service-worker';

const { growing, pictures } = inject('published');

const post = (path: string, body: unknown) => fetchApi(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const requests = async () => ((await (await fetch(pictures.requests)).json()) as string[]).filter((path) => path.startsWith('/growing/')).map((path) => path.slice('/growing/'.length));

describe('publishing again', () => {
  it('an update after 10 items were added and one renamed fetches no unchanged file', async () => {
    await controlledBy();
    const subscribed = await post('/api/v2/library/subscribe', { url: growing.url, wait: true });
    expect(subscribed.response.status, JSON.stringify(subscribed.body)).toBe(200);
    expect(subscribed.body.data).toMatchObject({ items: 60, stored: 60 });
    const library = subscribed.body.data.path as string;
    // The load finishes in the background after the answer: wait until it is no longer loading.
    await expect.poll(async () => (await fetchApi('/api/v2/library/info', { headers: { [LIBRARY_HEADER]: library } })).body.data?.loading, { timeout: 20_000 }).toBeUndefined();
    expect((await requests()).filter((file) => file.startsWith('root-'))).toHaveLength(1);
    const seen = (await requests()).length;

    expect((await fetch(growing.next)).status).toBe(204);
    const updated = await post('/api/v2/library/subscribe', { url: growing.url, wait: true });
    expect(updated.response.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ path: library, items: 70, stored: 70 });
    await expect.poll(async () => (await fetchApi('/api/v2/library/info', { headers: { [LIBRARY_HEADER]: library } })).body.data?.loading, { timeout: 20_000 }).toBeUndefined();
    const fetched = (await requests()).slice(seen);
    expect(fetched.filter((file) => file !== 'manifest.json' && !growing.changed.includes(file))).toEqual([]);
    expect(fetched.filter((file) => file === 'manifest.json')).toEqual(['manifest.json']);
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(fetched.some((file) => file.startsWith('shards/items-'))).toBe(true);
  });
});
