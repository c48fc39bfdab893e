/**
 * What a drop or paste carries, read synchronously inside the event (a DataTransfer is emptied once
 * its event returns): files and folders as roots for enumerate-files, plus any URLs in its text.
 */
import { droppedLinks, type DroppedLink } from './dropped-links';
import type { DropRoot, EntryLike } from './enumerate-files';

export interface TransferContents {
  roots: DropRoot[];
  /** Links from the transfer's text (dropped-links.ts); empty when files came along (a dragged image's own link). */
  urls: DroppedLink[];
}

export function transferContents(transfer: DataTransfer | null): TransferContents {
  if (!transfer) return { roots: [], urls: [] };
  const roots: DropRoot[] = [];
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() as EntryLike | null | undefined;
    if (entry) {
      roots.push({ entry });
      continue;
    }
    const file = item.getAsFile();
    if (file) roots.push({ file });
  }
  // Some sources fill `files` but not `items`.
  if (roots.length === 0) for (const file of Array.from(transfer.files ?? [])) roots.push({ file });
  if (roots.length) return { roots, urls: [] };
  return { roots, urls: droppedLinks((type) => transfer.getData(type)) };
}

/** True when a drag carries files or links worth accepting (checked on dragover, before the drop). */
export function carriesImportable(transfer: DataTransfer | null): boolean {
  const types = Array.from(transfer?.types ?? []);
  return ['Files', 'text/uri-list', 'text/plain', 'text/html', 'text/x-moz-url'].some((type) => types.includes(type));
}
