/**
 * Resolves the source of a new item (url, base64, path or bookmarkURL) to bytes and file facts.
 * Runs before the write transaction: downloads and decoding must not happen inside it.
 */
import type { Context } from '../context';
import { invalid } from '../http/errors';
import { decodeText } from '../http/uri-text';
import { sniffFile, SNIFF_BYTES } from '../images/image-info';
import { extForMime, mimeForExt, splitFileName } from '../images/mime';
import type { NewItemInput } from './item.schema';
import { bookmarkName } from './bookmark-name';
import { linkedSource } from './linked-original';
import type { ResolvedSource } from './resolved-source';
import { isIndexFallback } from './site-fallback';

export type { ResolvedSource } from './resolved-source';

const SOURCES = ['url', 'base64', 'path', 'bookmarkURL'] as const;

/** "items[6]" + "url" → "items[6].url"; a single add has no prefix. */
export const fieldPath = (base: string, name: string) => (base ? `${base}.${name}` : name);

/** The one source field of an item; none or several is an error naming the item. */
export function sourceOf(item: NewItemInput, field: string): (typeof SOURCES)[number] {
  const given = SOURCES.filter((s) => item[s] !== undefined);
  if (given.length !== 1) {
    const what = given.length === 0 ? 'none was given' : `${given.join(' and ')} were given`;
    throw invalid(`${field ? `${field}: e` : 'E'}xactly one source (url, base64, path or bookmarkURL) is required, but ${what}.`);
  }
  return given[0]!;
}

export async function resolveSource(ctx: Context, item: NewItemInput, field: string): Promise<ResolvedSource> {
  const kind = sourceOf(item, field);
  switch (kind) {
    case 'bookmarkURL':
      return bookmark(item.bookmarkURL!, fieldPath(field, 'bookmarkURL'));
    case 'base64':
      // Base64 has no file name: the item's name (`setup.exe`) stands for one.
      return describeBytes('base64', decodeBase64Bytes(item.base64!, fieldPath(field, 'base64')), item.name ?? '', '', item.ext);
    case 'url':
      return download(ctx, item.url!, fieldPath(field, 'url'), item.ext);
    case 'path':
      return fromSite(ctx, item.path!, fieldPath(field, 'path'), item.ext);
  }
}

function parseUrl(text: string, field: string, schemes: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`${field}: "${text}" is not an absolute URL.`);
  }
  if (!schemes.includes(url.protocol)) throw invalid(`${field}: "${text}" must use ${schemes.join(' or ')}.`);
  return url;
}

function bookmark(text: string, field: string): ResolvedSource {
  const url = parseUrl(text.trim(), field, ['http:', 'https:', 'ftp:', 'file:']);
  return { kind: 'bookmarkURL', mime: 'text/uri-list', ext: 'url', width: 0, height: 0, suggestedName: bookmarkName(url), sourceUrl: url.href };
}

/** Base64 or a base64 data: URL to bytes; anything else is a 400 naming `field`. */
export function decodeBase64(text: string, field: string): { blob: Blob; declaredMime: string } {
  const { bytes, declaredMime } = decodeBase64Bytes(text, field);
  return { blob: new Blob([bytes]), declaredMime };
}

function decodeBase64Bytes(text: string, field: string): { bytes: Uint8Array<ArrayBuffer>; declaredMime: string } {
  const dataUrl = /^data:([^;,]*)(;[^,]*)?,/i.exec(text);
  if (dataUrl && !/;base64/i.test(dataUrl[2] ?? '')) throw invalid(`${field}: a data: URL must be base64-encoded (";base64,").`);
  const payload = (dataUrl ? text.slice(dataUrl[0].length) : text).replace(/\s+/g, '');
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    throw invalid(`${field}: is not valid Base64.`);
  }
  if (binary.length === 0) throw invalid(`${field}: holds no data.`);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, declaredMime: dataUrl?.[1] ?? '' };
}

