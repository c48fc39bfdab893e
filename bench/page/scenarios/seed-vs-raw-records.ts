/**
 * Seeding against the floor a person sees (issue 45): the bookmarks they send (tags, notes, no
 * images), 1,000 a batch through POST /api/v2/item/add into a library of its own, against raw
 * IndexedDB puts of the same submitted records, 1,000 a transaction, into an object store with a
 * multiEntry tags index. The two sides take turns batch by batch (the order alternating). After
 * each batch, untimed, a query must find that batch's newest item: a word search (term lists) and
 * a tag-and-folder filter (tag and folder lists), so a faster write that a read misses shows here.
 *
 * The note also gives the floor of our own design, as shares of the records floor in the same
 * rounds: our item rows alone (every Dexie index of the items table, no upkeep), and the same rows
 * in a store with only the indexes an equality filter walks, and with only the tags index (what
 * the items table's range and order indexes cost, and what all of them cost).
 */
import Dexie from 'dexie';
import { ApiClient, apiUrl, LIBRARY_HEADER } from '../../../tests/loose-client';
import { createIdGenerator } from '../../../src/core/ids';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { planLibrary, type PlannedItem } from '../../data/library-plan';
import type { Page } from '../direct-queries';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';
import { toAddInput, type AddInput } from '../seed/add-inputs';
import { createPlannedFolders, type FolderIds } from '../seed/folders';
import { toRawBatch, writeRawBatch } from '../seed/raw-rows';
import { TinyPngs } from '../seed/tiny-png';
import { BATCH_SIZE } from './seeding';

const ROW = 'seed-vs-raw-records';
/** The items table's keys and the indexes equality filters walk newest first (no range or order index). */
const EQUALITY_INDEXES = 'pk, &id, *tags, *folders, *facets, ext, star';

export const seedVsRawRecords: Scenario = {
  id: ROW,
  label: 'seeding bookmarks via item/add (batches of 1000) vs raw IndexedDB puts',
  unit: 'items/s',
  goal: { maxRatio: 2.5 },
  standalone: true,
  async measure(ctx) {
    const { n, seed } = ctx.settings;
    const plan = planLibrary(seed);
    const library = await ctx.newLibrary('records');
    const api = new ApiClient({ library });
    const folders = await createPlannedFolders(api, plan.folders);
    const folderIds: FolderIds = 'reason' in folders ? new Map() : folders;
    const pngs = new TinyPngs();
    const recordsName = `bench-records${ctx.library}`;
    const rowsName = `bench-rows${ctx.library}`;
    ctx.scratch.push(recordsName, rowsName);
    const records = await openRecordsDb(recordsName);
    const bareRows = await openRecordsDb(`${recordsName}-rows`, 'pk');
    const equalityRows = new Dexie(`${recordsName}-equality`);
    equalityRows.version(1).stores({ items: EQUALITY_INDEXES });
    ctx.scratch.push(`${recordsName}-rows`, `${recordsName}-equality`);
    const rows = new LibraryDb(rowsName);
    const nextId = createIdGenerator(Date.now);

    const samples: number[] = [];
    const rawSamples: number[] = [];
    const rowSamples: number[] = [];
    const bareRowSamples: number[] = [];
    const equalitySamples: number[] = [];
    let seeded = 0;
    let checked = 0;
    let round = 0;
    for (const batch of plan.batches(n, BATCH_SIZE, 0)) {
      const inputs = await Promise.all(batch.map((item) => toAddInput(item, folderIds, pngs)));
      const body = JSON.stringify({ items: inputs });
      const submitted = inputs.map((input) => ({ id: nextId(), ...input }));
      const rowBatch = await toRawBatch(batch, folderIds, pngs, nextId, Date.now());
      const sides = [
        async () => samples.push(rate(batch.length, await timed(() => addBatch(library, body, batch.length)))),
        async () => rawSamples.push(rate(batch.length, await timed(() => putRecords(records, submitted)))),
        async () => rowSamples.push(rate(batch.length, await timed(() => writeRawBatch(rows, rowBatch)))),
        async () => bareRowSamples.push(rate(batch.length, await timed(() => putRecords(bareRows, rowBatch.items)))),
        async () => equalitySamples.push(rate(batch.length, await timed(() => equalityRows.transaction('rw', 'items', () => equalityRows.table('items').bulkAdd(rowBatch.items))))),
      ];
      for (const side of round++ % 2 ? sides.reverse() : sides) await side();
      seeded += batch.length;
      checked += await findsNewest(api, batch, inputs.at(-1)!);
      if (seeded % (BATCH_SIZE * 10) === 0 || seeded === n) await ctx.driver.log(`${ROW}: ${seeded}/${n}`);
    }
    records.close();
    bareRows.close();
    equalityRows.close();
    rows.close();

    const counted = await api.get<number>('/item/countAll');
    if (counted !== n) throw new Error(`${ROW}: seeded ${n} items, but item/countAll answers ${counted}.`);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const share = (values: number[]) => `${Math.round((100 * median(values)) / median(rawSamples))} %`;
    return {
      samples,
      baseline: { label: 'raw IndexedDB puts of the submitted records (multiEntry tags index), 1,000 a transaction', samples: rawSamples },
      note:
        `${n} bookmarks; item/add at ${share(samples)} of the records floor; ` +
        `our item rows alone (Dexie bulkAdd, every items index, no upkeep) at ${share(rowSamples)} (${Math.round(median(rowSamples))} items/s), ` +
        `with only the equality indexes (${EQUALITY_INDEXES}) at ${share(equalitySamples)}, ` +
        `with only the tags index (raw puts) at ${share(bareRowSamples)}; ` +
        `a query after each batch found its newest item ${checked}/${samples.length} times (word search and tag+folder filter)`,
    };
  },
};

async function addBatch(library: string, body: string, count: number): Promise<void> {
  const response = await fetch(apiUrl('/item/add'), { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library }, body });
  const answer = (await response.json()) as { data?: { ids?: string[] }; message?: string };
  if (response.status !== 200 || answer.data?.ids?.length !== count) throw new Error(`${ROW}: item/add answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
}

/** 1 when both reads find the batch's newest item; throws when either misses it (a read-after-write lost). */
async function findsNewest(api: ApiClient, batch: readonly PlannedItem[], newest: AddInput): Promise<number> {
  const filters = { ...(newest.tags[0] ? { tags: newest.tags[0] } : {}), ...(newest.folders[0] ? { folders: newest.folders[0] } : {}) };
  const page = (await api.get<Page<{ id: string; name: string }>>('/item/get', { limit: 1, ...filters })).data;
  const id = page[0]?.id;
  if (!id || page[0]!.name !== newest.name) throw new Error(`${ROW}: item/get did not find the newest item of the batch ("${newest.name}")`);
  const word = newest.name.split(/\s+/).find((w) => /^[a-z]{3,}$/i.test(w)) ?? batch.at(-1)!.name;
  const found = (await api.post<Page<{ id: string }>>('/item/query', { query: word, limit: 1 })).data;
  if (found[0]?.id !== id) throw new Error(`${ROW}: item/query "${word}" did not find the batch's newest item first`);
  return 1;
}

/** The floor: the submitted records as they are, an object store keyed by id with a multiEntry tags index. */
function openRecordsDb(name: string, keyPath = 'id'): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('records', { keyPath }).createIndex('tags', 'tags', { multiEntry: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function putRecords(db: IDBDatabase, records: readonly object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('records', 'readwrite');
    const store = tx.objectStore('records');
    for (const record of records) store.put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const rate = (count: number, ms: number) => (count / ms) * 1000;
