/**
 * Routes are plain values: method, path, input schema, handler. `dispatch` finds the route, reads
 * and validates the input, runs the handler and wraps the answer in the envelope.
 */
import type { z } from 'zod';
import type { Context } from '../context';
import { ApiError, toApiError } from './errors';
import { errorResponse, successResponse } from './envelope';
import { parseInput, readRawInput } from './read-input';
import { checkInputShape } from './input-shape';
import { whenLoaded } from '../shared/not-loaded';

/** Where the API lives at a site's root; an embedded install puts it under its base path (`<base>api/v2`). */
export const API_PREFIX = '/api/v2';

/** The API prefix under a base path: `/` → `/api/v2`, `/asset-library/` → `/asset-library/api/v2`. */
export function apiPrefixFor(basePath: string): string {
  if (!basePath.startsWith('/')) throw new Error(`A base path starts with "/", not "${basePath}".`);
  return `${basePath.replace(/\/+$/, '')}${API_PREFIX}`;
}

/**
 * Where a request path sits. `route`: the path below the prefix (e.g. `/item/get`). `other`: under
 * the API's parent (`/api/` or `<base>api/`) but not this version, e.g. the reference's version 1
 * interface, which the worker must answer too (docs/contract.md#envelope-and-errors). Undefined: not the API's. The one
 * place that reads a prefix.
 */
export function apiPathOf(pathname: string, prefix = API_PREFIX): { route: string } | 'other' | undefined {
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return { route: pathname.slice(prefix.length).replace(/\/+$/, '') };
  const parent = prefix.slice(0, prefix.lastIndexOf('/'));
  return pathname.startsWith(`${parent}/`) ? 'other' : undefined;
}

export type Method = 'GET' | 'POST';

/**
 * `C`: what the handler reads of the request's context. A route that reads little declares that
 * (app/info reads only `app`), so that a router with a smaller context can answer it too: the
 * service worker's shell (src/core/shell-api.ts).
 */
export interface Route<S extends z.ZodType = z.ZodType, C = Context> {
  method: Method;
  /** Path below /api/v2, e.g. `/item/get`. */
  path: string;
  /** The input schema, built on first use (`lazyValue`): a fresh worker builds only those its requests use. */
  input: () => S;
  /** Returns the `data` of the envelope, or a Response for binary answers (files, icons). */
  handler: (ctx: C, input: z.output<S>, request: Request) => Promise<unknown>;
  /** The body is the handler's to read (a file upload): the input comes from the query string. */
  rawBody?: boolean;
  /** Changes stored state: true, or a test of the request's URL (library/import writes only `into=current`). GET never writes. */
  writes?: boolean | ((url: URL) => boolean);
  /** A write allowed on a read-only (subscribed) library: it acts on the registry, not on the library's contents. */
  readOnlyOk?: boolean;
  /**
   * Whether a keyed POST is carried out once per key (../request-replay.ts); by default, the routes
   * that change their library. False: a write that goes on as a job (sync) and records no key, so
   * the key is not offered for it. True: one that records its key elsewhere (library/create and
   * library/remove, in the registry).
   */
  oncePerKey?: boolean;
  /** Answered by the service worker's shell without loading the core (../shell-api.ts): reads no library, parses no input. */
  shell?: boolean;
}

/** The flags a route row carries beside its method, path, schema and handler. */
export type RouteOptions = Pick<Route, 'rawBody' | 'writes' | 'readOnlyOk' | 'oncePerKey' | 'shell'>;

/**
 * Whether a request to this route would change the library it works on, so a read-only library
 * refuses it. Without its URL (the OpenAPI document), a route whose writes depend on it may.
 */
export function changesLibrary(found: Pick<Route, 'writes' | 'readOnlyOk'>, url?: URL): boolean {
  if (found.readOnlyOk) return false;
  if (typeof found.writes === 'function') return url === undefined || found.writes(url);
  return found.writes === true;
}

/** Whether a POST to this route, sent with an `Idempotency-Key`, is carried out once per key (without its URL: may be). */
export function writesOncePerKey(found: Pick<Route, 'method' | 'writes' | 'readOnlyOk' | 'oncePerKey'>, url?: URL): boolean {
  return found.method === 'POST' && (found.oncePerKey ?? changesLibrary(found, url));
}

/**
 * A route as declared: its literal method and path, its input schema and its handler's answer stay
 * in its type (`types` exists only in the type), so the app's client is typed from the route arrays
 * themselves (../api-table.ts). At run time it is a plain `Route`.
 */
