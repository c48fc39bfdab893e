/**
 * Static hosts often answer a path they do not have with the site's index page (an SPA fallback),
 * status 200. For item/add `path`, an HTML answer for a path that does not name an HTML file is
 * that fallback, so the file is not there (docs/contract.md#items). A path without an extension may be a
 * page (`/about`) and keeps its HTML.
 */
import { splitFileName } from '../images/mime';

const HTML_EXTS = new Set(['html', 'htm', 'xhtml', 'shtml']);
const HTML_START = /^\s*<(!doctype\s+html|html[\s>])/i;
const PEEK_BYTES = 512;

export async function isIndexFallback(path: string, declaredType: string, blob: Blob): Promise<boolean> {
  const fileName = path.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const { ext } = splitFileName(fileName);
  if (ext === '' || HTML_EXTS.has(ext)) return false;
  if (/^text\/html\b/i.test(declaredType.trim())) return true;
  return HTML_START.test(await blob.slice(0, PEEK_BYTES).text());
}
