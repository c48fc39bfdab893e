/**
 * The library folders a dropped folder becomes, as Eagle makes them: the dropped folder itself
 * (inside the folder being viewed, or at the top), with each of its subfolders nested inside it.
 * Each is made once, its parent first, when the walk meets it (so empty ones are made too); a
 * failed one is forgotten, so that a retry makes it again.
 */
import type { ApiClient } from '../api-client';

export class FolderTree {
  private readonly made = new Map<string, Promise<string>>();

  /** `root`: where the dropped folders go; `onMade` hears each new folder's path ("shots/more"). */
  constructor(
    private readonly api: ApiClient,
    private readonly root: string | null,
    private readonly onMade: (path: string) => void,
  ) {}

  /** The id of the library folder for a dropped directory's path ("shots/more"), made if need be. */
  folderFor(path: string): Promise<string> {
    let made = this.made.get(path);
    if (!made) {
      const cut = path.lastIndexOf('/');
      const parent = cut < 0 ? Promise.resolve(this.root) : this.folderFor(path.slice(0, cut));
      made = parent
        .then((parentId) => this.api.post('/folder/create', { name: path.slice(cut + 1), parent: parentId }))
        .then(({ id }) => {
          this.onMade(path);
          return id;
        });
      made.catch(() => this.made.delete(path));
      this.made.set(path, made);
    }
    return made;
  }
}

/** "/shots/more/a.png" or "shots/more/a.png" → "shots/more"; a file dropped on its own → "". */
export function directoryOf(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '' : trimmed.slice(0, cut);
}
