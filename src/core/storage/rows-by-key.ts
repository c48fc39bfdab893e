/**
 * Rows of many keys of one table. IndexedDB charges per request, and Dexie's bulkGet makes one
 * `get` per key: the ~340 tag rows a batch of 1,000 items touches cost 340 requests. When the keys
 * cover most of the range between the smallest and the largest (a small table, or a dense stretch
 * of it), one count and one range read (`getAll`) return the same rows in two requests.
 */
import type { Table } from 'dexie';

/** Below this many keys, bulkGet is as cheap. */
const FEW = 16;

/** The rows of `keys` (undefined where none), as bulkGet answers; the table's primary key is a string. */
export async function rowsByKey<T>(table: Table<T, string>, keys: readonly string[]): Promise<(T | undefined)[]> {
  if (keys.length < FEW) return table.bulkGet([...keys]);
  const sorted = [...keys].sort(); // string keys: JS and IndexedDB both order by UTF-16 code units
  const range = table.where(':id').between(sorted[0]!, sorted[sorted.length - 1]!, true, true);
  if ((await range.count()) > keys.length * 2 + FEW) return table.bulkGet([...keys]);
  const keyPath = table.schema.primKey.keyPath as string;
  const byKey = new Map((await range.toArray()).map((row) => [(row as Record<string, unknown>)[keyPath] as string, row]));
  return keys.map((key) => byKey.get(key));
}
