/**
 * What the sidebar lists: the built-in views with their counts (each the `total` the API answers
 * for that view, so a count always equals what the view shows), the folder tree, smart folders and
 * tags (starred first, then by count) with the tag groups they are shown under.
 */
import type { Folder, Page, SmartFolder, Tag, TagGroup } from '../api-types';
import type { BuiltInView } from '../search/view-state';
import type { ApiPort } from '../state/api-port';
import { NewestAnswer } from '../state/newest-answer';
import { Store } from '../state/store';

/** The item/get filter of each built-in view (Random shows every item, shuffled). */
export const VIEW_FILTERS: Record<BuiltInView, Record<string, boolean>> = {
  all: {},
  unfiled: { isUnfiled: true },
  untagged: { isUntagged: true },
  random: {},
  trash: { isDeleted: true },
};

const TAG_LIMIT = 1000;

export class SidebarStore extends Store {
  counts: Partial<Record<BuiltInView, number>> = {};
  folders: Folder[] = [];
  smartFolders: SmartFolder[] = [];
  tags: Tag[] = [];
  tagGroups: TagGroup[] = [];
  tagTotal = 0;
  private readonly countAnswers = new NewestAnswer();
  private readonly treeAnswers = new NewestAnswer();

  constructor(
    private readonly api: ApiPort,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
  }

  async load(): Promise<void> {
    await Promise.all([this.loadCounts(), this.loadTree()]);
  }

  /** Counts only: after a trash or restore. */
  async loadCounts(): Promise<void> {
    const ticket = this.countAnswers.ticket();
    try {
      const entries = await Promise.all(
        (Object.keys(VIEW_FILTERS) as BuiltInView[]).map(async (view) => {
          const page = await this.api.post('/item/get', { ...VIEW_FILTERS[view], limit: 1, fields: ['id'] });
          return [view, page.total] as const;
        }),
      );
      if (!this.countAnswers.keep(ticket)) return;
      this.counts = Object.fromEntries(entries);
      this.changed();
    } catch (error) {
      this.onError(error);
    }
  }

  async loadTree(): Promise<void> {
    const ticket = this.treeAnswers.ticket();
    try {
      const [folders, smartFolders, tags, tagGroups] = await Promise.all([
        this.api.get('/folder/get', { limit: 1000 }),
        this.api.get('/smartFolder/get', { limit: 1000 }),
        this.api.get('/tag/get', { limit: TAG_LIMIT }),
        this.api.get('/tagGroup/get', { limit: TAG_LIMIT }),
      ]);
      // A reload started earlier (a live batch's, racing a dialog's) must not bring back the tree from before.
      if (!this.treeAnswers.keep(ticket)) return;
      // Both lists come flat (parents first), each folder with its nested children: keep the roots.
      this.folders = folders.data.filter((folder) => folder.parent === null);
      this.smartFolders = smartFolders.data.filter((folder) => folder.parent === null);
      this.tags = [...tags.data].sort((a, b) => Number(b.starred) - Number(a.starred) || b.count - a.count || a.name.localeCompare(b.name));
      this.tagTotal = tags.total;
      this.tagGroups = tagGroups.data;
      this.changed();
    } catch (error) {
      this.onError(error);
    }
  }

  folderName(id: string): string {
    const find = (list: readonly Folder[]): Folder | undefined => {
      for (const folder of list) {
        if (folder.id === id) return folder;
        const inner = find(folder.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return find(this.folders)?.name ?? id;
  }

  smartFolderName(id: string): string {
    return this.smartFolder(id)?.name ?? id;
  }

  /** The smart folder `id`, at any depth of the tree loaded, or undefined (gone, or not loaded). */
  smartFolder(id: string): SmartFolder | undefined {
    const find = (list: readonly SmartFolder[]): SmartFolder | undefined => {
      for (const folder of list) {
        if (folder.id === id) return folder;
        const inner = find(folder.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return find(this.smartFolders);
  }

  /** Every folder, depth-first, with its depth (for pickers). */
  flatFolders(): { folder: Folder; depth: number }[] {
    const out: { folder: Folder; depth: number }[] = [];
    const walk = (list: readonly Folder[], depth: number) => {
      for (const folder of list) {
        out.push({ folder, depth });
        walk(folder.children, depth + 1);
      }
    };
    walk(this.folders, 0);
    return out;
  }
}
