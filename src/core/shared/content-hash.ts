/**
 * The content hash that finds a file the library already holds. crypto.subtle has no incremental
 * digest, so a file is read one slice at a time: up to one slice it is the plain SHA-256 of the
 * bytes (what `sha256sum` prints); a bigger file's hash is the SHA-256 of its slices' digests, so a
 * 2 GB file is never read whole. Equal bytes always give equal hashes.
 */
export const HASH_SLICE = 8 * 1024 * 1024;

const hex = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function contentHash(blob: Blob, slice = HASH_SLICE): Promise<string> {
  if (blob.size <= slice) return hex(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
  const digests = new Uint8Array(Math.ceil(blob.size / slice) * 32);
  for (let at = 0, n = 0; at < blob.size; at += slice, n += 1) {
    digests.set(new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.slice(at, at + slice).arrayBuffer())), n * 32);
  }
  return hex(await crypto.subtle.digest('SHA-256', digests));
}
