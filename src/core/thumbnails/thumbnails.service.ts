/**
 * item/refreshThumbnail and item/setCustomThumbnail: queue a media job in a short transaction,
 * then wait for it up to 10 s (docs/contract.md#items): `true` once done, `false` while the work goes on.
 */
import type { Context, OpenLibrary } from '../context';
import { invalid } from '../http/errors';
import { sniffFile, SNIFF_BYTES } from '../images/image-info';
import { decodeBase64 } from '../items/item-sources';
import { requireItem as requireItemIn } from '../items/item-lookup';
import { withDerivedFields } from '../listing/item-row';
import { customThumbnailJob, thumbnailJob, type MediaJob } from '../media/media-jobs';
import { commitItemChanges } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { writeTransaction } from '../storage/write';
import type { SetCustomThumbnailInput } from './thumbnails.schema';

const requireItem = (db: LibraryDb, itemId: string) => requireItemIn(db, itemId, 'itemId');

/** Queues `job` for the item (thumbnail pending meanwhile). */
async function queue(
  ctx: Context,
  library: OpenLibrary,
  itemId: string,
  makeJob: (row: ItemRow, now: number) => MediaJob | undefined,
) {
  const now = ctx.clock();
  return writeTransaction(library, now, async () => {
    const row = await requireItem(library.db, itemId);
    const job = makeJob(row, now);
    if (!job) return undefined;
    await library.db.jobs.put(job);
    const after = withDerivedFields({ ...row, thumbnail: 'pending' });
    await commitItemChanges(library.db, [{ before: row, after }], ctx.observers, now);
    return job;
  }, { request: ctx.requestKey });
}

/** Regenerates the thumbnail from the original and refreshes size, dimensions and palette. */
export async function refreshThumbnail(ctx: Context, itemId: string): Promise<boolean> {
  const library = await ctx.library();
  // A bookmark has no file: its generic thumbnail is all there is, and it is ready.
  const job = await queue(ctx, library, itemId, (row, now) => (row.hasFile ? thumbnailJob(row.id, now, true) : undefined));
  if (!job) return true;
  const wait = await ctx.media.wait(library, job);
  // Undecodable is a finished answer too: the item now shows its generic icon (noThumbnail).
  return wait.status === 'done' || wait.status === 'undecodable';
}

/** Makes the item's thumbnail (and palette) from an image at a path on this site. */
export async function setCustomThumbnail(ctx: Context, input: SetCustomThumbnailInput): Promise<boolean> {
  const library = await ctx.library();
  // Bad Base64 is bad input whatever the item; a path is read only for an item that exists.
  const decoded = input.base64 !== undefined ? await decodeImage(input.base64) : undefined;
  await requireItem(library.db, input.itemId);
  const source = decoded ?? (await fetchImage(ctx, input.filePath!));
  const field = input.base64 !== undefined ? 'base64' : 'filePath';
  const { width, height } = input;
  // The optional width/height describe items whose file gives none (a bookmark, a PSD); the job
  // stores them with the thumbnail, so an image that does not decode changes nothing.
  const dimensions = width && height ? { width, height } : undefined;
  const job = await queue(ctx, library, input.itemId, (row, now) => customThumbnailJob(row.id, now, source, source.type, dimensions));
  const wait = await ctx.media.wait(library, job!);
  if (wait.status === 'undecodable') throw invalid(field === 'base64' ? 'base64: is not an image this browser can decode.' : `filePath: "${input.filePath}" is not an image this browser can decode.`);
  return wait.status === 'done';
}

/** Base64 (or a data: URL) to a blob typed by its bytes. */
async function decodeImage(text: string): Promise<Blob> {
  const { blob, declaredMime } = decodeBase64(text, 'base64');
  return typed(blob, declaredMime);
}

/** The bytes say what they are; a declared type is only a fallback. */
async function typed(blob: Blob, declared: string): Promise<Blob> {
  const sniffed = sniffFile(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));
  const type = sniffed?.mime ?? declared.split(';')[0]!.trim();
  return blob.type === type ? blob : new Blob([blob], { type });
}

/** Reads the image at a path on this site; paths under /api/v2/ are answered by the core itself. */
async function fetchImage(ctx: Context, path: string): Promise<Blob> {
  let response: Response;
  try {
    response = path.startsWith(`${ctx.apiPrefix}/`) ? await ctx.internal(path) : await ctx.fetchSource(path);
  } catch (error) {
    throw invalid(`filePath: could not read ${path} (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw invalid(`filePath: reading ${path} answered HTTP ${response.status}.`);
  const blob = await response.blob();
  if (blob.size === 0) throw invalid(`filePath: ${path} is empty.`);
  return typed(blob, response.headers.get('Content-Type') ?? blob.type);
}
