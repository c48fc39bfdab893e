/**
 * A small typed client for the /api/v2 routes, used by the web app, the browser tests and host
 * sites (the embed package). Paths are under the app's base (`<base>api/v2`, src/app/base.ts)
 * unless a client is given its own.
 */
import { APP_BASE } from './base';

export const LIBRARY_HEADER = 'X-Library-Path';

export interface ErrorBody {
  status: 'error';
  code: string;
  message: string;
}

export class ApiClientError extends Error {
  override name = 'ApiClientError';
  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody,
  ) {
    super(`${body.code}: ${body.message}`);
  }
}

export interface ClientOptions {
  /** Work on this library instead of the current one. */
  library?: string;
  /** Where the library is installed, e.g. `/asset-library/` (default: where this app is). */
  base?: string;
  /** Sends the requests (default: this page's fetch); the embed element passes its frame's, which our worker controls. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

export class ApiClient {
  constructor(private readonly options: ClientOptions = {}) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.options.library ? { ...extra, [LIBRARY_HEADER]: this.options.library } : extra;
  }

  async get<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
    return unwrap<T>(await this.send(apiUrl(path, query, this.options.base), { headers: this.headers() }));
  }

  async post<T>(path: string, body: unknown = {}): Promise<T> {
    const init = { method: 'POST', headers: this.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) };
    return unwrap<T>(await this.send(apiUrl(path, {}, this.options.base), init));
  }

  /** POSTs `body` as the request body (a file, sent as a Blob: never read into script), `query` as the query string. */
  async postBody<T>(path: string, query: Record<string, QueryValue>, body: Blob): Promise<T> {
    const init = { method: 'POST', headers: this.headers(body.type ? { 'Content-Type': body.type } : {}), body };
    return unwrap<T>(await this.send(apiUrl(path, query, this.options.base), init));
  }

  private send(url: string, init: RequestInit): Promise<Response> {
    const send = this.options.fetch ?? globalThis.fetch;
    return send(url, init);
  }
}

/** `/item/get` → `<base>api/v2/item/get?...` */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}, base = APP_BASE): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.size ? `?${params}` : '';
  return `${base.replace(/\/*$/, '/')}api/v2${path.startsWith('/') ? path : `/${path}`}${search}`;
}

async function unwrap<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { status: 'success'; data: T } | ErrorBody;
  if (body.status !== 'success') throw new ApiClientError(response.status, body);
  return body.data;
}
