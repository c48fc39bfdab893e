/**
 * A part of a library to publish (docs/decisions/publish-a-part.md): a folder (with or without its
 * subfolders) or a smart folder. Pure: it reads the root record the publisher read and the rows it
 * made, so the command and the service worker choose the same items and trim the same way.
 * A part carries its items, their tags, the folders among it and, for a smart folder, that smart
 * folder's rules; nothing else of the library's root goes out.
 */
import { isRecord, records, str, strings } from '../eagle-library/eagle-json';
import type { LibraryRoot } from '../eagle-library/read-library';
import { conditionsOf, walkNodes } from '../eagle-library/root-records';
import { compileConditions, type RuleSubject } from '../smart-folders/evaluate';
import type { Conditions } from '../smart-folders/rules';
import type { EagleRecord, ItemRow } from '../storage/rows';

export interface PublishPart {
  folder?: string;
  /** With the folder's subfolders (and their items); default true. */
  subfolders?: boolean;
  smartFolder?: string;
}

/** An id that names nothing in the library: the field it came from, for a 400 or a usage line. */
export class PublishPartError extends Error {
  constructor(
    readonly field: 'folderId' | 'smartFolderId',
    message: string,
  ) {
    super(message);
    this.name = 'PublishPartError';
  }
}

export interface PartPlan {
  /** The folder's or smart folder's name: the published library's name unless one is given. */
  name: string;
  /** Whether an item (its row, its comments' text) belongs to the part. */
  holds(row: ItemRow, comments: readonly string[]): boolean;
  /** The item's record as published: folder references outside the part dropped. */
  record(record: EagleRecord): EagleRecord;
  /** The root as published, once the part's items are known. */
  root(items: readonly EagleRecord[]): LibraryRoot;
}

interface Found {
  node: EagleRecord;
  chain: EagleRecord[];
}

/** The node with `id` and its ancestors (outermost first), or undefined. */
function findNode(nodes: unknown, id: string, chain: EagleRecord[] = []): Found | undefined {
  for (const node of records(nodes)) {
    if (str(node.id) === id) return { node, chain: [...chain, node] };
    const below = findNode(node.children, id, [...chain, node]);
    if (below) return below;
  }
  return undefined;
}

const withoutChildren = (node: EagleRecord): EagleRecord => ({ ...node, children: [] });

/** The folder and, when asked, its subtree; else the folder alone. */
const folderTree = (node: EagleRecord, subfolders: boolean): EagleRecord => (subfolders ? node : withoutChildren(node));

export function planPart(root: LibraryRoot, part: PublishPart, now = Date.now()): PartPlan {
  if (part.folder !== undefined && part.smartFolder !== undefined) throw new PublishPartError('smartFolderId', 'Publish a folder or a smart folder, not both.');
  const metadata = root.metadata;
  let folders: EagleRecord[] = [];
  let smartFolders: EagleRecord[] = [];
  let holds: PartPlan['holds'];
  let name: string;
  if (part.folder !== undefined) {
    const found = findNode(metadata.folders, part.folder);
    if (!found) throw new PublishPartError('folderId', `There is no folder with id "${part.folder}".`);
    folders = [folderTree(found.node, part.subfolders ?? true)];
    name = str(found.node.name);
    const ids = new Set([...walkNodes(folders)].map(({ node }) => str(node.id)));
    holds = (row) => !row.isDeleted && row.folders.some((id) => ids.has(id));
  } else if (part.smartFolder !== undefined) {
    const found = findNode(metadata.smartFolders, part.smartFolder);
    if (!found) throw new PublishPartError('smartFolderId', `There is no smart folder with id "${part.smartFolder}".`);
    smartFolders = [withoutChildren(found.node)];
    name = str(found.node.name);
    // A child smart folder holds what its own rules and every ancestor's hold (match.ts).
    const tests = found.chain.map((node) => compileConditions(conditionsOf(node) as Conditions, now));
    const names = new Map([...walkNodes(metadata.folders)].map(({ node }) => [str(node.id), str(node.name)]));
    holds = (row, comments) => {
      if (row.isDeleted) return false;
      const subject: RuleSubject = { row, folderNames: row.folders.map((id) => names.get(id) ?? ''), comments };
      return tests.every((test) => test(subject));
    };
  } else {
    throw new PublishPartError('folderId', 'Name a folder or a smart folder to publish.');
  }
  const folderIds = new Set([...walkNodes(folders)].map(({ node }) => str(node.id)));
  const partIds = new Set([...folderIds, ...[...walkNodes(smartFolders)].map(({ node }) => str(node.id))]);

  return {
    name,
    holds,
    record: (record) => ({ ...record, folders: strings(record.folders).filter((id) => folderIds.has(id)) }),
    root: (items) => {
      const used = new Set(items.flatMap((record) => strings(record.tags)));
      const keptTags = (value: unknown) => strings(value).filter((tag) => used.has(tag));
      const tagsGroups = records(metadata.tagsGroups)
        .map((group) => ({ ...group, tags: keptTags(group.tags) }))
        .filter((group) => group.tags.length > 0);
      const quickAccess = records(metadata.quickAccess).filter((entry) => partIds.has(str(entry.id)));
      return {
        metadata: { ...metadata, folders, smartFolders, tagsGroups, quickAccess },
        tags: { ...(isRecord(root.tags) ? root.tags : {}), historyTags: keptTags(root.tags.historyTags), starredTags: keptTags(root.tags.starredTags) },
        // Saved filters and actions may name anything in the library: a part carries none.
        savedFilters: [],
        actions: [],
      };
    },
  };
}
