// The worker keeps the last ordered listing while it is used (src/core/listing/listing-memo.ts): the
// grid's windows of item/ids share one ordering, and no answer may be older than the last change.
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/core/events/change-feed';
import { KEEP_MS, ListingMemo } from '../../src/core/listing/listing-memo';
import { call, makeApi, newLibrary } from './helpers';

interface Ids { ids: string[]; total: number }

describe('the ordered-listing memo', () => {
  it('orders once for requests that follow or overlap, again after a change or after KEEP_MS unused', async () => {
    const feed = new ChangeFeed();
    let now = 0;
    const memo = new ListingMemo(feed, () => now);
    let orderings = 0;
    const order = async () => [`key${++orderings}`];
    const [a, b] = await Promise.all([memo.ordered('db', { tags: ['x'] }, order), memo.ordered('db', { tags: ['x'] }, order)]);
    expect([a, b, orderings]).toEqual([['key1'], ['key1'], 1]);
    expect(await memo.ordered('db', { tags: ['x'], offset: 20_000, limit: 20_000 } as never, order)).toEqual(['key1']);
    expect(await memo.ordered('db', { tags: ['y'] }, order)).toEqual(['key2']);
    feed.publish({ kind: 'item', action: 'updated', ids: ['i'], library: 'db' });
    expect(await memo.ordered('db', { tags: ['y'] }, order)).toEqual(['key3']);
    now += KEEP_MS;
    expect(await memo.ordered('db', { tags: ['y'] }, order)).toEqual(['key4']);
  });

  it('stays through changes that move no item: progress, AI evidence, a selection, another library', async () => {
    const feed = new ChangeFeed();
    const memo = new ListingMemo(feed, () => 0);
    let orderings = 0;
    const order = async () => [`key${++orderings}`];
    const ask = () => memo.ordered('db', { query: 'red' } as never, order);
    expect(await ask()).toEqual(['key1']);
    feed.publish({ kind: 'aiSearch', action: 'indexed', ids: ['i'], library: 'db' });
    feed.publish({ kind: 'import', action: 'progress', ids: ['imp'], details: { done: 1, total: 2 }, library: 'db' });
    feed.publish({ kind: 'item', action: 'selected', ids: ['i'], library: 'db' });
    feed.publish({ kind: 'item', action: 'opened', ids: ['i'], library: 'db' });
    feed.publish({ kind: 'folder', action: 'opened', ids: ['f'], library: 'db' });
    feed.publish({ kind: 'item', action: 'removed', ids: ['i'], library: 'other' });
    expect(await ask()).toEqual(['key1']);
    for (const change of [
      { kind: 'item', action: 'added' },
      { kind: 'folder', action: 'updated' },
      { kind: 'tag', action: 'renamed' },
      { kind: 'library', action: 'loading' },
    ] as const) {
      const next = `key${orderings + 1}`;
      feed.publish({ ...change, ids: ['x'], library: 'db' } as never);
      expect(await ask()).toEqual([next]);
    }
  });

  it('stays while the grid keeps reading windows of it, however long in all', async () => {
    let now = 0;
    const memo = new ListingMemo(new ChangeFeed(), () => now);
    let orderings = 0;
    const order = async () => [`key${++orderings}`];
    for (let step = 0; step < 10; step++) {
      expect(await memo.ordered('db', { offset: step * 1_000, limit: 1_000 } as never, order)).toEqual(['key1']);
      now += KEEP_MS / 2;
    }
    now += KEEP_MS;
    expect(await memo.ordered('db', {}, order)).toEqual(['key2']);
  });

  it('never keeps the selection, smart folders or an unseeded random order', async () => {
    const memo = new ListingMemo(new ChangeFeed(), () => 0);
    let orderings = 0;
    const order = async () => [`key${++orderings}`];
    for (const input of [{ isSelected: true }, { smartFolders: ['s'] }, { orderBy: { field: 'RANDOM', descending: false } }] as const) {
      const before = orderings;
      await memo.ordered('db', input as never, order);
      await memo.ordered('db', input as never, order);
      expect(orderings - before).toBe(2);
    }
  });

  it('answers item/ids after a trash and an add without a stale order (through the API)', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const post = <T>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
    const added = (await post<{ ids: string[] }>('/item/add', { items: [1, 2, 3].map((i) => ({ name: `n${i}`, bookmarkURL: `https://example.com/${i}` })) })).data.ids;
    expect((await post<Ids>('/item/ids', {})).data.total).toBe(3);
    await post('/item/update', { id: added[0], isDeleted: true });
    expect((await post<Ids>('/item/ids', {})).data.ids).not.toContain(added[0]);
    const [more] = (await post<{ ids: string[] }>('/item/add', { items: [{ name: 'n4', bookmarkURL: 'https://example.com/4' }] })).data.ids;
    expect((await post<Ids>('/item/ids', { offset: 0, limit: 1 })).data).toMatchObject({ ids: [more], total: 3 });
  });
});
