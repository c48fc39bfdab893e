/**
 * Keyboard moves in the grid, as index arithmetic: arrows, Home/End, PageUp/PageDown. Pure, so
 * the edge cases (last short row, first row, an empty grid) are node-tested.
 */

export type Move = 'left' | 'right' | 'up' | 'down' | 'home' | 'end' | 'pageUp' | 'pageDown';

const KEYS: Record<string, Move> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
  PageUp: 'pageUp',
  PageDown: 'pageDown',
};

export function moveOfKey(key: string): Move | undefined {
  return KEYS[key];
}

/** The index the focus moves to; `pageRows` is how many rows fit the viewport. */
export function moveIndex(from: number, move: Move, count: number, columns: number, pageRows: number): number {
  if (count === 0) return -1;
  const last = count - 1;
  const at = Math.min(Math.max(from, 0), last);
  const page = Math.max(1, pageRows) * columns;
  switch (move) {
    case 'left':
      return Math.max(0, at - 1);
    case 'right':
      return Math.min(last, at + 1);
    case 'up':
      return at - columns >= 0 ? at - columns : at;
    case 'down':
      if (at + columns <= last) return at + columns;
      // Into a shorter last row: its last item, as file managers do.
      return Math.floor(at / columns) < Math.floor(last / columns) ? last : at;
    case 'home':
      return 0;
    case 'end':
      return last;
    case 'pageUp':
      return Math.max(at % columns, at - page);
    case 'pageDown':
      return Math.min(last, at + page);
  }
}
