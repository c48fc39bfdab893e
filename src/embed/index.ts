/**
 * The package's main entry, safe to import anywhere (no DOM work on import): register the library's
 * worker for a base path, and talk to its API. `<asset-library>` is the `./element` entry.
 */
import { ApiClient, type ClientOptions } from '../client/api-client';
import { normaliseBase } from './register';

export {
  ApiClient,
  ApiClientError,
  LIBRARY_HEADER,
  routeUrl,
  type ApiTable,
  type ClientOptions,
  type ErrorBody,
  type InputOf,
  type OutputOf,
  type PathOf,
  type RouteKey,
} from '../client/api-client';
export type { Comment, Folder, Item, ItemField, Page, SmartFolder, Tag, TagGroup } from '../app/api-types';
export { ForeignServiceWorkerError, normaliseBase, registerAssetLibrary, ServiceWorkerUnavailableError, type RegisterOptions } from './register';

/**
 * A typed client for the library installed at `base`. A page the library's worker controls (one of
 * its own pages, or `element.api` for a host page) reaches it with plain fetch; a host page under
 * its own worker passes `fetch` from such a page.
 */
export function createApiClient(options: ClientOptions & { base: string }): ApiClient {
  return new ApiClient({ ...options, base: normaliseBase(options.base) });
}
