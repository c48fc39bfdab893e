/**
 * Routes are plain values: method, path, input schema, handler. `dispatch` finds the route, reads
 * and validates the input, runs the handler and wraps the answer in the envelope.
 */
import type { z } from 'zod';
import type { Context } from '../context';
import { ApiError, toApiError } from './errors';
import { errorResponse, successResponse } from './envelope';
import { parseInput, readRawInput } from './input';

/** Where the API lives at a site's root; an embedded install puts it under its base path (`<base>api/v2`). */
export const API_PREFIX = '/api/v2';

/** The API prefix under a base path: `/` → `/api/v2`, `/asset-library/` → `/asset-library/api/v2`. */
export function apiPrefixFor(basePath: string): string {
  if (!basePath.startsWith('/')) throw new Error(`A base path starts with "/", not "${basePath}".`);
  return `${basePath.replace(/\/+$/, '')}${API_PREFIX}`;
}

export type Method = 'GET' | 'POST';

export interface Route<S extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path below /api/v2, e.g. `/item/get`. */
  path: string;
  input: S;
  /** Returns the `data` of the envelope, or a Response for binary answers (files, icons). */
  handler: (ctx: Context, input: z.output<S>, request: Request) => Promise<unknown>;
}

/**
 * Declares a route; the generic keeps the handler's input typed by its schema. Schemas are
 * `z.lazy`, so that a freshly started worker builds only the ones its requests use.
 */
export function route<S extends z.ZodType>(
  method: Method,
  path: string,
  input: S,
  handler: (ctx: Context, input: z.output<S>, request: Request) => Promise<unknown>,
): Route {
  return { method, path, input, handler } as unknown as Route;
}

export class Router {
  private readonly byPath = new Map<string, Map<Method, Route>>();

  constructor(
    routes: readonly Route[],
    /** Path every route sits under, `/api/v2` or `<base>api/v2`. */
    readonly prefix = API_PREFIX,
  ) {
    for (const r of routes) {
      const methods = this.byPath.get(r.path) ?? new Map<Method, Route>();
      if (methods.has(r.method)) throw new Error(`Duplicate route ${r.method} ${r.path}`);
      methods.set(r.method, r);
      this.byPath.set(r.path, methods);
    }
  }

  get routes(): Route[] {
    return [...this.byPath.values()].flatMap((methods) => [...methods.values()]);
  }

  async dispatch(request: Request, makeContext: () => Context, onError?: (error: ApiError) => void): Promise<Response> {
    try {
      const found = this.find(request);
      const input = parseInput(found.input, await readRawInput(request));
      const data = await found.handler(makeContext(), input, request);
      return data instanceof Response ? data : successResponse(data);
    } catch (thrown) {
      const error = toApiError(thrown);
      onError?.(error);
      return errorResponse(error);
    }
  }

  private find(request: Request): Route {
    const path = new URL(request.url).pathname;
    const sub = path.startsWith(this.prefix) ? path.slice(this.prefix.length).replace(/\/+$/, '') : path;
    const methods = this.byPath.get(sub);
    if (!methods) throw new ApiError('NOT_FOUND', `No API route ${path}.`);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = methods.get(method as Method);
    if (!found) {
      const allow = [...methods.keys()].join(', ');
      const error = new ApiError('METHOD_NOT_ALLOWED', `${path} accepts ${allow}, not ${request.method}.`);
      error.headers = { Allow: allow };
      throw error;
    }
    return found;
  }
}
