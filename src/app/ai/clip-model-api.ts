/**
 * The app's calls about the user's CLIP model: the service worker keeps it (GET/POST
 * /aiSearch/clipModel…), the page only picks the files and its CLIP worker runs them.
 */
import { ApiClient } from '../api-client';
import type { ClipManifest } from '../../core/ai-search/providers/clip-manifest';

export interface KeptClipModel {
  manifest: ClipManifest;
  /** File name → bytes, for every file the manifest names. */
  files: Record<string, Blob>;
}

const api = () => new ApiClient();

export const keptClipManifest = async (): Promise<ClipManifest | null> => (await api().get('/aiSearch/clipModel')).manifest;

/** The kept model with its files (Blobs: read only when a worker loads them), or undefined. */
export async function keptClipModel(): Promise<KeptClipModel | undefined> {
  const client = api();
  const { manifest, files } = await client.get('/aiSearch/clipModel');
  if (!manifest) return undefined;
  const read = async (name: string) => [name, await (await client.fetchRaw('/aiSearch/clipModel/file', { name })).blob()] as const;
  return { manifest, files: Object.fromEntries(await Promise.all(files.map(read))) };
}

/** Keeps the picked files (the manifest among them) in place of any model before; refused with the reason. */
export async function keepClipModel(files: readonly File[]): Promise<ClipManifest> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return (await api().postBody('/aiSearch/clipModel/put', {}, form)).manifest;
}

/** Puts back what was kept before (a model, or none): a picked model that does not run is not kept. */
export async function restoreClipModel(previous: KeptClipModel | undefined): Promise<void> {
  if (!previous) return void (await removeKeptClipModel());
  await keepClipModel(Object.entries(previous.files).map(([name, blob]) => new File([blob], name)).concat(new File([JSON.stringify(previous.manifest)], 'manifest.json')));
}

export const removeKeptClipModel = async (): Promise<void> => void (await api().post('/aiSearch/clipModel/remove'));
