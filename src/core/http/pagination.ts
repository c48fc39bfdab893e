/** Pagination rules shared by every list endpoint (docs/contract.md#pagination: default 50, clamp at 1000). */
import type { Collection } from 'dexie';
import { z } from 'zod';
import { integer } from './input';
import { lazyValue } from '../shared/lazy-value';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

/** `offset` and `limit`, to spread into a list endpoint's schema. */
export const pageFields = () => ({
  offset: integer().pipe(z.number().min(0, 'must be 0 or more')).default(0),
  limit: integer()
    .pipe(z.number().min(1, 'must be 1 or more'))
    .default(DEFAULT_LIMIT)
    .transform((limit) => Math.min(limit, MAX_LIMIT)),
});

export const pageSchema = lazyValue(() => z.object(pageFields()));

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface Page<T> {
  data: T[];
  total: number;
  offset: number;
  limit: number;
}

export function pageOf<T>(data: T[], total: number, page: PageRequest): Page<T> {
  return { data, total, offset: page.offset, limit: page.limit };
}

/** Slices an in-memory list (for small collections such as folders or tag groups). */
export function paginate<T>(all: readonly T[], page: PageRequest): Page<T> {
  return pageOf(all.slice(page.offset, page.offset + page.limit), all.length, page);
}

/**
 * One page of an index walk. IndexedDB skips with `IDBCursor.advance`, which takes an unsigned
 * 32-bit count (a larger one throws in Chromium): an offset at or past `total` reads nothing.
 */
export async function pageRows<T>(collection: Collection<T>, total: number, page: PageRequest): Promise<T[]> {
  if (page.offset >= total) return [];
  return collection.offset(page.offset).limit(page.limit).toArray();
}
