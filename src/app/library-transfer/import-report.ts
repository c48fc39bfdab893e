/** The final report of an import, in words a person reads (the library menu shows it). */
import type { ImportState } from '../../core/eagle-library';

export interface ReportLines {
  title: string;
  lines: string[];
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function importReport(state: ImportState): ReportLines {
  const title =
    state.status === 'done'
      ? state.into === 'current'
        ? `Added ${state.folderName} to "${state.libraryName}"`
        : `Opened ${state.folderName} as "${state.libraryName}"`
      : state.status === 'failed'
        ? `Opening ${state.folderName} stopped: ${state.error}`
        : `Opening ${state.folderName}: ${state.done.toLocaleString()} of ${state.total.toLocaleString()} item folders`;
  const lines = [`${plural(state.imported, 'item', 'items')} imported (${(state.bytes / 1024 / 1024).toFixed(1)} MB)`];
  if (state.skipped) lines.push(`${plural(state.skipped, 'item was', 'items were')} already in the library and skipped`);
  if (state.broken.length) {
    lines.push(`${plural(state.broken.length, 'item folder is', 'item folders are')} broken and skipped:`);
    for (const broken of state.broken) lines.push(`${broken.name}: ${broken.reason}`);
  }
  if (state.thumbnailsQueued) lines.push(`${plural(state.thumbnailsQueued, 'thumbnail is', 'thumbnails are')} being made`);
  return { title, lines };
}
