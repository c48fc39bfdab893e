// ListingIds on a first load: a stretch deep in a big listing is answered as soon as the request
// holding it answers, before the rest; the owner hears of each fill (the grid paints those cells).
import { describe, expect, it } from 'vitest';
import { ListingIds } from '../../src/app/grid/listing-ids';
import type { LoosePort as ApiPort } from '../loose-client';

const TOTAL = 100_000;
const idAt = (index: number) => `id${index}`;

/** item/ids over TOTAL made-up ids; each answer waits until the test releases its offset. */
function heldPort() {
  const held = new Map<number, () => void>();
  const asked: number[] = [];
  const port: ApiPort = {
    get: () => Promise.reject(new Error('not used')),
    async post<T>(_path: string, body?: unknown) {
      const { offset, limit } = body as { offset: number; limit: number };
      asked.push(offset);
      await new Promise<void>((resolve) => held.set(offset, resolve));
      const ids = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, at) => idAt(offset + at));
      return { ids, total: TOTAL } as T;
    },
  };
  const release = async (offset: number) => {
    for (let tries = 0; !held.has(offset) && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 1));
    held.get(offset)!();
    await new Promise((resolve) => setTimeout(resolve, 1));
  };
  return { port, asked, release };
}

describe('ListingIds, first load', () => {
  it('answers a deep stretch once its request is in, before the rest of the listing', async () => {
    const { port, asked, release } = heldPort();
    let fills = 0;
    const order = new ListingIds(port, () => (fills += 1));
    order.reset({ path: '/item/get', params: {} } as never);
    const deep = order.slice(61_000, 100);
    let answered: string[] | null = null;
    void deep.then((ids) => (answered = ids));
    await release(0);
    expect(asked.sort((a, b) => a - b)).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
    await release(80_000);
    expect(answered).toBeNull();
    await release(60_000);
    expect(answered).toEqual(Array.from({ length: 100 }, (_, at) => idAt(61_000 + at)));
    expect(order.loaded).toBe(false);
    expect(fills).toBe(3);
    // The end of the listing is bounded by its total, not by the stretch asked for.
    expect(await order.slice(99_950, 100)).toHaveLength(50);
    await release(20_000);
    await release(40_000);
    await order.whenLoaded();
    expect(order.at(TOTAL - 1)).toBe(idAt(TOTAL - 1));
  });

  it('answers at once with no listing, rather than waiting for ever', async () => {
    const order = new ListingIds(heldPort().port);
    await order.whenLoaded();
    expect(await order.slice(0, 10)).toEqual([]);
  });

  it('drops the old answers when a refresh starts during the first load', async () => {
    const { port, release } = heldPort();
    const order = new ListingIds(port);
    order.reset({ path: '/item/get', params: {} } as never);
    void order.load();
    await release(0);
    expect(order.at(5)).toBe(idAt(5));
    void order.load(true);
    expect(order.at(5)).toBeUndefined();
  });
});
