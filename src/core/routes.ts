/** Every route of the API, area by area. A test walks this list and fails when a route has no API test. */
import { aiSearchRoutes } from './ai-search/ai-search.routes';
import { appRoutes } from './app/app.routes';
import type { Route } from './http/router';
import { itemRoutes } from './items/items.routes';
import { libraryRoutes } from './library/library.routes';
import { notBuiltRoutes } from './not-built.routes';
import { searchRoutes } from './search/search.routes';

export const ROUTES: readonly Route[] = [...appRoutes, ...libraryRoutes, ...itemRoutes, ...aiSearchRoutes, ...searchRoutes, ...notBuiltRoutes];
