/**
 * A shard's descriptor file (`shards/descriptors-<hash>.bin`): one DESCRIPTOR_BYTES record per
 * item of the shard, in the shard's order; an item without a descriptor (no thumbnail, or one
 * that could not be decoded) has an all-zero record. A real descriptor is never all zero: its
 * histogram's shares sum to one, so some bin is above zero.
 */
import { invalid } from '../http/errors';
import { DESCRIPTOR_BYTES } from '../ai-search/descriptor-layout';
import type { Shard } from './published-format';

/** The file's bytes, or undefined when no item of the shard has a descriptor. */
export function packShardDescriptors(ids: readonly string[], descriptors: ReadonlyMap<string, Uint8Array>): Uint8Array | undefined {
  if (!ids.some((id) => descriptors.has(id))) return undefined;
  const out = new Uint8Array(ids.length * DESCRIPTOR_BYTES);
  ids.forEach((id, i) => {
    const descriptor = descriptors.get(id);
    if (descriptor) out.set(descriptor, i * DESCRIPTOR_BYTES);
  });
  return out;
}

/** Item id → descriptor, for the items of `shard` that have one; `file` names the file in errors. */
export function unpackShardDescriptors(file: string, shard: Shard, bytes: Uint8Array): Map<string, Uint8Array> {
  if (bytes.length !== shard.items.length * DESCRIPTOR_BYTES) {
    throw invalid(`${file}: holds ${bytes.length} bytes, not ${DESCRIPTOR_BYTES} for each of its shard's ${shard.items.length} items.`);
  }
  const out = new Map<string, Uint8Array>();
  shard.items.forEach((item, i) => {
    const record = bytes.subarray(i * DESCRIPTOR_BYTES, (i + 1) * DESCRIPTOR_BYTES);
    if (record.some((byte) => byte !== 0)) out.set(item.id, record.slice());
  });
  return out;
}
