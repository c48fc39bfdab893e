/**
 * A picked or dropped library folder as a zip stream, so that every import takes one road: the
 * page streams the folder (store-only, nothing recompressed) into POST library/import. client-zip
 * is a deferred package in the service worker: import it only dynamically.
 */
import { walkFiles, type LibraryTree } from './library-tree';

export async function zipOfTree(tree: LibraryTree): Promise<ReadableStream<Uint8Array>> {
  const { makeZip } = await import('client-zip');
  async function* inputs() {
    for await (const { path, blob } of walkFiles(tree)) {
      yield { name: `${tree.folderName}/${path}`, input: blob, size: blob.size, lastModified: blob instanceof File ? new Date(blob.lastModified) : new Date() };
    }
  }
  return makeZip(inputs());
}
