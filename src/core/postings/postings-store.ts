/**
 * Posting lists: for each list name, the keys (pks) of its items, sorted, stored in blocks of at
 * most BLOCK_SIZE keys. One read returns a whole list, however long, at a small fraction of what
 * reading the same keys from a Dexie index costs, because IndexedDB pays per record and a block is
 * one record (docs/decisions/posting-lists.md).
 *
 * A block's `fence` routes keys to it: a key belongs to the block with the largest fence not above
 * it, or to the first block when every fence is above it. Splitting a block gives each new block
 * its first key as fence; an emptied block is deleted. Concatenating a list's blocks in fence order
 * therefore gives its keys in ascending order.
 *
 * A term list's newest keys (all of a small list's) are not in blocks but in its tail, in a pack
 * record shared with other term lists (term-packs.ts); the readers and applyPostings below look
 * there for them.
 */
import Dexie from 'dexie';
import { ascendingUnique, keysOf } from './key-sets';
import { ALL_ITEMS_LIST, facetList } from './posting-lists';
import { TRASHED } from '../storage/counts';
import { isPacked, PackEdits, readTail, readTailsStartingWith, TAIL_LIMIT, type PackedEntry } from './term-packs';
import type { LibraryDb } from '../storage/library-db';
import type { PostingRow } from '../storage/rows';

export const BLOCK_SIZE = 512;

type BlockKey = [list: string, fence: string];

/** Per list, per item key: whether the item is on the list after the change. */
export type PostingDelta = Map<string, Map<string, boolean>>;

/** A list's blocks, in fence order (never a pack: no list is named PACKS_LIST). */
const blocksOf = (db: LibraryDb, list: string) =>
  db.postings.where('[list+fence]').between([list, ''], [list, Dexie.maxKey], true, true) as unknown as Dexie.Collection<PostingRow, BlockKey>;

const keysOfBlocks = (blocks: readonly PostingRow[]) => (blocks.length === 1 ? blocks[0]!.pks : blocks.flatMap((block) => block.pks));

/** The keys on `list`, ascending. A term list's blocks and its tail (every key above them) are read at once. */
export async function readList(db: LibraryDb, list: string): Promise<string[]> {
  if (!isPacked(list)) return keysOfBlocks(await blocksOf(db, list).toArray());
  const [blocks, tail] = await Promise.all([blocksOf(db, list).toArray(), readTail(db, list)]);
  const keys = keysOfBlocks(blocks);
  return tail.length === 0 ? keys : keys.length === 0 ? tail : [...keys, ...tail];
}

/** The keys on any list whose name starts with `prefix`, ascending, each once. */
export async function readListsStartingWith(db: LibraryDb, prefix: string): Promise<string[]> {
  const [blocks, tails] = await Promise.all([
    db.postings.where('[list+fence]').between([prefix, ''], [`${prefix}\uffff`, ''], true, false).toArray() as Promise<PostingRow[]>,
    isPacked(prefix) ? readTailsStartingWith(db, prefix) : [],
  ]);
  const lists = new Set([...blocks.map((block) => block.list), ...tails.map(([name]) => name)]).size;
  // One list: its blocks in fence order, then its tail, is ascending already.
  const keys = [...blocks.flatMap((block) => block.pks), ...tails.flatMap(([, pks]) => pks)];
  return lists <= 1 ? keys : ascendingUnique(keys);
}

/** The keys on any of `lists`, ascending, each once. */
export async function readAnyList(db: LibraryDb, lists: readonly string[]): Promise<string[]> {
  return keysOf([...(await readManyLists(db, lists)).values()]);
}

/**
 * The keys on each of `lists` (all named `prefix…`), by name, from one range of blocks and one of
 * packs: the work is the prefix's postings, however many lists are asked for. For many lists at
 * once (item/get with 1,000 tags), where a read per list costs a request each.
 */
export async function readListsNamed(db: LibraryDb, prefix: string, lists: readonly string[]): Promise<Map<string, string[]>> {
  const wanted = new Map(lists.map((list): [string, string[]] => [list, []]));
  const [blocks, tails] = await Promise.all([
    db.postings.where('[list+fence]').between([prefix, ''], [`${prefix}\uffff`, ''], true, false).toArray() as Promise<PostingRow[]>,
    isPacked(prefix) ? readTailsStartingWith(db, prefix) : [],
  ]);
  // Blocks come in [list+fence] order and a tail holds the keys above its list's blocks: appended, each list stays ascending.
  for (const block of blocks) wanted.get(block.list)?.push(...block.pks);
  for (const [name, tail] of tails) wanted.get(name)?.push(...tail);
  return wanted;
}

