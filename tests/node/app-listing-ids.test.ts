// ListingIds: the ids of a big listing a window at a time. A jump anywhere is one window request,
// the page holds at most MAX_WINDOWS windows however far the person goes, a wide range is read
// straight through (not kept), and answers for an old listing or an old order are dropped.
import { describe, expect, it } from 'vitest';
import { ListingIds, MAX_WINDOWS, WINDOW } from '../../src/app/grid/listing-ids';
import type { LoosePort as ApiPort } from '../loose-client';

const TOTAL = 1_000_000;
const idAt = (index: number) => `id${index}`;
const listing = { path: '/item/get', params: { orderBy: 'NAME' } } as never;

/** item/ids over TOTAL made-up ids (made on demand, never all at once); logs each request. */
function fakePort(total = TOTAL) {
  const asked: { offset: number; limit: number; orderBy?: string }[] = [];
  let held: Promise<void> | null = null;
  const port: ApiPort = {
    get: () => Promise.reject(new Error('not used')),
    async post<T>(_path: string, body?: unknown) {
      const { offset, limit, orderBy } = body as { offset: number; limit: number; orderBy?: string };
      asked.push({ offset, limit, orderBy });
      if (held) await held;
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, at) => idAt(offset + at));
      return { ids, total, offset } as T;
    },
  };
  const hold = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  };
  return { port, asked, hold };
}

describe('ListingIds windows', () => {
  it('answers a deep stretch with one window request, with the listing parameters', async () => {
    const { port, asked } = fakePort();
    const order = new ListingIds(port);
    order.reset(listing);
    expect(await order.slice(734_210, 100)).toEqual(Array.from({ length: 100 }, (_, at) => idAt(734_210 + at)));
    expect(asked).toEqual([{ offset: 734_000, limit: WINDOW, orderBy: 'NAME' }]);
    expect(order.total).toBe(TOTAL);
    expect(order.at(734_999)).toBe(idAt(734_999));
    expect(order.at(735_000)).toBeUndefined();
    expect(order.indexOf(idAt(734_500))).toBe(734_500);
    // Asked again: kept, no request.
    await order.slice(734_300, 10);
    expect(asked).toHaveLength(1);
  });

  it('a stretch across two windows asks for both, once each, even when asked twice at once', async () => {
    const { port, asked } = fakePort();
    const order = new ListingIds(port);
    order.reset(listing);
    const [a, b] = await Promise.all([order.slice(WINDOW * 5 - 50, 100), order.slice(WINDOW * 5 - 10, 20)]);
    expect(a[0]).toBe(idAt(WINDOW * 5 - 50));
    expect(a.at(-1)).toBe(idAt(WINDOW * 5 + 49));
    expect(b).toHaveLength(20);
    expect(asked.map((entry) => entry.offset).sort((x, y) => x - y)).toEqual([WINDOW * 4, WINDOW * 5]);
  });

  it('holds at most MAX_WINDOWS windows after scrolling through 200 of them, dropping the least recently used', async () => {
    const { port } = fakePort();
    const order = new ListingIds(port);
    order.reset(listing);
    order.seed(Array.from({ length: 100 }, (_, at) => idAt(at)));
    for (let window = 0; window < 200; window++) {
      await order.slice(window * WINDOW, 100);
      // The first window stays in use (the grid reads its cells on every render), so it stays.
      expect(order.at(5)).toBe(idAt(5));
    }
    expect(order.held).toBeLessThanOrEqual(MAX_WINDOWS * WINDOW + 100);
    expect(order.at(199 * WINDOW)).toBe(idAt(199 * WINDOW));
    expect(order.at(150 * WINDOW)).toBeUndefined();
    expect(order.at(3)).toBe(idAt(3));
  });

  it('reads a wide range straight through in chunks and keeps none of it', async () => {
    const { port, asked } = fakePort();
    const order = new ListingIds(port);
    order.reset(listing);
    const range = await order.slice(10, 89_991);
    expect(range).toHaveLength(89_991);
    expect(range[0]).toBe(idAt(10));
    expect(range.at(-1)).toBe(idAt(90_000));
    expect(asked.every((entry) => entry.limit <= 20_000)).toBe(true);
    expect(order.held).toBe(0);
    // The end of the listing is bounded by its total, not by the stretch asked for.
    expect(await order.slice(TOTAL - 50, 100)).toHaveLength(50);
  });

  it('drops a window that answers after a refresh (its order may be stale) or for another listing', async () => {
    const { port, hold } = fakePort();
    const order = new ListingIds(port);
    order.reset(listing);
    const release = hold();
    const stale = order.slice(500_000, 10);
    order.drop();
    release();
    await stale;
    expect(order.at(500_000)).toBeUndefined();
    expect(order.held).toBe(0);
    const releaseAgain = hold();
    const old = order.slice(0, 10);
    order.reset({ path: '/item/get', params: {} } as never);
    releaseAgain();
    await old;
    expect(order.total).toBe(-1);
    expect(order.held).toBe(0);
  });

  it('answers nothing with no listing, rather than waiting for ever', async () => {
    const order = new ListingIds(fakePort().port);
    expect(await order.slice(0, 10)).toEqual([]);
  });
});
