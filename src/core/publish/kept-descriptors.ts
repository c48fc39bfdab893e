/**
 * Descriptor files a subscriber already holds. A renamed item rewrites its shard's items file but
 * not its descriptors file (a content hash of the descriptors only): an update whose new shard
 * names a descriptors file that a stored shard of the same items was published with already has
 * those descriptors in its store, and fetches only the items file.
 */
import { DESCRIPTOR_VERSION } from '../ai-search/descriptor-layout';
import type { Manifest } from './published-format';
import type { StoredShard } from './subscription-state';

/** Descriptors file → the ids of the stored shard that was published with it, in its order. */
export type KeptDescriptors = ReadonlyMap<string, readonly string[]>;

/** The descriptors files of `manifest` (the one stored before) whose shards are stored, their descriptors with them. */
export function keptDescriptors(manifest: Manifest, stored: readonly StoredShard[]): KeptDescriptors {
  const kept = new Map<string, readonly string[]>();
  if (manifest.descriptorVersion !== DESCRIPTOR_VERSION) return kept;
  const ids = new Map(stored.map((shard) => [shard.file, shard.ids]));
  for (const ref of manifest.shards) {
    const held = ids.get(ref.file);
    if (ref.descriptors && held) kept.set(ref.descriptors, held);
  }
  return kept;
}

/** Whether `ids` are the items, in order, that the kept descriptors file `file` was published for. */
export function holdsDescriptors(kept: KeptDescriptors | undefined, file: string, ids: readonly string[]): boolean {
  const held = kept?.get(file);
  return held !== undefined && held.length === ids.length && held.every((id, i) => id === ids[i]);
}
