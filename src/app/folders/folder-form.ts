/**
 * What the folder editor sends: folder/create takes only name, description and parent, so a new
 * folder's colour and auto-tags follow in a folder/update; an edit is one folder/update of the fields
 * that changed. Pure.
 */
import type { Folder } from '../api-types';
import { FOLDER_NAME_MAX } from '../../shared/folder-name';
import type { FolderColour } from './folder-colours';
import { findFolder } from './folder-tree';
import type { InputOf } from '../../client/api-client';

export interface FolderDraft {
  name: string;
  description: string;
  iconColor: FolderColour;
  parent: string | null;
  tags: string[];
}

export function draftOf(folder: Folder | null, parent: string | null): FolderDraft {
  if (!folder) return { name: '', description: '', iconColor: '', parent, tags: [] };
  return { name: folder.name, description: folder.description, iconColor: folder.iconColor as FolderColour, parent: folder.parent, tags: [...folder.tags] };
}

type CreateBody = InputOf<'POST /folder/create'>;
type UpdateBody = InputOf<'POST /folder/update'>;

export function createBody(draft: FolderDraft): CreateBody {
  return { name: draft.name, description: draft.description, ...(draft.parent ? { parent: draft.parent } : {}) };
}

/** The folder/update that gives a new folder the rest of the draft, or null when there is nothing more. */
export function afterCreateBody(id: string, draft: FolderDraft): UpdateBody | null {
  const rest = { ...(draft.iconColor ? { iconColor: draft.iconColor } : {}), ...(draft.tags.length ? { tags: draft.tags } : {}) };
  return Object.keys(rest).length ? { id, ...rest } : null;
}

/** The folder/update of an edit: only the fields that differ from what was read. */
export function updateBody(id: string, before: FolderDraft, after: FolderDraft): UpdateBody {
  const body: UpdateBody = { id };
  if (after.name !== before.name) body.name = after.name;
  if (after.description !== before.description) body.description = after.description;
  if (after.iconColor !== before.iconColor) body.iconColor = after.iconColor;
  if (after.parent !== before.parent) body.parent = after.parent;
  if (after.tags.join('\n') !== before.tags.join('\n')) body.tags = after.tags;
  return body;
}

/** Why a name cannot be saved (the API's own limit), or null. */
export function nameError(name: string): string | null {
  const length = name.trim().length; // UTF-16 units, as the API counts
  return length > FOLDER_NAME_MAX ? `Name: at most ${FOLDER_NAME_MAX} characters (this one has ${length}).` : null;
}

/**
 * A warning when a folder beside it (same parent) already has the name, letter case aside: allowed,
 * as in the API, but two rows that read the same are easy to mix up. `self` is the folder edited.
 */
export function duplicateWarning(roots: readonly Folder[], name: string, parent: string | null, self: string | null): string | null {
  const wanted = name.trim().toLocaleLowerCase();
  if (!wanted) return null;
  const siblings = parent === null ? roots : (findFolder(roots, parent)?.children ?? []);
  const twin = siblings.find((f) => f.id !== self && f.name.trim().toLocaleLowerCase() === wanted);
  if (!twin) return null;
  const where = parent === null ? 'at the top level' : `in “${findFolder(roots, parent)?.name ?? ''}”`;
  return `There is already a folder named “${twin.name}” ${where}.`;
}
