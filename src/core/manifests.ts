/**
 * Every feature of the core, one manifest each. The API is assembled from this list, and the
 * route table (./routes.ts), the item observers (./item-observers.ts), the read-only guard and the
 * shell's routes derive from it. The order is the order observers run in a write: postings before
 * the indexes that read them, the change feed's item events last.
 */
import { aiSearchManifest } from './ai-search/ai-search.manifest';
import { appManifest } from './app/app.manifest';
import { backupManifest } from './backup/backup.manifest';
import { contentTextManifest } from './content-text/content-text.manifest';
import { duplicatesManifest } from './duplicates/duplicates.manifest';
import { eagleLibraryManifest } from './eagle-library/eagle-library.manifest';
import { eventsManifest } from './events/events.manifest';
import { foldersManifest } from './folders/folders.manifest';
import { itemsManifest } from './items/items.manifest';
import { libraryManifest } from './library/library.manifest';
import { mediaManifest } from './media/media.manifest';
import { postingsManifest } from './postings/postings.manifest';
import { publishManifest } from './publish/publish.manifest';
import { searchManifest } from './search/search.manifest';
import { smartFoldersManifest } from './smart-folders/smart-folders.manifest';
import { syncManifest } from './sync/sync.manifest';
import { tagGroupsManifest } from './tag-groups/tag-groups.manifest';
import { tagsManifest } from './tags/tags.manifest';
import { thumbnailsManifest } from './thumbnails/thumbnails.manifest';

export const MANIFESTS = [
  postingsManifest,
  tagsManifest,
  foldersManifest,
  searchManifest,
  smartFoldersManifest,
  mediaManifest,
  contentTextManifest,
  aiSearchManifest,
  syncManifest,
  eventsManifest,
  appManifest,
  libraryManifest,
  eagleLibraryManifest,
  publishManifest,
  backupManifest,
  itemsManifest,
  duplicatesManifest,
  thumbnailsManifest,
  tagGroupsManifest,
] as const;
