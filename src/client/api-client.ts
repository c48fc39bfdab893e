/**
 * The client of the /api/v2 routes, typed from the route table (src/core/api-table.ts): a path is
 * checked against the table, the input typed by the route's schema and the answer by its handler.
 * Used by the web app, the tests and host sites (the embed package). No storage, no core code at
 * run time: the table is a type.
 */
import type { ApiTable } from '../core/api-table';

export type { ApiTable };
export type RouteKey = keyof ApiTable;
export type Method = RouteKey extends `${infer M} ${string}` ? M : never;

/** Paths of method `M`: those that answer JSON (`json`) or a Response of their own, a file or a stream (`raw`). */
export type PathOf<M extends Method, Kind extends 'json' | 'raw' = 'json'> = {
  [K in RouteKey]: K extends `${M} ${infer P}` ? ((Response extends ApiTable[K]['output'] ? 'raw' : 'json') extends Kind ? P : never) : never;
}[RouteKey];

/** The routes that answer JSON, by table key. */
export type JsonKey = { [K in RouteKey]: Response extends ApiTable[K]['output'] ? never : K }[RouteKey];

export type InputOf<K extends RouteKey> = ApiTable[K]['input'];
export type OutputOf<K extends RouteKey> = ApiTable[K]['output'];
/** The input argument: optional when the route needs no field. */
export type InputArgs<K extends RouteKey> = {} extends InputOf<K> ? [input?: InputOf<K>] : [input: InputOf<K>];

export const LIBRARY_HEADER = 'X-Library-Path';

/** The error envelope (src/core/http/envelope.ts). */
export interface ErrorBody {
  status: 'error';
  code: string;
  message: string;
}

/** An answer of `status: "error"`: the envelope's `code` and `message`, and the HTTP status. */
export class ApiClientError extends Error {
  override name = 'ApiClientError';
  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody,
  ) {
    super(`${body.code}: ${body.message}`);
  }

  /** The envelope's code, e.g. `NOT_FOUND`, `INVALID_INPUT`. */
  get code(): string {
    return this.body.code;
  }
}

export interface ClientOptions {
  /** Work on this library instead of the current one. */
  library?: string;
  /** Where the library is installed, e.g. `/asset-library/` (default `/`). */
  base?: string;
  /** Sends the requests (default: this page's fetch); the embed element passes its frame's, which our worker controls. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

export class ApiClient {
  constructor(protected readonly options: ClientOptions = {}) {}

  /** The same client working on the library at `path`, whichever library is current when it sends. */
  withLibrary(path: string): this {
    const Same = this.constructor as new (options: ClientOptions) => this;
    return new Same({ ...this.options, library: path });
  }

  /** `call('POST /item/add', { url })`: any route by its table key. */
  call<K extends JsonKey>(key: K, ...[input]: InputArgs<K>): Promise<OutputOf<K>> {
    const space = key.indexOf(' ');
    return this.request(key.slice(0, space), key.slice(space + 1), input) as Promise<OutputOf<K>>;
  }

  /** GET: the input becomes the query string. */
  get<P extends PathOf<'GET'>>(path: P, ...[input]: InputArgs<`GET ${P}`>): Promise<OutputOf<`GET ${P}`>> {
    return this.request('GET', path, input) as Promise<OutputOf<`GET ${P}`>>;
  }

  /** POST: the input is the JSON body. */
  post<P extends PathOf<'POST'>>(path: P, ...[input]: InputArgs<`POST ${P}`>): Promise<OutputOf<`POST ${P}`>> {
    return this.request('POST', path, input) as Promise<OutputOf<`POST ${P}`>>;
  }

  /**
   * POSTs a file as the request body (a Blob, never read into script), or files as a form; the
   * input goes in the query string.
   */
  async postBody<P extends PathOf<'POST'>>(path: P, input: InputOf<`POST ${P}`>, body: Blob | FormData): Promise<OutputOf<`POST ${P}`>> {
    // A form's Content-Type (with its boundary) is the browser's to write.
    const type = body instanceof Blob ? body.type : '';
    const init = { method: 'POST', headers: this.headers({ ...(type ? { 'Content-Type': type } : {}), [REQUEST_KEY_HEADER]: newRequestKey() }), body };
    return unwrap(await this.send(this.url(path as never, input as never), init), { keyed: true }) as Promise<OutputOf<`POST ${P}`>>;
  }

