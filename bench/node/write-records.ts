/**
 * Counts the IndexedDB records each 1,000-item item/add batch of the bench's seeding writes and
 * reads, per table, in node on fake-indexeddb: the bench plan's items (same seed, same inputs as
 * bench/page/scenarios/seeding.ts) through the real createApi, with every object-store and index
 * request counted. IndexedDB charges per record (docs/decisions/write-path-profile.md), so a batch
 * whose counts grow with the library's size is a write path whose cost grows with it.
 *
 *   npx tsx bench/node/write-records.ts [items=100000] [every=10]
 *
 * Prints one line per `every`-th batch (and the first five): records and bytes written and read
 * by table, and the postings table's layout (packs, big term lists).
 */
import 'fake-indexeddb/auto';
import { createApi } from '../../src/core';
import { TinyPngs } from '../page/seed/tiny-png';
import { toAddInput } from '../page/seed/add-inputs';
import { planLibrary } from '../data/library-plan';
import { DEFAULTS } from '../driver/settings';
import { BATCH_SIZE } from '../page/scenarios/seeding';
import { PACKS_LIST } from '../../src/core/postings/term-packs';
import type { PackRow } from '../../src/core/storage/rows';

(globalThis as { self?: unknown }).self ??= globalThis;

interface Tally {
  writes: number;
  writeBytes: number;
  reads: number;
  readBytes: number;
  requests: number;
}
const tallies = new Map<string, Tally>();
const tally = (store: string) => {
  let t = tallies.get(store);
  if (!t) tallies.set(store, (t = { writes: 0, writeBytes: 0, reads: 0, readBytes: 0, requests: 0 }));
  return t;
};
const sizeOf = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value, (_, v) => (v instanceof Blob ? `blob:${v.size}` : v))?.length ?? 0);

function countRequests(proto: object, storeOf: (self: never) => string): void {
  const methods = proto as Record<string, (...args: unknown[]) => IDBRequest>;
  for (const name of ['put', 'add']) {
    const original = methods[name];
    if (!original) continue;
    methods[name] = function (this: never, value: unknown, ...rest: unknown[]) {
      const t = tally(storeOf(this));
      t.writes += 1;
      t.requests += 1;
      t.writeBytes += sizeOf(value);
      return original.call(this, value, ...rest);
    };
  }
  for (const name of ['delete', 'clear']) {
    const original = methods[name];
    if (!original) continue;
    methods[name] = function (this: never, ...args: unknown[]) {
      const t = tally(storeOf(this));
      t.writes += 1;
      t.requests += 1;
      return original.call(this, ...args);
    };
  }
  for (const name of ['get', 'getKey', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor']) {
    const original = methods[name];
    if (!original) continue;
    methods[name] = function (this: never, ...args: unknown[]) {
      const store = storeOf(this);
      tally(store).requests += 1;
      const request = original.call(this, ...args);
      request.addEventListener('success', () => {
        const t = tally(store);
        const result = request.result as unknown;
        if (name === 'count') return;
        if (name === 'getAll' || name === 'getAllKeys') {
          t.reads += (result as unknown[]).length;
          t.readBytes += sizeOf(result);
        } else if (name === 'openCursor' || name === 'openKeyCursor') {
          if (!result) return;
          const cursor = result as IDBCursor & { value?: unknown };
          t.reads += 1;
          t.readBytes += sizeOf(cursor.value ?? cursor.primaryKey);
        } else if (result !== undefined) {
          t.reads += 1;
          t.readBytes += sizeOf(result);
        }
      });
      return request;
    };
  }
}
countRequests(IDBObjectStore.prototype, (store: IDBObjectStore) => store.name);
countRequests(IDBIndex.prototype, (index: IDBIndex) => `${index.objectStore.name}`);

const total = Number(process.argv[2] ?? 100_000);
const every = Number(process.argv[3] ?? 10);
const api = createApi({ namespace: `records-${process.pid}` });
const post = async <T>(path: string, body: unknown, library?: string): Promise<T> => {
  const response = await api.handle(
    new Request(`http://localhost/api/v2${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(library ? { 'X-Library-Path': library } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await response.json()) as { status: string; data: T; message?: string };
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer.data;
};

const { path } = await post<{ path: string }>('/library/create', { name: 'records' });
const plan = planLibrary(DEFAULTS.seed);
const folderIds = new Map<string, string>();
for (const folder of plan.folders) {
  const parent = folder.parentKey ? folderIds.get(folder.parentKey) : undefined;
  const created = await post<{ id: string }>('/folder/create', { name: folder.name, ...(parent ? { parent } : {}) }, path);
  folderIds.set(folder.key, created.id);
}
const library = await api.open(await api.registry.require(path));
const pngs = new TinyPngs();
const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
let batchNo = 0;
let seeded = 0;
const started = Date.now();
for (const batch of plan.batches(total, BATCH_SIZE, DEFAULTS.imageShare)) {
  batchNo += 1;
  const items = await Promise.all(batch.map((item) => toAddInput(item, folderIds, pngs)));
  tallies.clear();
  const t0 = Date.now();
  await post('/item/add', { items }, path);
  const ms = Date.now() - t0;
  seeded += batch.length;
  if (batchNo > 5 && batchNo % every !== 0) continue;
  const rows = [...tallies].sort(([a], [b]) => (a < b ? -1 : 1));
  const sum = (pick: (t: Tally) => number) => rows.reduce((s, [, t]) => s + pick(t), 0);
  const packs = (await library.db.postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, '\uffff']).toArray()) as PackRow[];
  const big = packs.reduce((s, p) => s + Object.keys(p.big).length, 0);
  const packed = packs.reduce((s, p) => s + Object.keys(p.lists).length, 0);
  const packBytes = packs.map(sizeOf);
  const blocks = await library.db.postings.count();
  console.log(
    `batch ${batchNo} (after ${seeded}, ${ms} ms): writes ${sum((t) => t.writes)} (${k(sum((t) => t.writeBytes))} B), reads ${sum((t) => t.reads)} (${k(sum((t) => t.readBytes))} B), requests ${sum((t) => t.requests)}` +
      ` | packs ${packs.length} (${k(packBytes.reduce((s, n) => s + n, 0))} B, largest ${k(Math.max(0, ...packBytes))} B), packed lists ${packed}, big term lists ${big}, postings rows ${blocks}`,
  );
  for (const [store, t] of rows) {
    if (t.requests === 0) continue;
    console.log(`   ${store.padEnd(18)} w ${String(t.writes).padStart(5)} ${k(t.writeBytes).padStart(6)}B  r ${String(t.reads).padStart(6)} ${k(t.readBytes).padStart(6)}B  req ${t.requests}`);
  }
}
console.log(`seeded ${seeded} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
