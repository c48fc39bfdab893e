/**
 * Everything derived from item rows, updated in the same transaction as the rows themselves.
 * Add an observer here when a new area derives data from items.
 */
import { contentTexts } from './content-text/content-text.observer';
import { itemChanges } from './events/item-changes.observer';
import { descriptors } from './ai-search/descriptors.observer';
import { meaning } from './ai-search/meaning.observer';
import { objects } from './ai-search/objects.observer';
import { clipIndex } from './ai-search/providers/clip-index';
import { folderBookkeeping } from './folders/folder-bookkeeping';
import { mediaJobs } from './media/media-jobs.observer';
import { postingLists } from './postings/postings.observer';
import type { ItemObserver } from './storage/item-changes';
import { searchIndex } from './search/search-index';
import { smartFolderCountUpkeep } from './smart-folders/count-upkeep';
import { syncDirtyItems } from './sync/dirty-items';
import { filesOfRemovedItems } from './sync/removed-files.observer';
import { tagBookkeeping } from './tags/tag-bookkeeping';

export const ITEM_OBSERVERS: readonly ItemObserver[] = [postingLists, tagBookkeeping, folderBookkeeping, searchIndex, smartFolderCountUpkeep, mediaJobs, contentTexts, descriptors, objects, meaning, clipIndex, syncDirtyItems, filesOfRemovedItems, itemChanges];
