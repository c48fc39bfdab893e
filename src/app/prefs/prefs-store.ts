/**
 * What the person set up and expects back after a reload: thumbnail size, sort, panel widths and
 * which panels are open. Kept in localStorage (per origin, tiny); a bad or missing entry falls back.
 */
import { clampThumb, DEFAULT_THUMB } from '../grid/grid-geometry';
import { DEFAULT_SORT, parseSort, sortKey, type Sort } from '../search/view-state';
import { Store } from '../state/store';

export interface Prefs {
  thumbSize: number;
  sort: Sort;
  sidebarWidth: number;
  inspectorWidth: number;
  sidebarOpen: boolean;
  inspectorOpen: boolean;
}

const KEY = 'offline-asset-library:prefs';
export const PANEL_MIN = 180;
export const PANEL_MAX = 480;
const DEFAULTS: Prefs = { thumbSize: DEFAULT_THUMB, sort: DEFAULT_SORT, sidebarWidth: 240, inspectorWidth: 300, sidebarOpen: true, inspectorOpen: true };

const clampPanel = (width: unknown, fallback: number) =>
  typeof width === 'number' && Number.isFinite(width) ? Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(width))) : fallback;

export class PrefsStore extends Store {
  prefs: Prefs;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage) {
    super();
    this.prefs = this.read();
  }

  update(change: Partial<Prefs>): void {
    this.prefs = this.normalise({ ...this.prefs, ...change });
    this.storage.setItem(KEY, JSON.stringify({ ...this.prefs, sort: sortKey(this.prefs.sort) }));
    this.changed();
  }

  private read(): Prefs {
    try {
      const raw = JSON.parse(this.storage.getItem(KEY) ?? '{}') as Record<string, unknown>;
      return this.normalise({ ...DEFAULTS, ...raw, sort: parseSort(String(raw.sort ?? '')) ?? DEFAULTS.sort } as Prefs);
    } catch {
      return { ...DEFAULTS };
    }
  }

  private normalise(prefs: Prefs): Prefs {
    return {
      thumbSize: clampThumb(Number(prefs.thumbSize) || DEFAULT_THUMB),
      sort: prefs.sort,
      sidebarWidth: clampPanel(prefs.sidebarWidth, DEFAULTS.sidebarWidth),
      inspectorWidth: clampPanel(prefs.inspectorWidth, DEFAULTS.inspectorWidth),
      sidebarOpen: prefs.sidebarOpen !== false,
      inspectorOpen: prefs.inspectorOpen !== false,
    };
  }
}
