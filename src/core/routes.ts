/** Every route of the API, area by area. A test walks this list and fails when a route has no API test. */
import { aiSearchRoutes } from './ai-search/ai-search.routes';
import { appRoutes } from './app/app.routes';
import { backupRoutes } from './backup/backup.routes';
import { libraryTransferRoutes } from './eagle-library/library-transfer.routes';
import { eventRoutes } from './events/events.routes';
import { folderRoutes } from './folders/folders.routes';
import type { Route } from './http/router';
import { itemRoutes } from './items/items.routes';
import { libraryRoutes } from './library/library.routes';
import { publishRoutes } from './publish/publish.routes';
import { searchRoutes } from './search/search.routes';
import { syncRoutes } from './sync/sync.routes';
import { smartFolderRoutes } from './smart-folders/smart-folder.routes';
import { tagGroupRoutes } from './tag-groups/tag-groups.routes';
import { tagRoutes } from './tags/tags.routes';
import { thumbnailRoutes } from './thumbnails/thumbnails.routes';

export const ROUTES: readonly Route[] = [
  ...appRoutes,
  ...libraryRoutes,
  ...libraryTransferRoutes,
  ...backupRoutes,
  ...publishRoutes,
  ...itemRoutes,
  ...thumbnailRoutes,
  ...searchRoutes,
  ...folderRoutes,
  ...tagRoutes,
  ...tagGroupRoutes,
  ...smartFolderRoutes,
  ...aiSearchRoutes,
  ...eventRoutes,
  ...syncRoutes,
];
