/**
 * `orderBy` for item lists: IMPORT, MTIME, NAME, EXT, FILESIZE, RESOLUTION, RATING, RANDOM, a
 * leading `-` for descending (docs/contract.md#items). Without `orderBy`: newest import first.
 */
import { z } from 'zod';
import { readAllItemKeys } from '../postings/postings-store';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';

const ORDER_FIELDS = {
  IMPORT: ':id',
  MTIME: 'modificationTime',
  NAME: 'nameKey',
  EXT: 'ext',
  FILESIZE: 'size',
  RESOLUTION: 'pixels',
  RATING: 'star',
  RANDOM: '',
} as const;

type OrderField = keyof typeof ORDER_FIELDS;
export interface OrderBy {
  field: OrderField;
  descending: boolean;
  /** RANDOM only: the same seed gives the same order of the same items, so pages of a shuffle fit together (ours). */
  seed?: number;
}

const NAMES = Object.keys(ORDER_FIELDS);

export const orderBySchema = () =>
  z
    .string()
    .trim()
    .transform((text, issue): OrderBy => {
      const descending = text.startsWith('-');
      const field = (descending ? text.slice(1) : text).toUpperCase();
      if (!(field in ORDER_FIELDS)) {
        issue.addIssue({ code: 'custom', message: `must be one of ${NAMES.join(', ')} (a leading "-" sorts descending)` });
        return z.NEVER;
      }
      return { field: field as OrderField, descending };
    });

/** Newest import first. */
export const DEFAULT_ORDER: OrderBy = { field: 'IMPORT', descending: true };

/** Below this many candidates, reading the rows and sorting them beats walking a whole index. */
const SORT_IN_MEMORY_BELOW = 5000;

/**
 * Orders item keys. `pks` are candidates in ascending pk order, or null for every item (the caller
 * then removes what it excludes).
 */
export async function orderItemPks(db: LibraryDb, pks: readonly string[] | null, order: OrderBy = DEFAULT_ORDER): Promise<string[]> {
  if (order.field === 'RANDOM') return shuffle(pks ? [...pks] : await readAllItemKeys(db), order.seed);
  if (order.field === 'IMPORT') {
    const ascending = pks ? [...pks] : await readAllItemKeys(db);
    return order.descending ? ascending.reverse() : ascending;
  }
  const index = ORDER_FIELDS[order.field];
  if (pks && pks.length < SORT_IN_MEMORY_BELOW) return sortRows(db, pks, index as keyof ItemRow, order.descending);
  const all = await db.items.orderBy(index).primaryKeys();
  const ordered = pks ? keepOnly(all, new Set(pks)) : all;
  return order.descending ? ordered.reverse() : ordered;
}

async function sortRows(db: LibraryDb, pks: readonly string[], field: keyof ItemRow, descending: boolean): Promise<string[]> {
  const rows = (await db.items.bulkGet([...pks])).filter((r): r is ItemRow => r !== undefined);
  const sign = descending ? -1 : 1;
  rows.sort((a, b) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    return (x < y ? -1 : x > y ? 1 : a.pk < b.pk ? -1 : 1) * sign;
  });
  return rows.map((r) => r.pk);
}

function keepOnly(ordered: readonly string[], wanted: ReadonlySet<string>): string[] {
  return ordered.filter((pk) => wanted.has(pk));
}

/** With the order's seed when given (the app's Random view pages through one shuffle), else Math.random. */
export function withSeed(order: OrderBy | undefined, seed: number | undefined): OrderBy | undefined {
  return order && seed !== undefined ? { ...order, seed } : order;
}

/** mulberry32: a small, fast generator; enough to shuffle, not for secrets. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: T[], seed?: number): T[] {
  const random = seed === undefined ? Math.random : seededRandom(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
