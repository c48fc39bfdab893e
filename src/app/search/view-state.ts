/**
 * What the grid shows, as one value: the view (a built-in view, a folder, a smart folder or a tag),
 * the search text, the filter chips and the sort. It lives in the URL, so back/forward and a pasted
 * link restore it; `toSearchParams` and `fromSearchParams` are exact inverses for every valid state.
 */

export type BuiltInView = 'all' | 'unfiled' | 'untagged' | 'random' | 'trash';
/** AI views: items like one item (`similar`), like a dropped picture (`image`, id names it in ../ai/dropped-images.ts). */
export type AiView = { kind: 'similar' | 'image'; id: string };
export type View = { kind: BuiltInView } | { kind: 'folder' | 'smart' | 'tag'; id: string } | AiView;
/** How search text is read: the item/query syntax (`words`) or a description for aiSearch/searchByText (`meaning`). */
export type SearchMode = 'words' | 'meaning';

export const SHAPES = ['square', 'portrait', 'panoramic-portrait', 'landscape', 'panoramic-landscape'] as const;
export type Shape = (typeof SHAPES)[number];

export interface Filters {
  /** Items carrying all of these tags. */
  tags: string[];
  /** Items in any of these folders. */
  folders: string[];
  ext?: string;
  rating?: number;
  shape?: Shape;
  /** Items with this colour in their palette, `#rrggbb`. */
  color?: string;
}

export const ORDER_FIELDS = ['IMPORT', 'MTIME', 'NAME', 'EXT', 'FILESIZE', 'RESOLUTION', 'RATING'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export interface Sort {
  field: OrderField;
  descending: boolean;
}

export interface ViewState {
  view: View;
  search: string;
  searchMode: SearchMode;
  filters: Filters;
  sort: Sort;
  /** The Random view's shuffle; a new seed reshuffles. */
  seed: number;
}

export const DEFAULT_SORT: Sort = { field: 'IMPORT', descending: true };
const BUILT_IN: readonly BuiltInView[] = ['all', 'unfiled', 'untagged', 'random', 'trash'];
const WITH_ID = ['folder', 'smart', 'tag', 'similar', 'image'] as const;

/** An AI view lists aiSearch's answer (best first), not item/get's: no filters, no sort. */
export const isAiView = (view: View): view is AiView => view.kind === 'similar' || view.kind === 'image';

export function defaultViewState(sort: Sort = DEFAULT_SORT, seed = 1): ViewState {
  return { view: { kind: 'all' }, search: '', searchMode: 'words', filters: { tags: [], folders: [] }, sort, seed };
}

export function viewKey(view: View): string {
  return 'id' in view ? `${view.kind}:${view.id}` : view.kind;
}

export function sortKey(sort: Sort): string {
  return `${sort.descending ? '-' : ''}${sort.field}`;
}

export function parseSort(text: string | null): Sort | undefined {
  if (!text) return undefined;
  const descending = text.startsWith('-');
  const field = (descending ? text.slice(1) : text).toUpperCase();
  return (ORDER_FIELDS as readonly string[]).includes(field) ? { field: field as OrderField, descending } : undefined;
}

function parseView(text: string | null): View {
  if (!text) return { kind: 'all' };
  if ((BUILT_IN as readonly string[]).includes(text)) return { kind: text as BuiltInView };
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const id = text.slice(colon + 1);
  if (colon > 0 && id && (WITH_ID as readonly string[]).includes(kind)) return { kind: kind as (typeof WITH_ID)[number], id };
  return { kind: 'all' };
}

/** Lists go in the URL as repeated parameters, so names with commas survive. */
export function toSearchParams(state: ViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view.kind !== 'all') params.set('view', viewKey(state.view));
  if (state.search) params.set('q', state.search);
  if (state.searchMode === 'meaning') params.set('mode', 'meaning');
  for (const tag of state.filters.tags) params.append('tag', tag);
  for (const folder of state.filters.folders) params.append('folder', folder);
  if (state.filters.ext) params.set('ext', state.filters.ext);
  if (state.filters.rating !== undefined) params.set('rating', String(state.filters.rating));
  if (state.filters.shape) params.set('shape', state.filters.shape);
  // Without its '#', which a URL would have to escape.
  if (state.filters.color) params.set('color', state.filters.color.slice(1));
  // Random has its own order; every other view carries its sort, so a pasted link sorts as its sender saw it.
  if (state.view.kind === 'random') params.set('seed', String(state.seed));
  else params.set('sort', sortKey(state.sort));
  return params;
}

/** Reads a URL's state; what is missing or malformed falls back to `fallback` (the remembered sort). */
export function fromSearchParams(params: URLSearchParams, fallback: ViewState = defaultViewState()): ViewState {
  const rating = Number(params.get('rating'));
  const shape = params.get('shape');
  const seed = Number(params.get('seed'));
  const color = params.get('color')?.toLowerCase() ?? '';
  return {
    view: parseView(params.get('view')),
    search: params.get('q') ?? '',
    searchMode: params.get('mode') === 'meaning' ? 'meaning' : 'words',
    filters: {
      tags: params.getAll('tag').filter(Boolean),
      folders: params.getAll('folder').filter(Boolean),
      ext: params.get('ext') || undefined,
      rating: params.has('rating') && Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : undefined,
      shape: (SHAPES as readonly string[]).includes(shape ?? '') ? (shape as Shape) : undefined,
      color: /^[0-9a-f]{6}$/.test(color) ? `#${color}` : undefined,
    },
    sort: parseSort(params.get('sort')) ?? fallback.sort,
    seed: Number.isInteger(seed) && params.has('seed') ? seed : fallback.seed,
  };
}

export function sameViewState(a: ViewState, b: ViewState): boolean {
  return toSearchParams(a).toString() === toSearchParams(b).toString();
}

export function hasFilters(filters: Filters): boolean {
  return filters.tags.length > 0 || filters.folders.length > 0 || !!filters.ext || filters.rating !== undefined || !!filters.shape || !!filters.color;
}
