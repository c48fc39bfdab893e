/**
 * What is being dragged inside the page: grid items (the whole selection) or one sidebar folder.
 * A drag's data can only be read on drop, but a drop target has to decide on dragover whether it
 * accepts, so the payload is kept here for the drag's length and the DataTransfer carries only our
 * own type (so the grid's file-import target, which takes files, links and text, ignores it).
 * The ids never go into the DataTransfer: a selection can hold a million of them. A big selection
 * is not even a list here: `ids` null means "the current selection", paged from the worker on drop.
 */
export const ITEMS_TYPE = 'application/x-asset-library-items';
export const FOLDER_TYPE = 'application/x-asset-library-folder';

export type DragPayload = { kind: 'items'; count: number; ids: readonly string[] | null } | { kind: 'folder'; id: string };

let current: DragPayload | null = null;

function start(event: DragEvent, type: string, payload: DragPayload, effect: 'copy' | 'move'): void {
  current = payload;
  const transfer = event.dataTransfer;
  if (!transfer) return;
  transfer.setData(type, payload.kind === 'items' ? String(payload.count) : payload.id);
  transfer.effectAllowed = effect;
  // The drag ends wherever the drop lands (or nowhere): forget the payload then.
  event.target?.addEventListener('dragend', () => (current = null), { once: true });
}

/** Drags items: `ids`, or (null) the current selection, `count` of them. */
export function startItemsDrag(event: DragEvent, ids: readonly string[] | null, count = ids?.length ?? 0): void {
  start(event, ITEMS_TYPE, { kind: 'items', count, ids }, 'copy');
}

export function startFolderDrag(event: DragEvent, id: string): void {
  start(event, FOLDER_TYPE, { kind: 'folder', id }, 'move');
}

/** The payload of this drag when it is one of ours (a file dragged in from outside is not). */
export function draggedPayload(event: DragEvent): DragPayload | null {
  const types = Array.from(event.dataTransfer?.types ?? []);
  if (!current) return null;
  const type = current.kind === 'items' ? ITEMS_TYPE : FOLDER_TYPE;
  return types.includes(type) ? current : null;
}
