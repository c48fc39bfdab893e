/**
 * One table of keyboard shortcuts: the `?` help lists it, and the shell and grid act on it. Global
 * shortcuts are ignored while the person types in a field.
 */

export interface Shortcut {
  keys: string;
  does: string;
  /** Where it works; the grid's keys need the focus in the grid. */
  scope: 'anywhere' | 'grid';
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: '/', does: 'Search', scope: 'anywhere' },
  { keys: '↓ in the search box', does: 'Go to the results', scope: 'anywhere' },
  { keys: '?', does: 'Show these shortcuts', scope: 'anywhere' },
  { keys: 'Shift+D', does: 'Find duplicates', scope: 'anywhere' },
  { keys: 'Ctrl+A', does: 'Select every item of the view', scope: 'anywhere' },
  { keys: 'Esc', does: 'Clear the selection; close a dialog', scope: 'anywhere' },
  { keys: '← → ↑ ↓', does: 'Move between items', scope: 'grid' },
  { keys: 'Shift + arrows', does: 'Extend the selection', scope: 'grid' },
  { keys: 'Ctrl + arrows', does: 'Move without selecting', scope: 'grid' },
  { keys: 'Ctrl+Space', does: 'Add or remove the item from the selection', scope: 'grid' },
  { keys: 'Home / End', does: 'First / last item', scope: 'grid' },
  { keys: 'PageUp / PageDown', does: 'One screen up / down', scope: 'grid' },
  { keys: 'Enter', does: 'Open the item in the viewer', scope: 'grid' },
  { keys: 'Space', does: 'Quick preview', scope: 'grid' },
  { keys: '1 … 5, 0', does: 'Rate the selection (0 clears the rating)', scope: 'grid' },
  { keys: 'Delete', does: 'Move the selection to the trash (with undo)', scope: 'grid' },
  { keys: 'Alt+Delete', does: 'Remove the selection from the folder being viewed (with undo)', scope: 'grid' },
  { keys: 'Delete in the Trash', does: 'Delete the selection for good (asks first)', scope: 'grid' },
  { keys: 'Alt+Delete in the Trash', does: 'Restore the selection from the trash', scope: 'grid' },
  { keys: 'Shift+F10 or the Menu key on an item in the Trash', does: 'Item menu: restore, delete for good', scope: 'grid' },
  { keys: 'Shift+F10 or the Menu key on a folder', does: 'Folder menu: new subfolder, rename, edit, move, delete', scope: 'anywhere' },
  { keys: 'Delete on a folder', does: 'Delete the folder and its subfolders (asks first; items stay)', scope: 'anywhere' },
  { keys: 'Click, Ctrl+click, Shift+click', does: 'Select one, add one, select a range', scope: 'grid' },
];

export type GlobalCommand = 'focus-search' | 'show-help' | 'select-all' | 'clear-selection' | 'find-duplicates';

/** The global command a key press asks for, or undefined (also when typing in a field). */
export function globalCommand(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, typing: boolean): GlobalCommand | undefined {
  if (event.altKey) return undefined;
  if (event.key === 'Escape' && !typing) return 'clear-selection';
  if (typing) return undefined;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') return 'select-all';
  if (event.ctrlKey || event.metaKey) return undefined;
  if (event.key === '/') return 'focus-search';
  if (event.key === '?') return 'show-help';
  if (event.key === 'D') return 'find-duplicates';
  return undefined;
}

/** True when the event comes from a place where keys type text. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || !element.tagName) return false;
  if (element.isContentEditable) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['checkbox', 'radio', 'range', 'button', 'submit', 'reset'].includes(type);
}
