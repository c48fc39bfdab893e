/**
 * item/get filters → the keys of matching items. Every filter an index can answer is read as a
 * sorted key list (a posting list, or an index's keys) and intersected; only the substring filters
 * (keywords, annotation, url) read rows, and only of the candidates left by the others. A lone equality
 * filter (or none) is not read at all: it becomes a `scan` that the page reader walks in import order
 * and stops after the page.
 */
import type { Collection } from 'dexie';
import { foldText } from './fold-text';
import { extList, facetList, folderList, starList, tagList } from '../postings/posting-lists';
import { ascendingUnique, intersectKeySets } from '../postings/key-sets';
import { MANY_LISTS, readAnyList, readList, readManyLists, readTrashedKeys } from '../postings/postings-store';
import { keptLiveItems, keptTrashedItems, keptUnfiledItems, keptUntaggedItems, TRASHED } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { nearColour, SIMILAR_DISTANCE } from './colour-match';
import { shapeFacet, UNFILED, UNTAGGED } from './item-row';
import { allSelected } from './selection-rows';
import type { Filters } from './listing.schema';

export { SELECTION_KEY } from './selection-rows';

/** One index range whose entries come in pk order, and the same test on a row. */
export interface IndexScan {
  collection: (db: LibraryDb) => Collection<ItemRow, string>;
  matches: (row: ItemRow) => boolean;
  /**
   * Its total as the listing counts it (outside the trash, or in it for the Trash), from a count the
   * writes keep (a tag's, a folder's, the library's): a count of the index walks every match, 300 ms
   * for the Unfiled view at 100,000 items with a quarter unfiled. Undefined when none is kept.
   */
  kept?: (db: LibraryDb) => Promise<number | undefined>;
  /**
   * Without a kept count: how many items its index holds, trashed ones too, from its posting list
   * (one read of a few blocks, where counting the index walks every match).
   */
  listed?: (db: LibraryDb) => Promise<number>;
}

/**
 * Candidates in ascending pk order; `null` means every key of `scan`, or every item without one.
 * `exclude` removes keys (the trash).
 */
export interface Candidates {
  pks: string[] | null;
  exclude: ReadonlySet<string>;
  scan?: IndexScan;
}

interface IndexLookup {
  keys: (db: LibraryDb) => Promise<string[]>;
  /** Set for single-value equality lookups, which can be walked instead of read whole. */
  scan?: IndexScan;
}

export const ALL_ITEMS: IndexScan = { collection: (db) => db.items.toCollection(), matches: () => true, kept: keptLiveItems };

/** An equality filter: its keys from a posting list, or its (multiEntry) index walked, with the same test on a row. */
function equality(list: string, index: string, value: string | number, matches: (row: ItemRow) => boolean, kept?: IndexScan['kept']): IndexLookup {
  const collection = (db: LibraryDb) => db.items.where(index).equals(value);
  const listed = async (db: LibraryDb) => (await readList(db, list)).length;
  return { keys: (db) => readList(db, list), scan: { collection, matches, kept, listed } };
}

// Tag and folder rows count their items outside the trash (the tag and folder observers keep them).
const keptTagCount = (tag: string) => async (db: LibraryDb) => (await db.tags.get(tag))?.count;
const keptFolderCount = (id: string) => async (db: LibraryDb) => (await db.folders.get(id))?.imageCount;

/** Keys of the items matching any of the given smart folders (injected: smart folders build on items). */
export type SmartFolderMatcher = (ids: string[]) => Promise<string[]>;

