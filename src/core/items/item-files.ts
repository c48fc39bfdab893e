/**
 * Serves an item's original bytes (GET item/file, ours) with Range support for media seeking, and
 * its thumbnail (GET item/thumbnail). Files are sandboxed: an SVG or HTML file opened from this
 * origin can run no script here.
 */
import type { Context } from '../context';
import { ApiError, notFound } from '../http/errors';
import { encodeText } from '../http/uri-text';
import { mediaKindOf } from '../media/media-processor';
import type { ItemRow } from '../storage/rows';
import { genericIconSvg } from '../images/generic-icon';
import { requireItem } from './item-lookup';

const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'unsafe-inline'";

function fileHeaders(type: string, extra: Record<string, string> = {}): Headers {
  return new Headers({
    'Content-Type': type || 'application/octet-stream',
    'Content-Security-Policy': SANDBOX,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Accept-Ranges': 'bytes',
    ...extra,
  });
}

const fileName = (row: ItemRow) => (row.ext && row.ext !== 'url' ? `${row.name}.${row.ext}` : row.name);

export async function serveFile(ctx: Context, id: string, request: Request): Promise<Response> {
  const { db } = await ctx.library();
  const row = await requireItem(db, id);
  // A subscribed or synced library's original is fetched when first opened (and then kept).
  const file = row.hasFile ? ((await db.files.get(row.id)) ?? (await remoteFile(ctx, row, 'original'))) : undefined;
  if (!file && row.hasFile) throw notFound(`id: the original of item "${id}" is not on this device, nor yet where its files come from.`);
  if (!file && row.linked) throw notFound(`id: the original of item "${id}" was not kept, only its address ${row.linked.url}: ${row.linked.reason}`);
  if (!file) throw notFound(`id: item "${id}" is a bookmark and has no file.`);
  const disposition = `inline; filename*=UTF-8''${encodeText(fileName(row))}`;
  return rangedResponse(file.blob, row.mime, request.headers.get('Range'), { 'Content-Disposition': disposition });
}

/** Answers the whole blob, or the single byte range asked for (206), or 416 when it cannot. */
export function rangedResponse(blob: Blob, type: string, range: string | null, extra: Record<string, string> = {}): Response {
  const size = blob.size;
  if (!range) return new Response(blob, { status: 200, headers: fileHeaders(type, { ...extra, 'Content-Length': String(size) }) });
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = match?.[1] ? Number(match[1]) : NaN;
  let end = match?.[2] ? Number(match[2]) : NaN;
  if (match && !match[1] && match[2]) {
    start = Math.max(0, size - Number(match[2])); // suffix range: the last N bytes
    end = size - 1;
  } else if (match && match[1] && !match[2]) {
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (!match || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) {
    const error = new ApiError('RANGE_NOT_SATISFIABLE', `Range header: "${range}" does not fit a file of ${size} bytes.`);
    error.headers = { 'Content-Range': `bytes */${size}` };
    throw error;
  }
  const headers = fileHeaders(type, { ...extra, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) });
  return new Response(blob.slice(start, end + 1), { status: 206, headers });
}

/**
 * The stored thumbnail; while it is being made, an original the browser can show; otherwise
 * (bookmarks, undecodable files, noThumbnail items) a generic icon for the kind of file.
 * `preferOriginal` (a grid cell larger than a thumbnail): an image's original instead, when it is
 * on this device; one that is not (a synced or published library's, never opened here) is not
 * fetched for this, the thumbnail answers.
 */
export async function serveThumbnail(ctx: Context, id: string, preferOriginal = false): Promise<Response> {
  const { db } = await ctx.library();
  const row = await requireItem(db, id);
  // A PSD is image/* too, but no browser shows one: it has only its thumbnail to show.
  const kind = mediaKindOf(row.mime, row.ext);
  const image = row.hasFile && row.mime.startsWith('image/') && kind !== 'psd';
  const original = preferOriginal && image ? await db.files.get(row.id) : undefined;
  if (original) return new Response(original.blob, { headers: fileHeaders(row.mime) });
  if (!row.noThumbnail) {
    const thumbnail = (await db.thumbnails.get(row.id)) ?? (await remoteFile(ctx, row, 'thumbnail'));
    if (thumbnail) return new Response(thumbnail.blob, { headers: fileHeaders(thumbnail.blob.type || 'image/webp') });
    const file = row.thumbnail === 'pending' && image && kind ? await db.files.get(row.id) : undefined;
    if (file) return new Response(file.blob, { headers: fileHeaders(row.mime) });
  }
  return new Response(genericIconSvg(row), { headers: fileHeaders('image/svg+xml') });
}

/** The file fetched from where the library's files come from (ctx.remoteFiles) and kept; undefined when none has it. */
async function remoteFile(ctx: Context, row: ItemRow, kind: 'thumbnail' | 'original'): Promise<{ blob: Blob } | undefined> {
  const blob = await ctx.remoteFiles((await ctx.library()).db, row, kind);
  return blob && { blob };
}
