/**
 * The first step of an import: the library root's folder tree, smart folders, tag groups, quick
 * access and the files this project does not model (kept for the export), in one transaction.
 * Ids the target already holds are left as they are there.
 */
import { QUICK_ACCESS_KEY } from '../library/library.service';
import type { LibraryDb } from '../storage/library-db';
import type { EagleRecord } from '../storage/rows';
import { ensureTagRows } from '../tags/tag-lifecycle';
import { isRecord, records, str } from './eagle-json';
import type { LibraryRoot } from './read-library';
import { folderRowOf, smartFolderRowOf, tagGroupRowOf, walkNodes } from './root-records';

/** The root files as imported, with the parts stored as rows emptied (their place is kept). */
export const EAGLE_ROOT_KEY = 'eagle:root';

export interface StoredRoot {
  metadata: EagleRecord;
  tags: EagleRecord;
  savedFilters: unknown;
  actions: unknown;
}

const after = (rows: readonly { createdAt: number }[], now: number) => Math.max(now, ...rows.map((row) => row.createdAt + 1));

export async function importRoot(db: LibraryDb, root: LibraryRoot, now: number): Promise<void> {
  const { metadata } = root;

  const folders = await db.folders.toArray();
  const folderIds = new Set(folders.map((row) => row.id));
  const folderBase = after(folders, now);
  const newFolders = [...walkNodes(metadata.folders)]
    .map(({ node, parent }, i) => folderRowOf(node, parent, folderBase + i))
    .filter((row) => !folderIds.has(row.id) && folderIds.add(row.id));
  await db.folders.bulkAdd(newFolders);

  const smartFolders = await db.smartFolders.toArray();
  const smartIds = new Set(smartFolders.map((row) => row.id));
  const smartBase = after(smartFolders, now);
  const newSmart = [...walkNodes(metadata.smartFolders)]
    .map(({ node, parent }, i) => smartFolderRowOf(node, parent, smartBase + i))
    .filter((row) => !smartIds.has(row.id) && smartIds.add(row.id));
  await db.smartFolders.bulkAdd(newSmart);

  const groups = await db.tagGroups.toArray();
  const groupIds = new Set(groups.map((row) => row.id));
  const groupBase = after(groups, now);
  const newGroups = records(metadata.tagsGroups)
    .filter((node) => str(node.id))
    .map((node, i) => tagGroupRowOf(node, groupBase + i))
    .filter((row) => !groupIds.has(row.id) && groupIds.add(row.id));
  await db.tagGroups.bulkAdd(newGroups);
  await ensureTagRows(db, newGroups.flatMap((group) => group.tags));

  const quick = ((await db.state.get(QUICK_ACCESS_KEY))?.value as EagleRecord[] | undefined) ?? [];
  const quickIds = new Set(quick.map((entry) => `${str(entry.type)}:${str(entry.id)}`));
  const added = records(metadata.quickAccess).filter((entry) => !quickIds.has(`${str(entry.type)}:${str(entry.id)}`));
  if (added.length) await db.state.put({ key: QUICK_ACCESS_KEY, value: [...quick, ...added] });

  if (!(await db.state.get(EAGLE_ROOT_KEY))) {
    const kept: StoredRoot = {
      metadata: { ...metadata, ...placeholders(metadata) },
      tags: root.tags,
      savedFilters: root.savedFilters,
      actions: root.actions,
    };
    await db.state.put({ key: EAGLE_ROOT_KEY, value: kept });
  }
}

/** The root keys an export rebuilds from rows: emptied, so only their place is kept. */
function placeholders(metadata: EagleRecord): EagleRecord {
  const out: EagleRecord = {};
  for (const key of ['folders', 'smartFolders', 'quickAccess', 'tagsGroups']) if (key in metadata) out[key] = [];
  return out;
}

export async function readStoredRoot(db: LibraryDb): Promise<StoredRoot | undefined> {
  const value = (await db.state.get(EAGLE_ROOT_KEY))?.value;
  return isRecord(value) ? (value as unknown as StoredRoot) : undefined;
}
