/** Node-side API tests: a fresh core on fake-indexeddb per test, called with real Request objects. */
import type { LoosePort as ApiPort } from '../loose-client';
import { createApi, LIBRARY_HEADER, type Api, type ApiDeps } from '../../src/core';

let counter = 0;

export function makeApi(deps: ApiDeps = {}): Api {
  counter += 1;
  return createApi({ namespace: `test-${process.pid}-${counter}-${Math.random().toString(36).slice(2)}`, ...deps });
}

export interface Answer<T = unknown> {
  httpStatus: number;
  /** The envelope: `data` on success; `code` and `message` on error. */
  body: { status: 'success' | 'error'; data?: T; code?: string; message?: string };
  data: T;
}

export interface CallOptions {
  library?: string;
  method?: string;
  /** Sent as-is instead of JSON-encoding `input` (for malformed bodies). */
  rawBody?: string;
}

/** GET with `input` as the query string, POST with `input` as the JSON body. */
export async function call<T = unknown>(api: Api, method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Answer<T>> {
  const url = new URL(`http://localhost/api/v2${path}`);
  const headers: Record<string, string> = options.library ? { [LIBRARY_HEADER]: options.library } : {};
  let body: string | undefined;
  if (method === 'GET') {
    for (const [key, value] of Object.entries(input)) if (value !== undefined) url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  } else {
    headers['Content-Type'] = 'application/json';
    body = options.rawBody ?? JSON.stringify(input);
  }
  const response = await api.handle(new Request(url, { method: options.method ?? method, headers, body }));
  const parsed = (await response.json()) as Answer<T>['body'];
  return { httpStatus: response.status, body: parsed, data: (parsed as { data: T }).data };
}

/** Creates a library and returns its path, for tests that work through the X-Library-Path header. */
export async function newLibrary(api: Api, name = `lib-${Math.random().toString(36).slice(2, 10)}`): Promise<string> {
  const created = await call<{ path: string }>(api, 'POST', '/library/create', { name });
  if (created.httpStatus !== 200) throw new Error(`library/create failed: ${JSON.stringify(created.body)}`);
  return created.data.path;
}

/**
 * What the web app's stores call (an ApiPort), answered by the core on `library`: a failure throws
 * with the API's message, as ApiClient does. Getters, so a test may set either up later; `onPost`
 * sees every POST (tests that count requests).
 */
export function apiPort(api: () => Api, library: () => string, onPost: (path: string, body: Record<string, unknown>) => void = () => {}): ApiPort {
  const ask = async <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>) => {
    const answer = await call<T>(api(), method, path, input, { library: library() });
    if (answer.httpStatus !== 200) throw new Error(answer.body.message);
    return answer.data;
  };
  return {
    get: <T>(path: string, query?: Record<string, unknown>) => ask<T>('GET', path, query ?? {}),
    post: <T>(path: string, body?: unknown) => {
      const input = (body ?? {}) as Record<string, unknown>;
      onPost(path, input);
      return ask<T>('POST', path, input);
    },
  };
}

export { withoutUrlLibrary } from './fixtures/url-library';
