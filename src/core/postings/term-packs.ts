/**
 * Term-list packs (docs/decisions/write-path-profile.md): a batch of new items adds one or a few
 * keys to thousands of term lists. IndexedDB charges per record, so the newest keys of term lists
 * share records: packs, rows of the postings table under PACKS_LIST, each holding the *tails* of
 * the term lists of one range of names, like a B-tree leaf. A list name belongs to the pack with the
 * largest fence not above it (a name below every fence makes a pack fenced '').
 *
 * A term list is its blocks (postings-store.ts; none for a small list) followed by its tail, the
 * keys above every block key. New items have the largest keys, so they join tails: a batch writes
 * the packs it touches, and a list's blocks only when its tail passes TAIL_LIMIT keys and moves
 * into them (the last block read, merged, split into full blocks). A list with blocks is named in
 * its pack's `big` with a bound: no block key is above it, every tail key is; a key at or below it
 * (an older item edited) goes to the block it routes to. So each batch rewrites the tails (at most
 * TAIL_LIMIT keys a list) and about one block per TAIL_LIMIT new keys, however long the lists have
 * grown. A pack over PACK_SIZE entries splits into packs of at most half that, the new ones fenced
 * by their first name; an emptied pack is deleted. Prefix searches still read one range: the packs
 * from the one covering the prefix to the last one starting inside it.
 *
 * A pack stores each tail as one front-coded string (front-coding.ts): a batch rewrites every pack,
 * so their bytes are most of what it writes to the postings. A write decodes only the tails it
 * edits; the others go back as they were read.
 */
import Dexie, { type Table } from 'dexie';
import { frontCode, frontCount, frontDecode } from './front-coding';
import type { PackRow, PostingRow } from '../storage/rows';

/** What packs need of a LibraryDb (not imported: the upgrade steps in library-db.ts use this file). */
interface LibraryDb {
  postings: Table<PostingRow | PackRow, [string, string]>;
}

/** The `list` of every pack row; sorts before every real list name. */
export const PACKS_LIST = '#packs';
/**
 * Lists kept as blocks plus a tail: term lists, and tag and folder lists (hundreds of them, most
 * gaining a few keys a batch). `all`, ext, star and facet lists are few and gain hundreds of keys
 * a batch: their last block is rewritten anyway, so they stay in blocks alone.
 */
export const isPacked = (list: string) => list.startsWith('term:') || list.startsWith('tag:') || list.startsWith('folder:');
/** A tail longer than this moves into its list's blocks. */
export const TAIL_LIMIT = 64;
/** Tail keys plus big names a pack may hold before it splits. */
export const PACK_SIZE = 2048;

export const isPack = (row: PostingRow | PackRow): row is PackRow => row.list === PACKS_LIST;

/** Every pack row, in fence order (the upgrade steps pass their transaction's postings table). */
export const everyPack = <Row>(postings: Table<Row, [string, string]>) =>
  postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, Dexie.maxKey], true, true);

/** A term list as its pack records it: its tail, and for a list with blocks the bound between them. */
export interface PackedEntry {
  tail: string[];
  /** Set when the list has blocks: no block key is above it, every tail key is. */
  after?: string;
}

/** A tail as held between a read and a write: its keys, or still front-coded as stored (an array in a pack before LibraryDb version 10). */
type HeldTail = readonly string[] | string;

/** An entry whose tail may still be coded as it was read. */
export interface HeldEntry {
  tail: HeldTail;
  after?: string;
}

/** The keys of a held tail. */
export const tailKeys = (tail: HeldTail): string[] => (typeof tail === 'string' ? frontDecode(tail) : [...tail]);

const tailSize = (tail: HeldTail) => (typeof tail === 'string' ? frontCount(tail) : tail.length);

const packsUpTo = (db: LibraryDb, upper: string) =>
  db.postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, upper], true, true).reverse();

/** The tail of `list` (all of it for a list without blocks); empty when it has none. */
export async function readTail(db: LibraryDb, list: string): Promise<string[]> {
  const pack = (await packsUpTo(db, list).first()) as PackRow | undefined;
  const tail = pack?.lists[list];
  return tail === undefined ? [] : frontDecode(tail);
}

/** The tails of the term lists whose names start with `prefix`, by name: one range of packs, read backwards. */
export async function readTailsStartingWith(db: LibraryDb, prefix: string): Promise<[name: string, tail: string[]][]> {
  const packs = (await packsUpTo(db, `${prefix}\uffff`).until((row) => row.fence <= prefix, true).toArray()) as PackRow[];
  return packs.flatMap((pack) => Object.entries(pack.lists).flatMap(([name, tail]): [string, string[]][] => (name.startsWith(prefix) ? [[name, frontDecode(tail)]] : [])));
}

/**
 * Lists laid out as packs and blocks, the way a rebuild and the upgrades write them: a term list of
 * at most TAIL_LIMIT keys is all tail; a longer one is all blocks (`toBlocks`), its tail empty, and
 * every other list is in blocks.
 */
export function packedLayout(lists: ReadonlyMap<string, readonly string[]>, toBlocks: (list: string, pks: readonly string[]) => PostingRow[]): (PostingRow | PackRow)[] {
  const rows: (PostingRow | PackRow)[] = [];
  const entries = new Map<string, HeldEntry>();
  for (const [list, pks] of lists) {
    if (pks.length === 0) continue;
    const small = isPacked(list) && pks.length <= TAIL_LIMIT;
    if (!small) rows.push(...toBlocks(list, pks));
    if (isPacked(list)) entries.set(list, small ? { tail: pks } : { tail: [], after: pks[pks.length - 1]! });
  }
  rows.push(...packsFor('', entries));
  return rows;
}

