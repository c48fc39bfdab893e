/**
 * The links a drop or paste carries, with what they say about themselves: a dragged <img> is an
 * image even when its address has no extension (/photo/hummingbird), and brings its alt text; a
 * dragged or copied link brings its anchor text as a name. Browsers put these in text/html (any
 * browser), text/x-moz-url ("url\ntitle" pairs, Firefox) and text/uri-list or text/plain (the bare
 * addresses, read last and knowing nothing more).
 */
import { urlsInText } from './url-text';

export interface DroppedLink {
  url: string;
  /** `image`: shown by an <img>; `page`: the target of a link; `unknown`: a bare address. */
  kind: 'image' | 'page' | 'unknown';
  /** Anchor text of a link, or the alt text of an image that has no other name (./image-fields.ts decides). */
  name?: string;
  /** Alt text of an image. */
  alt?: string;
}

/** Reads a DataTransfer's text types by name (a stand-in in node tests). */
export type TextTypes = (type: string) => string;

const webUrl = (value: string | null | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
};

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Images and links of an HTML fragment, in document order, without repeats. */
export function linksInHtml(html: string, parse: (html: string) => Document = (h) => new DOMParser().parseFromString(h, 'text/html')): DroppedLink[] {
  const doc = parse(html);
  const found: DroppedLink[] = [];
  const seen = new Set<string>();
  for (const element of Array.from(doc.querySelectorAll('img[src], a[href]'))) {
    if (element.tagName === 'IMG') {
      const url = webUrl(element.getAttribute('src'));
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const alt = clean(element.getAttribute('alt'));
      found.push({ url, kind: 'image', ...(alt ? { alt } : {}) });
    } else if (!element.querySelector('img')) {
      // A link around an image is how the image was dragged; the image above is what was meant.
      const url = webUrl(element.getAttribute('href'));
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const name = clean(element.textContent);
      found.push({ url, kind: 'page', ...(name && name !== url ? { name } : {}) });
    }
  }
  return found;
}

/** Firefox's text/x-moz-url: an address line, then its title line, repeated. */
export function linksInMozUrl(text: string): DroppedLink[] {
  const lines = text.split(/\r?\n/);
  const found: DroppedLink[] = [];
  for (let i = 0; i < lines.length; i += 2) {
    const url = webUrl(lines[i]);
    if (!url) continue;
    const name = clean(lines[i + 1]);
    found.push({ url, kind: 'unknown', ...(name && name !== url ? { name } : {}) });
  }
  return found;
}

/** What a transfer's text says, from the richest type it holds. */
export function droppedLinks(read: TextTypes, parse?: (html: string) => Document): DroppedLink[] {
  const html = read('text/html');
  const fromHtml = html ? linksInHtml(html, parse) : [];
  if (fromHtml.length) return fromHtml;
  const moz = read('text/x-moz-url');
  const fromMoz = moz ? linksInMozUrl(moz) : [];
  if (fromMoz.length) return fromMoz;
  const text = read('text/uri-list') || read('text/plain');
  return text ? urlsInText(text).map((url) => ({ url, kind: 'unknown' as const })) : [];
}
