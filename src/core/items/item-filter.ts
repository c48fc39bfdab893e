/**
 * item/get filters → the keys of matching items. Every filter an index can answer is read as a
 * sorted key list from its index and intersected; only the substring filters (keywords,
 * annotation, url) read rows, and only of the candidates left by the others.
 */
import { ApiError } from '../http/errors';
import { SELECTION_KEY } from './selection';
import { TRASHED } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { shapeFacet, UNFILED, UNTAGGED } from './item-row';
import type { ItemListInput } from './item.schema';

/** Candidates in ascending pk order, or `null` meaning every item; `exclude` removes keys. */
export interface Candidates {
  pks: string[] | null;
  exclude: ReadonlySet<string>;
}

const unique = (pks: string[]) => [...new Set(pks)].sort();

type IndexLookup = (db: LibraryDb) => Promise<string[]>;

function indexLookups(input: ItemListInput, smartFolderMatches?: (ids: string[]) => Promise<string[]>): IndexLookup[] {
  const lookups: IndexLookup[] = [];
  const facet = (value: string) => (db: LibraryDb) => db.items.where('facets').equals(value).primaryKeys();
  if (input.id !== undefined) lookups.push((db) => db.items.where('id').equals(input.id!).primaryKeys());
  if (input.ids) lookups.push(async (db) => unique(await db.items.where('id').anyOf(input.ids!).primaryKeys()));
  if (input.isSelected) lookups.push(selectedPks);
  if (input.isUntagged) lookups.push(facet(UNTAGGED));
  if (input.isUnfiled) lookups.push(facet(UNFILED));
  if (input.isDeleted) lookups.push(facet(TRASHED));
  if (input.shape) lookups.push(facet(shapeFacet(input.shape)));
  for (const tag of input.tags ?? []) lookups.push((db) => db.items.where('tags').equals(tag).primaryKeys());
  if (input.folders) lookups.push(async (db) => unique(await db.items.where('folders').anyOf(input.folders!).primaryKeys()));
  if (input.ext) lookups.push((db) => db.items.where('ext').equals(input.ext!.toLowerCase()).primaryKeys());
  if (input.rating !== undefined) lookups.push((db) => db.items.where('star').equals(input.rating!).primaryKeys());
  if (input.smartFolders) {
    if (!smartFolderMatches) throw new ApiError('NOT_IMPLEMENTED', 'The smartFolders filter needs smart folders, which are not built yet.');
    lookups.push(() => smartFolderMatches(input.smartFolders!));
  }
  return lookups;
}

async function selectedPks(db: LibraryDb): Promise<string[]> {
  const ids = ((await db.state.get(SELECTION_KEY))?.value as string[] | undefined) ?? [];
  return unique(await db.items.where('id').anyOf(ids).primaryKeys());
}

/** Intersects sorted key lists, smallest first. */
export function intersectSorted(lists: string[][]): string[] {
  if (lists.length === 0) return [];
  const [smallest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  const sets = rest.map((list) => new Set(list));
  return smallest!.filter((pk) => sets.every((set) => set.has(pk)));
}

/** Substring filters that need the row itself (case-insensitive, decisions.md). */
function rowTest(input: ItemListInput): ((row: ItemRow) => boolean) | undefined {
  const tests: ((row: ItemRow) => boolean)[] = [];
  const keywords = (input.keywords ?? []).map((k) => k.toLocaleLowerCase()).filter(Boolean);
  if (keywords.length) tests.push((row) => keywords.every((k) => row.nameKey.includes(k)));
  const annotation = input.annotation?.toLocaleLowerCase();
  if (annotation) tests.push((row) => row.annotation.toLocaleLowerCase().includes(annotation));
  const url = input.url?.toLocaleLowerCase();
  if (url) tests.push((row) => row.url.toLocaleLowerCase().includes(url));
  return tests.length ? (row) => tests.every((t) => t(row)) : undefined;
}

const ROW_BATCH = 1000;

export async function filterItems(
  db: LibraryDb,
  input: ItemListInput,
  smartFolderMatches?: (ids: string[]) => Promise<string[]>,
): Promise<Candidates> {
  const lookups = indexLookups(input, smartFolderMatches);
  let pks = lookups.length ? intersectSorted(await Promise.all(lookups.map((lookup) => lookup(db)))) : null;
  const exclude = input.isDeleted ? new Set<string>() : new Set(await db.items.where('facets').equals(TRASHED).primaryKeys());
  const test = rowTest(input);
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
