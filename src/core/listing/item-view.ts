/** The API shape of an item (docs/contract.md#items: the contract's fields plus fileURL, thumbnailURL, importedAt). */
import { z } from 'zod';
import { stringList } from '../http/input';
import { encodeText } from '../http/uri-text';
import type { ItemRow } from '../storage/rows';
import { genericIconOf, genericIconPath, showsGenericIcon } from '../images/generic-icon';

export interface ItemView {
  id: string;
  name: string;
  ext: string;
  width: number;
  height: number;
  url: string;
  isDeleted: boolean;
  annotation: string;
  tags: string[];
  folders: string[];
  palettes: ItemRow['palettes'];
  size: number;
  star: number;
  modificationTime: number;
  noThumbnail: boolean;
  noPreview: boolean;
  importedAt: number;
  fileURL: string;
  thumbnailURL: string;
  /** False while the thumbnail (and true dimensions, palette) are still being made (ours). */
  thumbnailReady: boolean;
  /** Where the image is shown from when its original could not be kept; '' otherwise (ours). */
  linkedURL: string;
  /** Why the original was not kept, and what the item lacks for it; '' when it was (ours). */
  notKept: string;
}

export const ITEM_FIELDS = [
  'id', 'name', 'ext', 'width', 'height', 'url', 'isDeleted', 'annotation', 'tags', 'folders', 'palettes',
  'size', 'star', 'modificationTime', 'noThumbnail', 'noPreview', 'importedAt', 'fileURL', 'thumbnailURL',
  'thumbnailReady', 'linkedURL', 'notKept',
] as const satisfies readonly (keyof ItemView)[];

export type ItemField = (typeof ITEM_FIELDS)[number];

const isItemField = (name: string): name is ItemField => (ITEM_FIELDS as readonly string[]).includes(name);

/**
 * `fields` of item lists: item field names, as an array or comma-separated. Unknown names are
 * ignored (docs/contract.md#items: public clients send `website`, `btime`, `filePath`); when every name is
 * unknown, only `id` is answered.
 */
export const itemFieldsSchema = () =>
  stringList().transform((names): ItemField[] => {
    const known = names.filter(isItemField);
    return names.length > 0 && known.length === 0 ? ['id'] : known;
  });

/**
 * Where an item's URLs point: under the API's path (`/api/v2`, or under the base path of an embedded
 * install), naming the library the request named, if it named one (`X-Library-Path` or `library=`):
 * an `<img>` cannot send the header, and without the name it would load from the current library.
 */
export interface ItemLinks {
  apiPrefix: string;
  library?: string | null;
}

export function itemView(row: ItemRow, { apiPrefix, library }: ItemLinks): ItemView {
  const query = `?id=${encodeText(row.id)}${library ? `&library=${encodeURIComponent(library)}` : ''}`;
  return {
    id: row.id,
    name: row.name,
    ext: row.ext,
    width: row.width,
    height: row.height,
    url: row.url,
    isDeleted: row.isDeleted,
    annotation: row.annotation,
    tags: row.tags,
    folders: row.folders,
    palettes: row.palettes,
    size: row.size,
    star: row.star,
    modificationTime: row.modificationTime,
    noThumbnail: row.noThumbnail,
    noPreview: row.noPreview,
    importedAt: row.importedAt,
    fileURL: row.hasFile ? `${apiPrefix}/item/file${query}` : '',
    // A linked image is shown from its own address: an <img> may show what a fetch may not read.
    thumbnailURL: row.linked ? row.linked.url : showsGenericIcon(row) ? `${apiPrefix}${genericIconPath(genericIconOf(row))}` : `${apiPrefix}/item/thumbnail${query}`,
    thumbnailReady: row.thumbnail !== 'pending',
    linkedURL: row.linked?.url ?? '',
    notKept: row.linked?.reason ?? '',
  };
}

/** Only the requested fields (`id` always included); all fields when none are requested. */
export function pickFields(view: ItemView, fields: readonly ItemField[] | undefined): Partial<ItemView> {
  if (!fields || fields.length === 0) return view;
  const out: Partial<ItemView> = { id: view.id };
  for (const field of fields) (out as Record<string, unknown>)[field] = view[field];
  return out;
}
