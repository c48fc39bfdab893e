import { z } from 'zod';
import { colourOrEmpty } from '../http/colour';
import { flag, requiredString, stringList } from '../http/input';
import { pageFields } from '../http/pagination';
import { tagNameList } from '../http/tag-names';
import { lazyValue } from '../shared/lazy-value';
import { FOLDER_NAME_MAX } from './folder-name';

/** Filters combine with AND; none lists every folder. */
export const getFoldersInput = lazyValue(() => z.object({
  id: z.string().optional(),
  ids: stringList().optional(),
  isSelected: flag().optional(),
  isRecent: flag().optional(),
  ...pageFields(),
}));

const folderName = () => requiredString().max(FOLDER_NAME_MAX, `must be at most ${FOLDER_NAME_MAX} characters`);
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

/**
 * folder/remove (ours): `folderId`, or a list in `folderIds` (`id`, as some clients name it, also
 * works). Answers the ids and the field they came from, for a 404 that names it.
 */
export const removeFoldersInput = lazyValue(() => z.object({
  folderId: folderId().optional(),
  folderIds: stringList().pipe(z.array(folderId()).min(1, 'must list at least one folder id')).optional(),
  id: folderId().optional(),
}).transform((input, ctx) => {
  const given = (['folderId', 'folderIds', 'id'] as const).filter((field) => input[field] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['folderId'], message: given.length ? `send one of ${given.join(', ')}, not both` : 'is required (or folderIds, a list)' });
    return z.NEVER;
  }
  const field = given[0]!;
  return { ids: [...new Set(([] as string[]).concat(input[field]!))], field };
}));

export type GetFoldersInput = z.output<ReturnType<typeof getFoldersInput>>;
export type CreateFolderInput = z.output<ReturnType<typeof createFolderInput>>;
export type UpdateFolderInput = z.output<ReturnType<typeof updateFolderInput>>;
export type RemoveFoldersInput = z.output<ReturnType<typeof removeFoldersInput>>;
