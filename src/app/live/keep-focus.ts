/**
 * The grid's keyboard focus is a position. Items added above it (a live import, another tab) push
 * the focused item down, and the cell at its old position shows another: Enter then opened that
 * one. So a live re-read notes the focused item first and puts the focus back on it after.
 */
import type { ResultStore } from '../grid/result-store';
import type { SelectionStore } from '../selection/selection-store';

export interface FocusHeld {
  id: string;
  index: number;
  /** The person's action count then: anything they did meanwhile wins. */
  actions: number;
}

export function heldFocus(results: Pick<ResultStore, 'idAt'>, selection: Pick<SelectionStore, 'focus' | 'actions'>): FocusHeld | undefined {
  const id = results.idAt(selection.focus);
  return id === undefined ? undefined : { id, index: selection.focus, actions: selection.actions };
}

/** The focused item's new position when it moved (the focus is moved there), else undefined. */
export function followFocus(held: FocusHeld, results: Pick<ResultStore, 'indexOfLoaded'>, selection: Pick<SelectionStore, 'actions' | 'focus' | 'refocus'>): number | undefined {
  if (selection.actions !== held.actions || selection.focus !== held.index) return undefined;
  const now = results.indexOfLoaded(held.id);
  if (now < 0 || now === held.index) return undefined;
  selection.refocus(now);
  return now;
}
