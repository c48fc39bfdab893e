/**
 * What a burst of heard changes (GET /api/v2/events) means for the screen, folded into one record:
 * an import of 1,000 items is many events but one batch, so the app re-reads once. Pure: no DOM,
 * no API, tested in node.
 */
import type { HeardChange } from '../change-stream';
import type { PublishedLoad } from '../api-types';

export class ChangeBatch {
  /** Items whose rows changed in any way (added, updated, trashed, restored, removed). */
  readonly items = new Set<string>();
  /** Items that left the ordinary views (trashed or removed). */
  readonly trashed = new Set<string>();
  /** Items that left the Trash (restored or removed). */
  readonly restored = new Set<string>();
  /** Items whose AI-search evidence was stored (no row changed): an AI search shown may rank them now. */
  readonly aiIndexed = new Set<string>();
  /** Folders, smart folders, tags or tag groups changed: the sidebar's tree and the inspector's names. */
  tree = false;
  /** Tags or tag groups changed: the tag manager's list. */
  tags = false;
  /** A library was created: the switcher's list. */
  libraries = false;
  /** Another library was opened: everything shown belongs to the old one. */
  switched = false;
  /** The stream was reopened: changes may have been missed, so everything is read again. */
  resync = false;
  /**
   * The open library's index was replaced whole (a published library's first load, `library
   * indexed`): every count, filter and search may differ, so all that is shown is read again, the
   * view, selection and inspector kept.
   */
  indexed = false;
  /**
   * The open published library's load moved on: its newest state (null: it finished). Its batches
   * announce no item ids (a bulk load's rows come with no index yet), so the listing is read again.
   */
  publishedLoad: PublishedLoad | null | undefined;
  /** The last item or folder some client asked every tab to show (item/open, folder/open). */
  open: { kind: 'item' | 'folder'; id: string } | undefined;

  get empty(): boolean {
    return !this.items.size && !this.aiIndexed.size && !this.tree && !this.tags && !this.libraries && !this.switched && !this.resync && !this.indexed && !this.open && this.publishedLoad === undefined;
  }

  /** Folds one change in; changes of another library than `current` (when known) are left out. */
  add(change: HeardChange, current?: string): void {
    if (change.kind === 'library') {
      if (change.action === 'switched') this.switched = true;
      else if (change.action === 'indexed') this.indexed ||= current === undefined || change.library === current;
      else if (change.action === 'loading' || change.action === 'loaded') this.addLoad(change, current);
      else this.libraries = true;
      return;
    }
    if (current !== undefined && change.library !== current) return;
    switch (change.kind) {
      case 'item':
        return this.addItem(change);
      case 'folder':
        if (change.action === 'opened') this.open = { kind: 'folder', id: change.ids[0]! };
        else this.tree = true;
        return;
      case 'smartFolder':
        this.tree = true;
        return;
      case 'aiSearch':
        if (change.action === 'indexed') for (const id of change.ids) this.aiIndexed.add(id);
        return;
      case 'tag':
      case 'tagGroup':
        this.tree = true;
        this.tags = true;
        return;
      default:
      // import progress: its items and tags arrive as item and tag changes.
    }
  }

  private addLoad(change: HeardChange, current?: string): void {
    if (current !== undefined && change.library !== current) return;
    const { stored, total, indexed, failed } = change;
    this.publishedLoad = change.action === 'loaded' ? null : { stored: Number(stored), total: Number(total), indexed: indexed === true, ...(typeof failed === 'string' ? { failed } : {}) };
  }

  private addItem({ action, ids }: HeardChange): void {
    if (action === 'selected') return; // the selection is each tab's own (the embed element follows it)
    if (action === 'opened') {
      if (ids[0]) this.open = { kind: 'item', id: ids[0] };
      return;
    }
    for (const id of ids) {
      this.items.add(id);
      if (action === 'trashed' || action === 'removed') this.trashed.add(id);
      if (action === 'restored' || action === 'removed') this.restored.add(id);
    }
  }
}
