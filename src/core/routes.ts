/** Every route of the API, area by area. A test walks this list and fails when a route has no API test. */
import { aiSearchRoutes } from './ai-search/ai-search.routes';
import { appRoutes } from './app/app.routes';
import { folderRoutes } from './folders/folders.routes';
import type { Route } from './http/router';
import { itemRoutes } from './items/items.routes';
import { libraryRoutes } from './library/library.routes';
import { notBuiltRoutes } from './not-built.routes';
import { searchRoutes } from './search/search.routes';
import { tagGroupRoutes } from './tag-groups/tag-groups.routes';
import { tagRoutes } from './tags/tags.routes';

export const ROUTES: readonly Route[] = [...appRoutes, ...libraryRoutes, ...itemRoutes, ...aiSearchRoutes, ...searchRoutes, ...folderRoutes, ...tagRoutes, ...tagGroupRoutes, ...notBuiltRoutes];
