/**
 * Which picked or dropped files are other tools' exports, to go through library/import instead of
 * item/add: a browser's bookmark file (HTML with the Netscape DOCTYPE) and a zip (a Google Takeout
 * or an Eagle library; the worker tells by its content, and a zip that is neither is added as a file).
 */
import type { ImportState } from '../../core/eagle-library';
import { decodeBookmarkBytes } from '../../shared/decode-bookmark-bytes';

export type ExportKind = 'bookmarks' | 'zip';

const NETSCAPE = /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i;

export async function exportKindOf(file: File): Promise<ExportKind | undefined> {
  if (/\.zip$/i.test(file.name) || file.type === 'application/zip') return 'zip';
  if (!/\.html?$/i.test(file.name) && file.type !== 'text/html') return undefined;
  // Decoded as the worker will: a UTF-16 export reads as nothing when taken for UTF-8.
  return NETSCAPE.test(decodeBookmarkBytes(new Uint8Array(await file.slice(0, 4096).arrayBuffer()))) ? 'bookmarks' : undefined;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

const FORMATS: Record<string, string> = { bookmarks: 'Bookmarks', takeout: 'Google Takeout', eagle: 'Eagle library' };

/** The report of one export's import, as the import panel shows it. */
export function exportReport(name: string, state: ImportState): { title: string; lines: string[] } {
  const what = FORMATS[state.format ?? 'eagle'] ?? 'Export';
  const title =
    state.status === 'failed'
      ? `${name} (${what}) stopped: ${state.error}`
      : state.status === 'done'
        ? `${name} (${what}): done`
        : `${name} (${what}): ${state.done.toLocaleString()} of ${state.total.toLocaleString()}`;
  const lines = [`${plural(state.imported, 'item', 'items')} imported`];
  const already = (state.duplicates ?? 0) + state.skipped;
  if (already) lines.push(`${plural(already, 'was', 'were')} already in the library (not copied again)`);
  if (state.broken.length) {
    lines.push(`${plural(state.broken.length, 'entry was', 'entries were')} skipped:`);
    for (const broken of state.broken.slice(0, 20)) lines.push(`${broken.name}: ${broken.reason}`);
    if (state.broken.length > 20) lines.push(`and ${state.broken.length - 20} more`);
  }
  return { title, lines };
}
