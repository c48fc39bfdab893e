/**
 * The name and annotation an image brings from the page that showed it: its alt text describes it,
 * so it becomes the annotation; it is also the name when the address gives none a person could
 * read (a path ending in "/", or a number or hash such as /p/48213.jpg).
 */
import { cutText } from '../../shared/cut-text';

const NAME_MAX = 120;

function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return decodeURIComponent(last);
  } catch {
    return '';
  }
}

export function imageNameAndNote(url: string, alt: string): { name?: string; annotation?: string } {
  const note = alt.trim();
  if (!note) return {};
  const named = /[a-z]{3,}/i.test(fileNameOf(url).replace(/\.[a-z0-9]{1,5}$/i, ''));
  return named ? { annotation: note } : { name: cutText(note, NAME_MAX), annotation: note };
}
