/**
 * The grid as a drag source: dragging a cell drags the whole selection (or just that item when it
 * is not selected, which then becomes the selection, as file managers do), to be dropped on a
 * sidebar folder. The drag image is a small "N items" badge, since one thumbnail would hide that
 * a thousand items are on the move.
 */
import { startItemsDrag } from '../folders/drag-payload';
import type { SelectionStore } from '../selection/selection-store';
import { plural } from '../ui/format';

export function dragSelection(event: DragEvent, selection: SelectionStore): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
  const id = cell?.dataset.id;
  if (!cell || !id) return event.preventDefault();
  if (!selection.has(Number(cell.dataset.index), id)) void selection.click(Number(cell.dataset.index), id);
  // A selection of clicks goes as its ids; a range or select-all as "the selection" (read from the worker on drop).
  startItemsDrag(event, selection.explicitIds, selection.count);
  showBadge(event, plural(selection.count, 'item'));
}

function showBadge(event: DragEvent, text: string): void {
  if (!event.dataTransfer) return;
  const badge = document.createElement('div');
  badge.className = 'drag-badge';
  badge.textContent = text;
  document.body.append(badge);
  event.dataTransfer.setDragImage(badge, -8, -8);
  // The browser takes its picture of the badge now; it is not needed afterwards.
  setTimeout(() => badge.remove());
}
