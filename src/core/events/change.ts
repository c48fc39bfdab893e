/**
 * What the change feed announces: one change per kind of object and action, with the ids
 * concerned. `GET /api/v2/events` sends each as a server-sent event named by `kind`, whose data is
 * the rest of the change (docs/api-extensions.md#change-feed). A change is a hint to re-read, never the data
 * itself: it carries no history, and a client that reconnects re-reads what it shows.
 */

/** Every action of every kind. Add an action here (and to docs/api-extensions.md#change-feed) before announcing it. */
export interface ChangeActions {
  /** ids: item ids. `updated` also covers comments, thumbnails and palettes becoming ready. */
  item: 'added' | 'updated' | 'trashed' | 'restored' | 'removed' | 'selected' | 'opened';
  /** ids: folder ids. `updated` also covers a folder's item count. */
  folder: 'created' | 'updated' | 'removed' | 'opened';
  smartFolder: 'created' | 'updated' | 'removed';
  /**
   * ids: tag names (a tag's name is its id). `updated` also covers counts; `renamed` and `merged`
   * carry `from` (the old name, or the merged source) besides the row changes they cause.
   */
  tag: 'created' | 'updated' | 'removed' | 'renamed' | 'merged';
  tagGroup: 'created' | 'updated' | 'removed';
  /**
   * ids: the library's path; `switched`, `renamed` and `removed` also carry `name` (the new one for
   * `renamed`). `indexed`: the library's search index, filters and counts were replaced whole (a
   * published library's first load): whatever a client shows of it may have changed, so it reads
   * everything again, as after a reconnect; one event instead of every item's id. `loading`: a
   * published library's first load stored another batch (details: `stored`, `total`, `indexed`, as
   * library/info's `loading`); `loaded`: that load finished.
   */
  library: 'created' | 'switched' | 'renamed' | 'removed' | 'indexed' | 'loading' | 'loaded';
  /** Progress of an import, published by the import job (ids: the import's id). */
  import: string;
  /**
   * ids: items whose AI-search evidence (objects found, a meaning or CLIP vector) was just stored:
   * an AI search may rank them differently now.
   */
  aiSearch: 'indexed';
}

export type ChangeKind = keyof ChangeActions;

export const CHANGE_KINDS: readonly ChangeKind[] = ['item', 'folder', 'smartFolder', 'tag', 'tagGroup', 'library', 'import', 'aiSearch'];

/** Extra JSON fields some changes carry (`from` of a rename, an import's counts). */
export type ChangeDetails = Record<string, string | number | boolean | null | readonly string[]>;

export type Change = {
  [K in ChangeKind]: { kind: K; action: ChangeActions[K]; ids: readonly string[]; details?: ChangeDetails };
}[ChangeKind];

/** A change as published: of which library (its path). */
export type ChangeEvent = Change & { library: string };
