/**
 * What the folder editor sends: folder/create takes only name, description and parent, so a new
 * folder's colour and auto-tags follow in a folder/update; an edit is one folder/update of the fields
 * that changed. Pure.
 */
import type { Folder } from '../api-types';
import type { FolderColour } from './folder-colours';

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

export function createBody(draft: FolderDraft): Record<string, unknown> {
  return { name: draft.name, description: draft.description, ...(draft.parent ? { parent: draft.parent } : {}) };
}

/** The folder/update that gives a new folder the rest of the draft, or null when there is nothing more. */
export function afterCreateBody(id: string, draft: FolderDraft): Record<string, unknown> | null {
  const rest = { ...(draft.iconColor ? { iconColor: draft.iconColor } : {}), ...(draft.tags.length ? { tags: draft.tags } : {}) };
  return Object.keys(rest).length ? { id, ...rest } : null;
}

/** The folder/update of an edit: only the fields that differ from what was read. */
export function updateBody(id: string, before: FolderDraft, after: FolderDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { id };
  if (after.name !== before.name) body.name = after.name;
  if (after.description !== before.description) body.description = after.description;
  if (after.iconColor !== before.iconColor) body.iconColor = after.iconColor;
  if (after.parent !== before.parent) body.parent = after.parent;
  if (after.tags.join('\n') !== before.tags.join('\n')) body.tags = after.tags;
  return body;
}