function indexLookups(input: Filters, smartFolderMatches: SmartFolderMatcher): IndexLookup[] {
  const lookups: IndexLookup[] = [];
  const facet = (value: string, kept?: IndexScan['kept']) => equality(facetList(value), 'facets', value, (row) => row.facets.includes(value), kept);
  if (input.id !== undefined) lookups.push({ keys: (db) => db.items.where('id').equals(input.id!).primaryKeys() });
  if (input.ids) lookups.push({ keys: async (db) => ascendingUnique(await db.items.where('id').anyOf(input.ids!).primaryKeys()) });
  if (input.isSelected) lookups.push({ keys: selectedPks });
  if (input.isUntagged) lookups.push(facet(UNTAGGED, keptUntaggedItems));
  if (input.isUnfiled) lookups.push(facet(UNFILED, keptUnfiledItems));
  if (input.isDeleted) lookups.push(facet(TRASHED, keptTrashedItems));
  if (input.shape) lookups.push(facet(shapeFacet(input.shape)));
  const tags = input.tags ?? [];
  // Many tags are read in one pass (10,000 reads, one per tag, took 19 s in a worker).
  if (tags.length > MANY_LISTS) lookups.push({ keys: async (db) => intersectKeySets([...(await readManyLists(db, tags.map(tagList))).values()].map((keys) => [keys])) });
  else for (const tag of tags) lookups.push(equality(tagList(tag), 'tags', tag, (row) => row.tags.includes(tag), keptTagCount(tag)));
  if (input.folders?.length === 1) {
    const [folder] = input.folders as [string];
    lookups.push(equality(folderList(folder), 'folders', folder, (row) => row.folders.includes(folder), keptFolderCount(folder)));
  } else if (input.folders?.length) {
    // None named is no filter, as for tags (`folders=` from a form that always sends the field).
    lookups.push({ keys: (db) => readAnyList(db, input.folders!.map(folderList)) });
  }
  if (input.ext) {
    const ext = input.ext.toLowerCase();
    lookups.push(equality(extList(ext), 'ext', ext, (row) => row.ext === ext));
  }
  if (input.rating !== undefined) {
    const star = input.rating;
    lookups.push(equality(starList(star), 'star', star, (row) => row.star === star));
  }
  if (input.smartFolders?.length) lookups.push({ keys: () => smartFolderMatches(input.smartFolders!) });
  return lookups;
}

async function selectedPks(db: LibraryDb): Promise<string[]> {
  const ids = await allSelected(db);
  return ascendingUnique(await db.items.where('id').anyOf(ids).primaryKeys());
}

/** Filters that need the row itself: substrings (case-insensitive, docs/contract.md#items) and the palette's colours. */
function rowTest(input: Filters): ((row: ItemRow) => boolean) | undefined {
  const tests: ((row: ItemRow) => boolean)[] = [];
  const keywords = (input.keywords ?? []).map(foldText).filter(Boolean);
  if (keywords.length) tests.push((row) => keywords.every((k) => row.nameKey.includes(k)));
  const annotation = input.annotation && foldText(input.annotation);
  if (annotation) tests.push((row) => foldText(row.annotation).includes(annotation));
  const url = input.url && foldText(input.url);
  if (url) tests.push((row) => foldText(row.url).includes(url));
  if (input.color) {
    const near = nearColour(input.color, SIMILAR_DISTANCE);
    tests.push((row) => near(row.palettes));
  }
  return tests.length ? (row) => tests.every((t) => t(row)) : undefined;
}

const ROW_BATCH = 1000;

export async function filterItems(
  db: LibraryDb,
  input: Filters,
  smartFolderMatches: SmartFolderMatcher,
): Promise<Candidates> {
  const lookups = indexLookups(input, smartFolderMatches);
  const exclude = input.isDeleted ? new Set<string>() : await readTrashedKeys(db);
  const test = rowTest(input);
  if (!test && lookups.length <= 1) {
    const scan = lookups.length === 0 ? ALL_ITEMS : lookups[0]!.scan;
    if (scan) return { pks: null, exclude, scan };
  }
  let pks = lookups.length ? intersectKeySets((await Promise.all(lookups.map((lookup) => lookup.keys(db)))).map((keys) => [keys])) : null;
  if (test) {
    const kept: string[] = [];
    if (pks === null) {
      await db.items.each((row) => {
        if (!exclude.has(row.pk) && test(row)) kept.push(row.pk);
      });
    } else {
      for (let at = 0; at < pks.length; at += ROW_BATCH) {
        const rows = await db.items.bulkGet(pks.slice(at, at + ROW_BATCH));
        for (const row of rows) if (row && !exclude.has(row.pk) && test(row)) kept.push(row.pk);
      }
    }
    pks = kept;
  }
  return { pks, exclude };
}
