/**
 * Whether an item has a picture that "Find similar" can compare: its thumbnail is its own (made,
 * or on the way), not the generic file-type icon a PDF, a text file or a bookmark shows
 * (src/core/images/generic-icon.ts serves those from `/item/icon`), nor a linked original's
 * address, which the library could not read and so never described.
 */
import type { Item } from '../api-types';

export const hasPicture = (item: Pick<Item, 'thumbnailURL'> & Partial<Pick<Item, 'linkedURL'>>): boolean =>
  !item.linkedURL && !/\/item\/icon\?/.test(item.thumbnailURL);
