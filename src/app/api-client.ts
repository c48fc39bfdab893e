/**
 * The app's client: the typed client (src/client/api-client.ts) at the app's base (`<base>api/v2`,
 * ./base.ts) unless given its own. Every call of the app goes through it. A visitor's frame that
 * names its library (./visitor-frame.ts) names it in every call, and in the URLs the browser
 * fetches itself, instead of working on the current library.
 */
import { APP_BASE } from './base';
import { visitorLibrary } from './visitor-frame';
import { ApiClient as Client, type ClientOptions, type InputArgs, type PathOf } from '../client/api-client';

export { ApiClientError, LIBRARY_HEADER, type ClientOptions, type ErrorBody } from '../client/api-client';

export class ApiClient extends Client {
  constructor(options: ClientOptions = {}) {
    super({ ...options, base: options.base ?? APP_BASE, library: options.library ?? visitorLibrary() });
  }
}

/** The URL of a GET route under the app's base, for what the browser fetches itself (`<img>`, EventSource, a link). */
export function apiUrl<P extends PathOf<'GET', 'json' | 'raw'>>(path: P, ...[input]: InputArgs<`GET ${P}`>): string {
  return new ApiClient().url(path, ...([input] as InputArgs<`GET ${P}`>));
}