export type TypedRoute<M extends Method, P extends string, S extends z.ZodType, O, C = Context> = Route<z.ZodType, C> & {
  readonly method: M;
  readonly path: P;
  readonly types?: { input: S; output: O };
};

/**
 * Declares a route; the generics keep the handler's input typed by its schema, and the method, path,
 * schema and answer in the route's type. A schema is handed in as the function that builds it
 * (`lazyValue`), not as a zod instance: a freshly started worker builds only the ones its requests
 * use, and no zod instance for the others (a `z.lazy` wrapper is one, and the 48 of them cost a
 * start about a millisecond).
 */
export function route<M extends Method, P extends string, S extends z.ZodType, O, C = Context>(
  method: M,
  path: P,
  input: () => S,
  handler: (ctx: C, input: z.output<S>, request: Request) => Promise<O>,
  options: RouteOptions = {},
): TypedRoute<M, P, S, O, C> {
  return { method, path, input, handler, ...options } as unknown as TypedRoute<M, P, S, O, C>;
}

/**
 * Around a route's handler: `before` may answer in its place (a repeated write), `after` sees every
 * answer it made. `input`: the request's input as read (its JSON body or query; an upload's query).
 */
export interface DispatchGuard<C> {
  before(ctx: C, found: Route<z.ZodType, C>, input: unknown): Promise<Response | undefined>;
  after(ctx: C, response: Response): Promise<void>;
}

export class Router<C = Context> {
  private readonly byPath = new Map<string, Map<Method, Route<z.ZodType, C>>>();

  constructor(
    routes: readonly Route<z.ZodType, C>[],
    /** Path every route sits under, `/api/v2` or `<base>api/v2`. */
    readonly prefix = API_PREFIX,
  ) {
    for (const r of routes) {
      const methods = this.byPath.get(r.path) ?? new Map<Method, Route<z.ZodType, C>>();
      if (methods.has(r.method)) throw new Error(`Duplicate route ${r.method} ${r.path}`);
      methods.set(r.method, r);
      this.byPath.set(r.path, methods);
    }
  }

  get routes(): Route<z.ZodType, C>[] {
    return [...this.byPath.values()].flatMap((methods) => [...methods.values()]);
  }

  /**
   * `makeContext` runs once the route is known and before the input is read: a request that names
   * an unknown library is a 404 on every route, whatever its input (issue 24, point 9).
   */
  async dispatch(request: Request, makeContext: () => C | Promise<C>, onError?: (error: ApiError) => void, guard?: DispatchGuard<C>): Promise<Response> {
    let ctx: C | undefined;
    let response: Response;
    try {
      const found = this.find(request);
      ctx = await makeContext();
      const raw = await readRawInput(found.rawBody ? new Request(request.url) : request);
      // Before the guard, which hashes the input: a thousand nested arrays are refused, not walked.
      checkInputShape(raw);
      const replayed = await guard?.before(ctx, found, raw);
      if (replayed) return replayed;
      // A rule's regex engine, say, is loaded when a request first meets one, and the request runs again.
      const data = await whenLoaded(async () => found.handler(ctx!, parseInput(found.input(), raw), request));
      response = data instanceof Response ? data : successResponse(data);
    } catch (thrown) {
      const error = toApiError(thrown);
      onError?.(error);
      response = errorResponse(error);
    }
    // A keyed write's answer is kept: a request that repeats it is answered from the record.
    if (ctx !== undefined) await guard?.after(ctx, response).catch(() => undefined);
    return response;
  }

  /** Whether this router has the route a request asks for (its path, and its method or HEAD for GET). */
  has(request: Request): boolean {
    return this.match(request) !== undefined;
  }

  /** The route a request asks for, if there is one. */
  match(request: Request): Route<z.ZodType, C> | undefined {
    try {
      return this.find(request);
    } catch {
      return undefined;
    }
  }

  private find(request: Request): Route<z.ZodType, C> {
    const path = new URL(request.url).pathname;
    const where = apiPathOf(path, this.prefix);
    if (typeof where !== 'object') {
      throw new ApiError('NOT_FOUND', `No API route ${path}: only version 2 of the API is served, under ${this.prefix}/.`);
    }
    const methods = this.byPath.get(where.route);
    if (!methods) throw new ApiError('NOT_FOUND', `No API route ${path}.`);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = methods.get(method as Method);
    if (!found) {
      const allow = [...methods.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
      const error = new ApiError('METHOD_NOT_ALLOWED', `${path} accepts ${allow}, not ${request.method}.`);
      error.headers = { Allow: allow };
      throw error;
    }
    return found;
  }
}