/** Entries in a pack's count: tail keys, and one for a list with blocks. */
const sizeOf = ({ tail, after }: HeldEntry) => tailSize(tail) + (after === undefined ? 0 : 1);

/** Entries as packs of at most PACK_SIZE / 2, the first fenced `fence`. */
export function packsFor(fence: string, entries: ReadonlyMap<string, HeldEntry>): PackRow[] {
  const packs: PackRow[] = [];
  let pack: PackRow | undefined;
  let packSize = 0;
  for (const name of [...entries.keys()].sort()) {
    const entry = entries.get(name)!;
    const size = sizeOf(entry);
    if (!pack || (packSize > 0 && packSize + size > PACK_SIZE / 2)) {
      pack = { list: PACKS_LIST, fence: pack ? name : fence, lists: {}, big: {} };
      packs.push(pack);
      packSize = 0;
    }
    packSize += size;
    addEntry(pack, name, entry);
  }
  return packs;
}

function addEntry(pack: PackRow, name: string, { tail, after }: HeldEntry): void {
  if (tail.length) pack.lists[name] = typeof tail === 'string' ? tail : frontCode(tail);
  if (after !== undefined) pack.big[name] = after;
}

/** A pack's lists as entries, their tails as stored (front-coded; arrays in a pack from before LibraryDb version 10). */
export function entriesOf(pack: Pick<PackRow, 'big'> & { lists: Record<string, HeldTail> }): Map<string, HeldEntry> {
  const entries = new Map<string, HeldEntry>();
  for (const [name, tail] of Object.entries(pack.lists)) entries.set(name, { tail });
  for (const [name, after] of Object.entries(pack.big)) entries.set(name, { tail: pack.lists[name] ?? [], after });
  return entries;
}

/** A pack of these entries under `fence`, its tails front-coded. */
export function toPack(fence: string, entries: ReadonlyMap<string, HeldEntry>): PackRow {
  const pack: PackRow = { list: PACKS_LIST, fence, lists: {}, big: {} };
  for (const name of [...entries.keys()].sort()) addEntry(pack, name, entries.get(name)!);
  return pack;
}

/** The packs a write touches, read once, edited in memory, written back by `finish`. */
export class PackEdits {
  private constructor(
    private readonly db: LibraryDb,
    /** Fences of every pack, ascending. */
    private readonly fences: string[],
    /** Touched packs by fence (a new first pack under ''), with their contents as entries. */
    private readonly packs: Map<string, { stored: boolean; entries: Map<string, HeldEntry> }>,
  ) {}

  /** Reads the fences of all packs (keys only) and the packs covering `lists`. */
  static async load(db: LibraryDb, lists: readonly string[]): Promise<PackEdits> {
    const keys = (await everyPack(db.postings).primaryKeys()) as unknown as [string, string][];
    const fences = keys.map(([, fence]) => fence);
    const wanted = [...new Set(lists.flatMap((list) => coveringFence(fences, list) ?? []))];
    // A batch of new items usually touches most packs: then one range read instead of a get each.
    // No request for no packs: awaiting only native promises would let IndexedDB commit the transaction.
    const rows = wanted.length === 0 ? [] : wanted.length * 2 >= fences.length ? await readPacksOf(db, wanted) : ((await db.postings.bulkGet(wanted.map((fence): [string, string] => [PACKS_LIST, fence]))) as (PackRow | undefined)[]);
    const packs = new Map<string, { stored: boolean; entries: Map<string, HeldEntry> }>();
    for (const row of rows) if (row) packs.set(row.fence, { stored: true, entries: entriesOf(row) });
    return new PackEdits(db, fences, packs);
  }

  private entriesOf(list: string): Map<string, HeldEntry> {
    const fence = coveringFence(this.fences, list) ?? '';
    let pack = this.packs.get(fence);
    if (!pack) this.packs.set(fence, (pack = { stored: false, entries: new Map() }));
    return pack.entries;
  }

  /** Where `list` stands (a new list: an empty tail, no blocks), its tail decoded. */
  entry(list: string): PackedEntry {
    const held = this.entriesOf(list).get(list);
    if (!held) return { tail: [] };
    return { tail: tailKeys(held.tail), ...(held.after === undefined ? {} : { after: held.after }) };
  }

  /** Records where `list` stands now; an empty tail and no blocks drop it. */
  set(list: string, entry: PackedEntry): void {
    const entries = this.entriesOf(list);
    if (sizeOf(entry) === 0) entries.delete(list);
    else entries.set(list, entry);
  }

  /** Writes back every touched pack, split or deleted as its size asks. */
  async finish(): Promise<void> {
    const puts: PackRow[] = [];
    const deletes: [string, string][] = [];
    for (const [fence, { stored, entries }] of this.packs) {
      const size = [...entries.values()].reduce((sum, entry) => sum + sizeOf(entry), 0);
      if (size === 0) {
        if (stored) deletes.push([PACKS_LIST, fence]);
      } else puts.push(...(size > PACK_SIZE ? packsFor(fence, entries) : [toPack(fence, entries)]));
    }
    if (deletes.length) await this.db.postings.bulkDelete(deletes);
    if (puts.length) await this.db.postings.bulkPut(puts);
  }
}

/** The packs fenced `fences`, from one read of every pack (a Dexie promise: no native await in between keeps the transaction alive). */
function readPacksOf(db: LibraryDb, fences: readonly string[]): Promise<PackRow[]> {
  const wanted = new Set(fences);
  return everyPack(db.postings)
    .toArray()
    .then((packs) => (packs as PackRow[]).filter((pack) => wanted.has(pack.fence)));
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
