/**
 * Everything derived from item rows, updated in the same transaction as the rows themselves: each
 * feature's observers as its manifest loads them, in the order of ./manifests.ts. Loaded by the
 * first write, never by a start (docs/decisions/service-worker-startup.md).
 */
import { MANIFESTS } from './manifests';
import type { ItemObserver } from './storage/item-changes';

export async function loadItemObservers(): Promise<ItemObserver[]> {
  const loaded = await Promise.all(MANIFESTS.map((manifest) => ('observers' in manifest ? manifest.observers() : [])));
  return loaded.flat();
}

/** What every feature loads before a write transaction opens (code its observers run synchronously inside it). */
export async function loadBeforeWrite(): Promise<void> {
  await Promise.all(MANIFESTS.map((manifest) => ('beforeWrite' in manifest ? manifest.beforeWrite() : undefined)));
}
