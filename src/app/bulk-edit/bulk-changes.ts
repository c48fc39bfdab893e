/**
 * The bulk edits as item/update entries, one item at a time. Pure. An entry is made only for an item
 * the edit changes (tagging 500 items of which 200 already carry the tag writes 300), and `tags` and
 * `folders` are whole lists (item/update replaces them), computed from the item as just read.
 */
import type { SelectedItem } from './selection-summary';

export type ItemUpdate = { id: string } & Partial<Pick<SelectedItem, 'tags' | 'folders' | 'star' | 'isDeleted'>>;

export type BulkChange =
  | { kind: 'addTag'; tag: string }
  | { kind: 'removeTag'; tag: string }
  | { kind: 'addFolder'; folder: string }
  | { kind: 'removeFolder'; folder: string }
  | { kind: 'rate'; star: number }
  | { kind: 'trash' }
  | { kind: 'restore' };

export function updateFor(item: SelectedItem, change: BulkChange): ItemUpdate | null {
  switch (change.kind) {
    case 'addTag':
      return item.tags.includes(change.tag) ? null : { id: item.id, tags: [...item.tags, change.tag] };
    case 'removeTag':
      return item.tags.includes(change.tag) ? { id: item.id, tags: item.tags.filter((t) => t !== change.tag) } : null;
    case 'addFolder':
      return item.folders.includes(change.folder) ? null : { id: item.id, folders: [...item.folders, change.folder] };
    case 'removeFolder':
      return item.folders.includes(change.folder) ? { id: item.id, folders: item.folders.filter((f) => f !== change.folder) } : null;
    case 'rate':
      return item.star === change.star ? null : { id: item.id, star: change.star };
    case 'trash':
      return item.isDeleted ? null : { id: item.id, isDeleted: true };
    case 'restore':
      return item.isDeleted ? { id: item.id, isDeleted: false } : null;
  }
}

/** What a person reads while it runs and in the result: "Adding tag “x”". */
export function describeChange(change: BulkChange, folderName: (id: string) => string = (id) => id): string {
  switch (change.kind) {
    case 'addTag': return `Adding tag “${change.tag}”`;
    case 'removeTag': return `Removing tag “${change.tag}”`;
    case 'addFolder': return `Adding to folder “${folderName(change.folder)}”`;
    case 'removeFolder': return `Removing from folder “${folderName(change.folder)}”`;
    case 'rate': return change.star ? `Rating ${change.star} of 5` : 'Clearing the rating';
    case 'trash': return 'Moving to the trash';
    case 'restore': return 'Restoring from the trash';
  }
}

/** Splits a list into runs of at most `size` (the API takes at most 1000 items per request). */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
