/**
 * The tests' client: the app's typed client, plus untyped forms of its calls for what a test sends on
 * purpose outside the table (a wrong field, a path that is not a route); the untyped forms come first,
 * so a test's `get<T>(...)` means what it says. App code gets the typed one.
 */
import { APP_BASE } from '../src/app/base';
import { ApiClient as TypedClient, routeUrl, type ClientOptions } from '../src/client/api-client';

export { ApiClientError, LIBRARY_HEADER, type ClientOptions, type ErrorBody } from '../src/client/api-client';

export type QueryValue = string | number | boolean | readonly string[] | undefined;

export class ApiClient extends TypedClient {
  constructor(options: ClientOptions = {}) {
    super({ ...options, base: options.base ?? APP_BASE });
  }

  override get<T = any>(path: string, query?: Record<string, unknown>): Promise<T>;
  override get(path: string, query?: unknown): Promise<unknown> {
    return this.request('GET', path, query);
  }

  override post<T = any>(path: string, body?: unknown): Promise<T>;
  override post(path: string, body?: unknown): Promise<unknown> {
    return this.request('POST', path, body);
  }

  override postBody<T = any>(path: string, query: Record<string, unknown>, body: Blob | FormData): Promise<T>;
  override postBody(path: string, query: unknown, body: Blob | FormData): Promise<unknown> {
    return super.postBody(path as never, query as never, body);
  }
}

/** Any path's URL under the app's base, typed or not. */
export function apiUrl(path: string, query: Record<string, unknown> = {}, base = APP_BASE): string {
  return routeUrl(path, query, base);
}

/** The stores' port (src/app/state/api-port.ts) in the untyped form the node tests' fakes and core-backed ports take. */
export interface LoosePort {
  get<T = any>(path: string, query?: any): Promise<T>;
  post<T = any>(path: string, body?: any): Promise<T>;
}
