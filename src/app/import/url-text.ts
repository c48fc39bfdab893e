/** Finds the http(s) URLs in pasted or dropped text, in order and without repeats. */

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the URL ("see https://x.org/a.png.").
const TRAILING = /[.,;:!?)\]}»”’]+$/;

export function urlsInText(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    let candidate = match[0].replace(TRAILING, '');
    // Keep a closing bracket the URL itself opened, e.g. a Wikipedia path "Foo_(bar)".
    const opened = (candidate.match(/\(/g) ?? []).length - (candidate.match(/\)/g) ?? []).length;
    if (opened > 0 && match[0].slice(candidate.length).startsWith(')')) candidate += ')';
    try {
      const href = new URL(candidate).href;
      if (!found.includes(href)) found.push(href);
    } catch {
      // Not a URL after all: skip it.
    }
  }
  return found;
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|bmp|svg|ico|tiff?|heic)(?:[?#]|$)/i;

/** A URL whose path names an image file is downloaded; any other page is kept as a bookmark. */
export function looksLikeFileUrl(url: string): boolean {
  try {
    return IMAGE_EXTENSIONS.test(new URL(url).pathname);
  } catch {
    return false;
  }
}