/** Past this many lists, `readManyLists` reads each kind of list in one pass instead of a read per list. */
export const MANY_LISTS = 32;

/**
 * The keys on each of `lists`, by name. Few lists are read one by one (each read is small); many
 * (item/get with 10,000 tags, a 30x30 smart folder) are read one pass per kind (`tag:`, `folder:`,
 * …), so the work is bounded by the library's postings, not by how many names a request lists.
 */
export async function readManyLists(db: LibraryDb, lists: readonly string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(lists)];
  if (unique.length <= MANY_LISTS) return new Map(await Promise.all(unique.map(async (list): Promise<[string, string[]]> => [list, await readList(db, list)])));
  const byKind = new Map<string, string[]>();
  for (const list of unique) {
    const kind = list.slice(0, list.indexOf(':') + 1);
    const named = byKind.get(kind);
    if (named) named.push(list);
    else byKind.set(kind, [list]);
  }
  const read = await Promise.all(
    [...byKind].map(async ([kind, named]) =>
      kind === '' || named.length <= MANY_LISTS ? new Map(await Promise.all(named.map(async (list): Promise<[string, string[]]> => [list, await readList(db, list)]))) : readListsNamed(db, kind, named),
    ),
  );
  return new Map(read.flatMap((map) => [...map]));
}

/**
 * Every item's key, ascending (trashed ones too): the `all` list, a few hundred small records. Not
 * the items table's keys, whose read walks the rows themselves: in a worker that had just started,
 * 100,000 of them took over a second, and the library's other requests waited behind it.
 */
export const readAllItemKeys = (db: LibraryDb): Promise<string[]> => readList(db, ALL_ITEMS_LIST);

/** The keys of the items in the trash (few), to leave out of listings. */
export async function readTrashedKeys(db: LibraryDb): Promise<Set<string>> {
  return new Set(await readList(db, facetList(TRASHED)));
}

/** Records that item `pk` moved from the lists `before` to the lists `after`. */
export function notePostings(delta: PostingDelta, pk: string, before: readonly string[], after: readonly string[]): void {
  const had = new Set(before);
  const has = new Set(after);
  const note = (list: string, present: boolean) => {
    let entries = delta.get(list);
    if (!entries) delta.set(list, (entries = new Map()));
    entries.set(pk, present);
  };
  for (const list of had) if (!has.has(list)) note(list, false);
  for (const list of has) if (!had.has(list)) note(list, true);
}

interface BlockEdit {
  list: string;
  fence: string;
  /** The block as stored; absent for a list's first block. */
  row?: PostingRow;
  entries: [string, boolean][];
}

/**
 * Writes `delta` into the lists; call it inside the write transaction. Term lists read their packs
 * first (term-packs.ts): a key above the list's blocks is added to or removed from its tail there;
 * a tail grown past TAIL_LIMIT moves into the blocks; a key at or below the blocks' bound (an older
 * item edited, or a published library's load, which stores the newest items first) goes to its block. Lists in blocks read each one's last block (one request): new
 * items have the largest keys, so adds usually all land there. Only lists with a change further
 * back also read their fences and the blocks those changes route to.
 */
export async function applyPostings(db: LibraryDb, delta: PostingDelta): Promise<void> {
  if (delta.size === 0) return;
  const termLists = [...delta.keys()].filter(isPacked);
  const packs = termLists.length ? await PackEdits.load(db, termLists) : undefined;
  const blockDelta: PostingDelta = new Map();
  for (const [list, entries] of delta) {
    if (packs && isPacked(list)) {
      const toBlocks = applyToTail(packs, list, entries);
      if (toBlocks.size) blockDelta.set(list, toBlocks);
    } else blockDelta.set(list, entries);
  }
  // Only Dexie requests are awaited in here: a bare await of a settled native promise can let
  // fake-indexeddb (the node tests) commit the transaction early.
  const shrunk = blockDelta.size ? await applyToBlocks(db, blockDelta) : [];
  if (!packs) return;
  // Rare (a block emptied by removals): one request each, in turn, to see if any block is left.
  for (const list of new Set(shrunk.filter(isPacked))) {
    if (!(await blocksOf(db, list).first())) packs.set(list, { tail: packs.entry(list).tail });
  }
  await packs.finish();
}

