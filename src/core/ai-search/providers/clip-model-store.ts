/**
 * The user's CLIP model, kept in the browser (IndexedDB through idb-keyval, one store for the whole
 * site, like the library registry): the manifest under its own key, so the service worker can
 * report the model without reading megabytes of weights, and the files under another. The page's
 * CLIP worker reads the files; nothing here runs a model.
 */
import { createStore, delMany, get, setMany, type UseStore } from 'idb-keyval';
import { clipManifestSchema, manifestFiles, type ClipManifest } from './clip-manifest';

export interface StoredClipModel {
  manifest: ClipManifest;
  /** File name → bytes, for every file the manifest names. */
  files: Record<string, Blob>;
}

/** The store, under the API's IndexedDB namespace (`lam` unless tests give another). */
export const clipModelStore = (namespace: string): UseStore => createStore(`${namespace}/clip-model`, 'keyval');

/**
 * Which putting of the model is stored: a new value each time one is kept, so a model picked again
 * under the same name (another vocabulary, or the one before put back) is indexed again.
 * Undefined for a model kept before versions were.
 */
export async function clipModelVersion(store: UseStore): Promise<string | undefined> {
  return get<string>('version', store);
}

/** The stored model's manifest, or undefined when none was given. */
export async function clipManifest(store: UseStore): Promise<ClipManifest | undefined> {
  return get<ClipManifest>('manifest', store);
}

export async function storedClipModel(store: UseStore): Promise<StoredClipModel | undefined> {
  const [manifest, files] = await Promise.all([get<ClipManifest>('manifest', store), get<Record<string, Blob>>('files', store)]);
  return manifest && files ? { manifest, files } : undefined;
}

/**
 * Checks the manifest and that every file it names was given, then keeps them (replacing any
 * model before). Throws an Error naming what is wrong; nothing is stored then.
 */
export async function putClipModel(store: UseStore, manifestJson: unknown, given: Record<string, Blob>): Promise<ClipManifest> {
  const parsed = clipManifestSchema.safeParse(manifestJson);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`The manifest's ${issue.path.join('.') || 'content'} ${issue.message}.`);
  }
  const manifest = parsed.data;
  const missing = manifestFiles(manifest).filter((name) => !given[name]);
  if (missing.length) throw new Error(`The manifest names ${missing.join(', ')}, which ${missing.length > 1 ? 'were' : 'was'} not picked.`);
  const files = Object.fromEntries(manifestFiles(manifest).map((name) => [name, given[name]!]));
  await setMany([['files', files], ['manifest', manifest], ['version', crypto.randomUUID()]], store);
  return manifest;
}

/** Puts back what was stored before (a model, or none): a picked model that does not run is not kept. */
export async function restoreClipModel(store: UseStore, previous: StoredClipModel | undefined): Promise<void> {
  if (previous) await setMany([['files', previous.files], ['manifest', previous.manifest], ['version', crypto.randomUUID()]], store);
  else await removeClipModel(store);
}

/** One transaction: a stop between separate deletes left the files and a version no library could match. */
export async function removeClipModel(store: UseStore): Promise<void> {
  await delMany(['manifest', 'files', 'version'], store);
}
