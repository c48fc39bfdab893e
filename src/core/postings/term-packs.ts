/**
 * Term-list packs (docs/decisions/write-path-profile.md): most term lists are a few keys long and a
 * batch of new items touches thousands of them, one or two keys each. IndexedDB charges per record,
 * so small term lists share records: packs, rows of the postings table under PACKS_LIST, each
 * holding the small lists of one range of list names, like a B-tree leaf. A list name belongs to
 * the pack with the largest fence not above it (a name below every fence makes a pack fenced '').
 * A list that outgrows LIST_LIMIT keys moves to blocks of its own (postings-store.ts) and stays
 * there until it empties; its pack names it in `big`, so a write knows where every list lives from
 * the packs alone. A pack over PACK_SIZE entries splits into packs of at most half that, the new
 * ones fenced by their first name; an emptied pack is deleted. Prefix searches still read one
 * range: the packs from the one covering the prefix to the last one starting inside it.
 */
import Dexie, { type Table } from 'dexie';
import type { PackRow, PostingRow } from '../storage/rows';

/** What packs need of a LibraryDb (not imported: the upgrade step in library-db.ts uses this file). */
interface LibraryDb {
  postings: Table<PostingRow | PackRow, [string, string]>;
}

/** The `list` of every pack row; sorts before every real list name. */
export const PACKS_LIST = '#packs';
/** Only term lists are packed: item lists (all, tags, folders...) are few and mostly long. */
export const isPacked = (list: string) => list.startsWith('term:');
/** A packed list with more keys than this moves to blocks of its own. */
export const LIST_LIMIT = 256;
/** Keys plus big names a pack may hold before it splits. */
export const PACK_SIZE = 4096;

export const isPack = (row: PostingRow | PackRow): row is PackRow => row.list === PACKS_LIST;

const packsUpTo = (db: LibraryDb, upper: string) =>
  db.postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, upper], true, true).reverse();

/** The pack covering `list`, if any. */
async function packOf(db: LibraryDb, list: string): Promise<PackRow | undefined> {
  return (await packsUpTo(db, list).first()) as PackRow | undefined;
}

/** The keys of `list` if it is packed, else undefined (absent or in blocks). */
export async function readPackedList(db: LibraryDb, list: string): Promise<string[] | undefined> {
  return (await packOf(db, list))?.lists[list];
}

/** The packed lists whose names start with `prefix`: one range of packs, read backwards. */
export async function readPackedListsStartingWith(db: LibraryDb, prefix: string): Promise<string[][]> {
  const packs = (await packsUpTo(db, `${prefix}\uffff`).until((row) => row.fence <= prefix, true).toArray()) as PackRow[];
  return packs.flatMap((pack) => Object.entries(pack.lists).flatMap(([name, pks]) => (name.startsWith(prefix) ? [pks] : [])));
}

/**
 * Lists laid out as packs and blocks, the way a rebuild and the upgrade write them: term lists of at
 * most LIST_LIMIT keys packed, every other list in blocks (`toBlocks`).
 */
export function packedLayout(lists: ReadonlyMap<string, readonly string[]>, toBlocks: (list: string, pks: readonly string[]) => PostingRow[]): (PostingRow | PackRow)[] {
  const rows: (PostingRow | PackRow)[] = [];
  const entries = new Map<string, string[] | null>();
  for (const [list, pks] of lists) {
    if (pks.length === 0) continue;
    const packed = isPacked(list) && pks.length <= LIST_LIMIT;
    if (!packed) rows.push(...toBlocks(list, pks));
    if (isPacked(list)) entries.set(list, packed ? [...pks] : null);
  }
  rows.push(...packsFor('', entries));
  return rows;
}

/** Entries (list → keys, or null for a big list) as packs of at most PACK_SIZE / 2, the first fenced `fence`. */
function packsFor(fence: string, entries: ReadonlyMap<string, string[] | null>): PackRow[] {
  const packs: PackRow[] = [];
  let pack: PackRow | undefined;
  let packSize = 0;
  for (const name of [...entries.keys()].sort()) {
    const pks = entries.get(name)!;
    const size = pks ? pks.length : 1;
    if (!pack || (packSize > 0 && packSize + size > PACK_SIZE / 2)) {
      pack = { list: PACKS_LIST, fence: pack ? name : fence, lists: {}, big: [] };
      packs.push(pack);
      packSize = 0;
    }
    packSize += size;
    if (pks) pack.lists[name] = pks;
    else pack.big.push(name);
  }
  return packs;
}