async function download(ctx: Context, text: string, field: string, ext?: string): Promise<ResolvedSource> {
  const url = parseUrl(text.trim(), field, ['http:', 'https:']);
  let response: Response;
  try {
    response = await ctx.fetchSource(url.href);
  } catch (error) {
    return linkedSource(ctx, url, field, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw invalid(`${field}: downloading ${url.href} answered HTTP ${response.status}.`);
  const fileName = decodeText(url.pathname.split('/').pop() ?? '');
  const source = describe('url', { blob: await response.blob(), declaredMime: response.headers.get('Content-Type') ?? '' }, fileName, url.href, ext);
  return source;
}

async function fromSite(ctx: Context, path: string, field: string, ext?: string): Promise<ResolvedSource> {
  if (!path.startsWith('/') || path.startsWith('//')) throw invalid(`${field}: "${path}" must be a path on this site, starting with "/".`);
  let response: Response;
  try {
    response = path.startsWith(`${ctx.apiPrefix}/`) ? await ctx.internal(path) : await ctx.fetchSource(path);
  } catch (error) {
    throw invalid(`${field}: could not read ${path} (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw invalid(`${field}: reading ${path} answered HTTP ${response.status}.`);
  const blob = await response.blob();
  const declaredMime = response.headers.get('Content-Type') ?? '';
  if (!path.startsWith(`${ctx.apiPrefix}/`) && (await isIndexFallback(path, declaredMime, blob))) {
    throw invalid(`${field}: ${path} was not found: this site does not have it (it answered its HTML page instead).`);
  }
  const disposition = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const fileName = decodeText(disposition ?? path.split('?')[0]!.split('/').pop() ?? '');
  return describe('path', { blob, declaredMime }, fileName, '', ext);
}

/** A Blob's facts from its first bytes only: a file of any size is never read whole. */
export async function describe(
  kind: ResolvedSource['kind'],
  { blob, declaredMime }: { blob: Blob; declaredMime: string },
  fileName: string,
  sourceUrl: string,
  ext?: string,
): Promise<ResolvedSource> {
  const facts = factsOf(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()), declaredMime, fileName, ext);
  return { kind, blob: blob.type === facts.mime ? blob : new Blob([blob], { type: facts.mime }), ...facts, sourceUrl };
}

/**
 * `describe` for bytes already in memory (decoded Base64): sniffed where they are, and made into
 * one Blob of the right type. A Blob's bytes live outside the worker, so reading its head back
 * would be a round trip per item.
 */
function describeBytes(kind: ResolvedSource['kind'], { bytes, declaredMime }: { bytes: Uint8Array<ArrayBuffer>; declaredMime: string }, fileName: string, sourceUrl: string, ext?: string): ResolvedSource {
  const facts = factsOf(bytes.subarray(0, SNIFF_BYTES), declaredMime, fileName, ext);
  return { kind, blob: new Blob([bytes], { type: facts.mime }), ...facts, sourceUrl };
}

/**
 * Type, size and suggested name from the file's first bytes, its declared type and its name. The
 * bytes win (a PNG named .jpg is a png); otherwise the extension the caller or the name gives is
 * kept whatever it is (`exe`, `xyz`), and only a file without one takes its declared type's.
 */
function factsOf(head: Uint8Array, declaredMime: string, fileName: string, givenExt = ''): Omit<ResolvedSource, 'kind' | 'blob' | 'sourceUrl'> {
  const sniffed = sniffFile(head);
  const named = splitFileName(fileName);
  const declared = declaredMime.split(';')[0]!.trim().toLowerCase();
  const ext = sniffed?.ext ?? (givenExt || named.ext || extForMime(declared));
  const mime = sniffed?.mime ?? (declared && declared !== 'application/octet-stream' ? declared : mimeForExt(ext));
  return { mime, ext, width: sniffed?.width ?? 0, height: sniffed?.height ?? 0, suggestedName: named.name };
}
