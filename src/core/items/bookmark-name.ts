/**
 * A bookmark added without a name is named from its address as a person would say it: the last
 * words of its path and the site ("Hummingbird facts · example.com"), or the site alone, with its
 * port, for a front page ("127.0.0.1:4173"). A bare host ("127.0.0.1") told people nothing of
 * which page it was.
 */
const PAGE_EXT = /\.(html?|php|aspx?|jsp|cgi)$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function bookmarkName(url: URL): string {
  const segments = url.pathname.split('/').map(decoded);
  const site = url.host.replace(/^www\./i, '');
  const last = segments.filter((segment) => /\p{L}/u.test(segment.replace(PAGE_EXT, ''))).pop();
  const words = last?.replace(PAGE_EXT, '').replace(/[-_+\s]+/g, ' ').trim();
  if (!words) return site || url.href;
  const title = words.charAt(0).toLocaleUpperCase() + words.slice(1);
  return site ? `${title} · ${site}` : title;
}