/** Edits a term list's tail in its pack; returns the entries its blocks take (a full tail's keys too). */
function applyToTail(packs: PackEdits, list: string, entries: ReadonlyMap<string, boolean>): Map<string, boolean> {
  const { tail, after } = packs.entry(list);
  const toTail: [string, boolean][] = [];
  const toBlocks = new Map<string, boolean>();
  for (const [pk, present] of entries) {
    if (after === undefined || pk > after) toTail.push([pk, present]);
    else toBlocks.set(pk, present);
  }
  const next: PackedEntry = { tail: toTail.length ? edited(tail, toTail) : tail, ...(after === undefined ? {} : { after }) };
  if (next.tail.length > TAIL_LIMIT) {
    // Every tail key is above every block key: they append to the last block.
    for (const pk of next.tail) toBlocks.set(pk, true);
    next.after = next.tail[next.tail.length - 1]!;
    next.tail = [];
  }
  packs.set(list, next);
  return toBlocks;
}

/** Writes the block lists' changes; returns the lists that lost a block. */
async function applyToBlocks(db: LibraryDb, delta: PostingDelta): Promise<string[]> {
  const lists = [...delta.keys()];
  const puts: PostingRow[] = [];
  const lasts = await Promise.all(lists.map((list) => blocksOf(db, list).last()));
  const edits: BlockEdit[] = [];
  const further: string[] = [];
  lists.forEach((list, i) => {
    const last = lasts[i];
    const entries = [...delta.get(list)!];
    if (!last) edits.push({ list, fence: '', entries });
    else if (entries.every(([pk]) => pk >= last.fence)) edits.push({ list, fence: last.fence, row: last, entries });
    else further.push(list);
  });
  edits.push(...(await editsRoutedByFence(db, further, delta)));

  const deletes: BlockKey[] = [];
  for (const { list, fence, row, entries } of edits) {
    const pks = edited(row?.pks ?? [], entries);
    if (pks.length === 0) {
      if (row) deletes.push([list, fence]);
      continue;
    }
    const blocks = blocksFor(list, fence, pks);
    // Keys appended past a full block leave it as it was: only the blocks after it are written.
    if (row && row.pks.length === BLOCK_SIZE && sameKeys(blocks[0]!.pks, row.pks)) blocks.shift();
    puts.push(...blocks);
  }
  if (deletes.length) await db.postings.bulkDelete(deletes);
  if (puts.length) await db.postings.bulkPut(puts);
  return deletes.map(([list]) => list);
}

/** The general case: each list's fences read, its entries grouped by the block they route to. */
async function editsRoutedByFence(db: LibraryDb, lists: readonly string[], delta: PostingDelta): Promise<BlockEdit[]> {
  if (lists.length === 0) return [];
  const fences = await Promise.all(lists.map(async (list) => (await blocksOf(db, list).primaryKeys()) as unknown as BlockKey[]));
  const wanted: BlockKey[] = [];
  const groups: { list: string; block: number; entries: [string, boolean][] }[] = [];
  lists.forEach((list, i) => {
    const keys = fences[i]!;
    const byBlock = new Map<number, [string, boolean][]>();
    for (const entry of delta.get(list)!) {
      const block = blockFor(keys, entry[0]);
      let entries = byBlock.get(block);
      if (!entries) byBlock.set(block, (entries = []));
      entries.push(entry);
    }
    for (const [block, entries] of byBlock) groups.push({ list, block, entries });
    for (const block of byBlock.keys()) wanted.push(keys[block]!);
  });
  const rows = (await db.postings.bulkGet(wanted)) as (PostingRow | undefined)[];
  return groups.map(({ list, entries }, i) => ({ list, fence: wanted[i]![1], row: rows[i], entries }));
}

/** Sorted keys as full blocks: the first keeps `fence`, each later one is fenced by its first key. */
export function blocksFor(list: string, fence: string, pks: readonly string[]): PostingRow[] {
  const blocks: PostingRow[] = [];
  for (let at = 0; at < pks.length; at += BLOCK_SIZE) blocks.push({ list, fence: at === 0 ? fence : pks[at]!, pks: pks.slice(at, at + BLOCK_SIZE) });
  return blocks;
}

/** Index of the block that `pk` belongs to: the last fence not above it, else the first block. */
function blockFor(keys: readonly BlockKey[], pk: string): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (keys[mid]![1] <= pk) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, i) => key === b[i]);

/** A sorted key list with the entries applied, still sorted. */
function edited(pks: readonly string[], entries: readonly [string, boolean][]): string[] {
  const last = pks[pks.length - 1];
  const adds = entries.filter(([, present]) => present).map(([pk]) => pk).sort();
  if (adds.length === entries.length && (last === undefined || adds[0]! > last)) return [...pks, ...adds];
  const keys = new Set(pks);
  for (const [pk, present] of entries) {
    if (present) keys.add(pk);
    else keys.delete(pk);
  }
  return adds.length ? [...keys].sort() : [...keys];
}