  /** A route that answers a file or a stream (item/file, library/export): its Response, once it is not an error. */
  async fetchRaw<P extends PathOf<'GET', 'raw'>>(path: P, ...[input]: InputArgs<`GET ${P}`>): Promise<Response> {
    const response = await this.send(this.url(path, ...([input] as InputArgs<`GET ${P}`>)), { headers: this.headers() });
    if (!response.ok) await unwrap(response);
    return response;
  }

  /**
   * The URL of a GET, for what the browser fetches itself (an `<img>`, an EventSource, a download
   * link): it names the client's library as `library=`, since the browser sends no header.
   */
  url<P extends PathOf<'GET', 'json' | 'raw'>>(path: P, ...[input]: InputArgs<`GET ${P}`>): string {
    const url = routeUrl(path, input, this.options.base);
    return this.options.library ? withLibraryParameter(url, this.options.library) : url;
  }

  protected async request(method: string, path: string, input: unknown): Promise<unknown> {
    if (method === 'GET') return unwrap(await this.send(routeUrl(path, input, this.options.base), { headers: this.headers() }));
    const init = { method, headers: this.headers({ 'Content-Type': 'application/json', [REQUEST_KEY_HEADER]: newRequestKey() }), body: JSON.stringify(input ?? {}) };
    return unwrap(await this.send(routeUrl(path, undefined, this.options.base), init), { keyed: true });
  }

  protected headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.options.library ? { ...extra, [LIBRARY_HEADER]: this.options.library } : extra;
  }

  protected send(url: string, init: RequestInit): Promise<Response> {
    const send = this.options.fetch ?? globalThis.fetch;
    return send(url, init);
  }
}

/**
 * Every POST carries a fresh key: when the browser sends it again (Chromium does once the worker
 * stopped while handling it), a write that already committed is not made twice
 * (src/core/storage/request-keys.ts). `randomUUID` exists only in secure contexts.
 */
const REQUEST_KEY_HEADER = 'Idempotency-Key';
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether `url` (one the API answered, such as an item's `thumbnailURL`) is a URL of the route at `path`. */
export function isRouteUrl<P extends PathOf<'GET', 'json' | 'raw'>>(url: string, path: P): boolean {
  return new URL(url, 'http://localhost/').pathname.endsWith(`/api/v2${path}`);
}

/**
 * `/item/get`, `{ ids: ['a', 'b'] }` → `<base>api/v2/item/get?ids=a,b`: lists as the comma-separated
 * GET form the schemas accept, undefined fields left out.
 */
export function routeUrl(path: string, input: unknown = {}, base = '/'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const search = params.size ? `?${params}` : '';
  return `${base.replace(/\/*$/, '/')}api/v2${path.startsWith('/') ? path : `/${path}`}${search}`;
}

/**
 * What a 409 naming the key means to a request this client keyed: its key was fresh, so only a
 * second dispatch of this very request (Chromium's, to a worker restarted while handling it) can
 * find a write under it. The change was made; only its answer is lost.
 */
export const ANSWER_LOST: ErrorBody = {
  status: 'error',
  code: 'ANSWER_LOST',
  message: "The change was made, but the app's background worker restarted before it answered. Reload to see it.",
};

/** `keyed`: the request carried a key this client made for it. */
async function unwrap(response: Response, { keyed = false } = {}): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) {
    if (response.ok) return response;
    throw new ApiClientError(response.status, { status: 'error', code: `HTTP_${response.status}`, message: response.statusText || `HTTP ${response.status}` });
  }
  const body = (await response.json()) as { status: 'success'; data: unknown } | ErrorBody;
  if (body.status === 'success') return body.data;
  if (keyed && response.status === 409 && body.message.startsWith(`${REQUEST_KEY_HEADER} header:`)) throw new ApiClientError(409, ANSWER_LOST);
  throw new ApiClientError(response.status, body);
}

/** `url` naming `library` as `library=` (a GET's choice of library where no header can go). */
export function withLibraryParameter(url: string, library: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}library=${encodeURIComponent(library)}`;
}
