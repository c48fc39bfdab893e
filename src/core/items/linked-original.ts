/**
 * An image whose server refuses a cross-origin read (no CORS headers) cannot be downloaded by the
 * library, yet a page's <img> still shows it. Such an item keeps the image's URL instead of its bytes
 * and says what that costs (docs/decisions/linked-originals.md). A second, `no-cors` request tells a
 * refused read (it answers, opaquely) from a server that cannot be reached (it throws).
 */
import type { Context } from '../context';
import { invalid } from '../http/errors';
import { decodeText } from '../http/uri-text';
import { mimeForExt, splitFileName } from '../images/mime';
import type { LinkedOriginal } from '../storage/rows';
import type { ResolvedSource } from './resolved-source';

export function linkReason(url: URL): string {
  return `${url.host} does not let other sites read its files (no CORS). The item shows the image from its address while that site serves it; it has no size, no colour palette and no AI descriptors, and exports hold only its address.`;
}

export async function linkedSource(ctx: Context, url: URL, field: string, detail: string): Promise<ResolvedSource & { linked: LinkedOriginal }> {
  try {
    await ctx.fetchSource(url.href, { mode: 'no-cors' });
  } catch {
    throw invalid(`${field}: could not download ${url.href}: the server could not be reached (${detail}).`);
  }
  const { name, ext } = splitFileName(decodeText(url.pathname.split('/').pop() ?? ''));
  return {
    kind: 'url',
    mime: mimeForExt(ext),
    ext,
    width: 0,
    height: 0,
    suggestedName: name || url.hostname,
    sourceUrl: url.href,
    linked: { url: url.href, reason: linkReason(url) },
  };
}
