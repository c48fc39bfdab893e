/** Every table of a library and the registry, as one comparable text, for "a failed write changes nothing". */
import { createStore, get } from 'idb-keyval';
import type { OpenLibrary } from '../../../src/core/context';

const COUNT_CACHE = 'smartFolderCounts';

const stores = new Map<string, ReturnType<typeof createStore>>();
const registryStore = (namespace: string) => stores.get(namespace) ?? stores.set(namespace, createStore(`${namespace}/registry`, 'keyval')).get(namespace)!;

const describeBlobs = (_key: string, value: unknown) => (value instanceof Blob ? `blob(${value.size} ${value.type})` : value);

export interface LibrarySnapshot {
  tables: Map<string, string>;
  counts: Map<string, string>;
}

export async function snapshotLibrary(library: OpenLibrary, namespace: string): Promise<LibrarySnapshot> {
  const { db } = library;
  const tables = new Map<string, string>();
  let counts = new Map<string, string>();
  const [contents, registry] = await Promise.all([
    db.transaction('r', db.tables, () => Promise.all(db.tables.map(async (table) => [table.name, await table.toArray()] as const))),
    get('registry', registryStore(namespace)),
  ]);
  for (const [name, rows] of contents) {
    if (name === COUNT_CACHE) counts = new Map(rows.map((row: { id: string }) => [row.id, JSON.stringify(row)]));
    else tables.set(name, JSON.stringify(rows, describeBlobs));
  }
  tables.set('(registry)', JSON.stringify(registry));
  return { tables, counts };
}

/**
 * What changed between two snapshots, or [] when nothing did. The smart-folder count cache may
 * gain entries (a read computes missing counts before it finds, say, an unknown id), but a count
 * it held must not change.
 */
export function differences(before: LibrarySnapshot, after: LibrarySnapshot): string[] {
  const changed: string[] = [];
  for (const [name, rows] of before.tables) if (after.tables.get(name) !== rows) changed.push(name);
  for (const [id, row] of before.counts) if (after.counts.get(id) !== row) changed.push(`${COUNT_CACHE}[${id}]`);
  return changed;
}

/** The registry names a current library that it holds (not, say, an inherited "toString"). */
export async function registryProblem(namespace: string): Promise<string | undefined> {
  const state = await get<{ current: string | null; libraries: Record<string, unknown> }>('registry', registryStore(namespace));
  if (!state || state.current === null) return undefined;
  return Object.hasOwn(state.libraries, state.current) ? undefined : `the current library "${state.current}" is not in the registry`;
}