/** The packs a write touches, read once, edited in memory, written back by `finish`. */
export class PackEdits {
  private constructor(
    private readonly db: LibraryDb,
    /** Fences of every pack, ascending. */
    private readonly fences: string[],
    /** Touched packs by fence (a new first pack under ''), with their contents as entries. */
    private readonly packs: Map<string, { stored: boolean; entries: Map<string, string[] | null> }>,
  ) {}

  /** Reads the fences of all packs (keys only) and the packs covering `lists`. */
  static async load(db: LibraryDb, lists: readonly string[]): Promise<PackEdits> {
    const keys = (await db.postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, Dexie.maxKey], true, true).primaryKeys()) as unknown as [string, string][];
    const fences = keys.map(([, fence]) => fence);
    const wanted = [...new Set(lists.flatMap((list) => coveringFence(fences, list) ?? []))].map((fence): [string, string] => [PACKS_LIST, fence]);
    // No request for no packs: awaiting only native promises would let IndexedDB commit the transaction.
    const rows = wanted.length ? ((await db.postings.bulkGet(wanted)) as (PackRow | undefined)[]) : [];
    const packs = new Map<string, { stored: boolean; entries: Map<string, string[] | null> }>();
    for (const row of rows) {
      if (!row) continue;
      const entries = new Map<string, string[] | null>(Object.entries(row.lists));
      for (const name of row.big) entries.set(name, null);
      packs.set(row.fence, { stored: true, entries });
    }
    return new PackEdits(db, fences, packs);
  }

  private entriesOf(list: string): Map<string, string[] | null> {
    const fence = coveringFence(this.fences, list) ?? '';
    let pack = this.packs.get(fence);
    if (!pack) this.packs.set(fence, (pack = { stored: false, entries: new Map() }));
    return pack.entries;
  }

  /** True when `list` lives in blocks of its own. */
  inBlocks(list: string): boolean {
    return this.entriesOf(list).get(list) === null;
  }

  /** The packed keys of `list` (empty for a new list). */
  keysOf(list: string): string[] {
    return this.entriesOf(list).get(list) ?? [];
  }

  /** Sets a packed list's keys; over LIST_LIMIT it becomes big (the caller writes its blocks). */
  setKeys(list: string, pks: string[]): 'packed' | 'big' {
    const entries = this.entriesOf(list);
    if (pks.length > LIST_LIMIT) {
      entries.set(list, null);
      return 'big';
    }
    if (pks.length === 0) entries.delete(list);
    else entries.set(list, pks);
    return 'packed';
  }

  /** A big list's blocks are all gone. */
  dropBig(list: string): void {
    this.entriesOf(list).delete(list);
  }

  /** Writes back every touched pack, split or deleted as its size asks. */
  async finish(): Promise<void> {
    const puts: PackRow[] = [];
    const deletes: [string, string][] = [];
    for (const [fence, { stored, entries }] of this.packs) {
      const size = [...entries.values()].reduce((sum, pks) => sum + (pks ? pks.length : 1), 0);
      if (size === 0) {
        if (stored) deletes.push([PACKS_LIST, fence]);
      } else if (size > PACK_SIZE) puts.push(...packsFor(fence, entries));
      else puts.push(toPack(fence, entries));
    }
    if (deletes.length) await this.db.postings.bulkDelete(deletes);
    if (puts.length) await this.db.postings.bulkPut(puts);
  }
}

function toPack(fence: string, entries: ReadonlyMap<string, string[] | null>): PackRow {
  const pack: PackRow = { list: PACKS_LIST, fence, lists: {}, big: [] };
  for (const name of [...entries.keys()].sort()) {
    const pks = entries.get(name)!;
    if (pks) pack.lists[name] = pks;
    else pack.big.push(name);
  }
  return pack;
}

/** The fence of the pack `list` belongs to: the largest not above it; undefined below them all. */
function coveringFence(fences: readonly string[], list: string): string | undefined {
  let lo = 0;
  let hi = fences.length - 1;
  let found: string | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (fences[mid]! <= list) {
      found = fences[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
