/**
 * The user's CLIP model behind the API (ours): the page picks the files and its CLIP worker runs
 * them, but only the service worker keeps them (clip-model-store.ts). The model is the browser's,
 * not a library's: the routes work the same whichever library is open.
 */
import type { Context } from '../../context';
import { ApiError, invalid } from '../../http/errors';
import { manifestFiles, type ClipManifest } from './clip-manifest';
import { clipManifest, clipModelStore, putClipModel, removeClipModel, storedClipModel } from './clip-model-store';

const storeOf = (ctx: Context) => clipModelStore(ctx.registry.namespace);

/** The kept model's manifest and the names of its files, or nulls when none is kept. */
export async function clipModelInfo(ctx: Context): Promise<{ manifest: ClipManifest | null; files: string[] }> {
  const manifest = await clipManifest(storeOf(ctx));
  return { manifest: manifest ?? null, files: manifest ? manifestFiles(manifest) : [] };
}

/** One file of the kept model, as it was given. */
export async function clipModelFile(ctx: Context, input: { name: string }): Promise<Response> {
  const file = (await storedClipModel(storeOf(ctx)))?.files[input.name];
  if (!file) throw new ApiError('NOT_FOUND', `name: the kept CLIP model has no file "${input.name}".`);
  return new Response(file, { headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' } });
}

/**
 * Keeps the model in a multipart body (fields `files`: the manifest, a JSON file naming `image`
 * and `text`, and the files it names), replacing any model before. Nothing is kept when it is refused.
 */
export async function putClipModelFrom(ctx: Context, _input: unknown, request: Request): Promise<{ manifest: ClipManifest }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalid("files: the body must be multipart/form-data holding the model's files.");
  }
  const files = form.getAll('files').filter((value): value is File => typeof value !== 'string');
  if (!files.length) throw invalid("files: give the model's manifest (JSON) and the files it names.");
  const manifestJson = await findManifest(files);
  try {
    return { manifest: await putClipModel(storeOf(ctx), manifestJson, Object.fromEntries(files.map((file) => [file.name, file]))) };
  } catch (error) {
    throw invalid(`files: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function removeClipModelOf(ctx: Context): Promise<{ removed: boolean }> {
  const had = (await clipManifest(storeOf(ctx))) !== undefined;
  await removeClipModel(storeOf(ctx));
  return { removed: had };
}

/** The given JSON file that reads as a manifest (has `image` and `text`), parsed. */
async function findManifest(files: readonly File[]): Promise<unknown> {
  for (const file of files.filter((f) => f.name.toLowerCase().endsWith('.json'))) {
    try {
      const json = JSON.parse(await file.text()) as unknown;
      if (json && typeof json === 'object' && 'image' in json && 'text' in json) return json;
    } catch {
      // A vocabulary or another JSON file: not the manifest.
    }
  }
  throw invalid('files: give the model\'s manifest (a JSON file naming "image" and "text") together with its files.');
}
