// The resolved selection in chunked state rows (src/core/listing/selection-rows.ts): a page reads
// only the chunks it spans, counted as IndexedDB requests on the `state` store, so at 100,000
// selected ids a page costs what it costs at 1,000; a write stopped mid-way leaves the old
// selection whole; a selection stored before chunks (one row of ids) still reads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryDb } from '../../src/core/storage/library-db';
import { allSelected, SELECTION_CHUNK, SELECTION_KEY, selectionHeader, selectionSlice, writeSelection } from '../../src/core/listing/selection-rows';

const dbName = () => `selection-rows-${Math.random().toString(36).slice(2)}`;
const ids = (count: number, tag = 'i') => Array.from({ length: count }, (_, at) => `${tag}${at}`);

/**
 * IndexedDB read requests made on the `state` store while `run` runs (get, getAll, cursors, counts),
 * and the JSON size of what they answered.
 */
async function stateReads<T>(run: () => Promise<T>): Promise<{ result: T; reads: number; bytes: number }> {
  const store = globalThis.IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  let reads = 0;
  let bytes = 0;
  const spies = ['get', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'].map((method) => {
    const original = store[method]!;
    return vi.spyOn(store, method as never).mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      const request = original.apply(this, args) as IDBRequest;
      if (this.name === 'state') {
        reads += 1;
        request.addEventListener('success', () => (bytes += JSON.stringify(request.result ?? null).length));
      }
      return request;
    } as never);
  });
  try {
    const result = await run();
    return { result, reads, bytes };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the selection in chunked rows', () => {
  it('reads a page of a 100,000-id selection with as few requests as a page of a 1,000-id one', async () => {
    const db = new LibraryDb(dbName());
    const small = ids(1_000, 's');
    await writeSelection(db, small);
    const smallPage = await stateReads(() => selectionSlice(db, 200, 500));
    expect(smallPage.result).toEqual({ ids: small.slice(200, 700), total: 1_000, version: 1 });

    const big = ids(100_000, 'b');
    await writeSelection(db, big);
    const bigPage = await stateReads(() => selectionSlice(db, 70_200, 500));
    expect(bigPage.result).toEqual({ ids: big.slice(70_200, 70_700), total: 100_000, version: 2 });
    // The header and the one chunk holding the page, at either size.
    expect(smallPage.reads).toBe(2);
    expect(bigPage.reads).toBe(smallPage.reads);
    // And about as many bytes: a chunk, not the whole selection (one row of 100,000 ids is ~1 MB).
    expect(bigPage.bytes).toBeLessThan(smallPage.bytes * 2);
    expect(bigPage.bytes).toBeLessThan(40_000);
    // A page across a chunk boundary reads the two chunks, and the last page stops at the end.
    const across = await stateReads(() => selectionSlice(db, 2 * SELECTION_CHUNK - 10, 20));
    expect(across.result.ids).toEqual(big.slice(2 * SELECTION_CHUNK - 10, 2 * SELECTION_CHUNK + 10));
    expect(across.reads).toBe(3);
    expect((await selectionSlice(db, 99_990, 1_000)).ids).toEqual(big.slice(99_990));
    expect((await selectionSlice(db, 100_000, 10)).ids).toEqual([]);
    expect(await allSelected(db)).toEqual(big);
    // The small selection's chunks went with the flip: 100 chunk rows and the header are left.
    const keys = await db.state.where('key').startsWith(`${SELECTION_KEY}:`).primaryKeys();
    expect(keys.length).toBe(100_000 / SELECTION_CHUNK);
    db.close();
  }, 60_000);

  it('a write stopped mid-way leaves the old selection whole, and the next write drops its chunks', async () => {
    const db = new LibraryDb(dbName());
    const before = ids(2_500, 'old');
    const first = await writeSelection(db, before);
    // The worker dies after the first slice of chunks of a 30,000-id selection: its next write fails.
    const put = db.state.bulkPut.bind(db.state);
    let writes = 0;
    vi.spyOn(db.state, 'bulkPut').mockImplementation(((rows: never) => {
      writes += 1;
      if (writes > 1) throw new Error('worker stopped');
      return put(rows);
    }) as never);
    await expect(writeSelection(db, ids(30_000, 'new'))).rejects.toThrow('worker stopped');
    vi.restoreAllMocks();
    expect(await selectionHeader(db)).toEqual({ version: first.version, total: 2_500 });
    expect(await allSelected(db)).toEqual(before);
    expect(await db.state.where('key').startsWith(`${SELECTION_KEY}:`).count()).toBeGreaterThan(3);

    const after = await writeSelection(db, ['x', 'y']);
    expect(after.version).toBe(first.version + 1);
    expect(await allSelected(db)).toEqual(['x', 'y']);
    expect(await db.state.where('key').startsWith(`${SELECTION_KEY}:`).count()).toBe(1);
    // Nothing selected is one header and no chunk.
    await writeSelection(db, []);
    expect(await selectionSlice(db, 0, 10)).toEqual({ ids: [], total: 0, version: after.version + 1 });
    expect(await db.state.where('key').startsWith(`${SELECTION_KEY}:`).count()).toBe(0);
    db.close();
  });

  it('reads a selection stored before chunks, as one row of ids', async () => {
    const db = new LibraryDb(dbName());
    await db.state.put({ key: SELECTION_KEY, value: ['a', 'b', 'c'] });
    expect(await selectionSlice(db, 1, 5)).toEqual({ ids: ['b', 'c'], total: 3, version: 0 });
    expect(await selectionHeader(db)).toEqual({ version: 0, total: 3 });
    await writeSelection(db, ['d']);
    expect(await allSelected(db)).toEqual(['d']);
    db.close();
  });
});
