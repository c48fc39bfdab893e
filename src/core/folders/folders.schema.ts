import { z } from 'zod';
import { colourOrEmpty } from '../http/colour';
import { flag, requiredString, stringList } from '../http/input';
import { pageFields } from '../http/pagination';
import { tagNameList } from '../tags/tag-names';
import { lazyValue } from '../shared/lazy-value';

/** Filters combine with AND; none lists every folder. */
export const getFoldersInput = lazyValue(() => z.object({
  id: z.string().optional(),
  ids: stringList().optional(),
  isSelected: flag().optional(),
  isRecent: flag().optional(),
  ...pageFields(),
}));

const folderName = () => requiredString().max(1024, 'must be at most 1024 characters');
const folderId = () => requiredString();

export const createFolderInput = lazyValue(() => z.object({
  name: folderName(),
  description: z.string().default(''),
  /** Parent folder id; omitted or null: root level. */
  parent: folderId().nullable().default(null),
  iconColor: colourOrEmpty().default(''),
}));

/** Only the fields sent change; `parent: null` moves the folder to the root. */
export const updateFolderInput = lazyValue(() => z.object({
  id: folderId(),
  name: folderName().optional(),
  description: z.string().optional(),
  tags: tagNameList().optional(),
  iconColor: colourOrEmpty().optional(),
  parent: folderId().nullable().optional(),
}));

export const openFolderInput = lazyValue(() => z.object({ id: folderId() }));

export type GetFoldersInput = z.output<ReturnType<typeof getFoldersInput>>;
export type CreateFolderInput = z.output<ReturnType<typeof createFolderInput>>;
export type UpdateFolderInput = z.output<ReturnType<typeof updateFolderInput>>;
