/**
 * The API's routes as one type, for typed clients (src/client/api-client.ts): `'POST /item/add'` →
 * its input (what a caller sends) and output (the envelope's `data`, or a Response for a binary
 * answer). Derived from the features' manifests (./manifests.ts), so a route is declared once.
 * Type-only: importing it costs a client nothing at run time.
 */
import type { z } from 'zod';
import type { TypedRoute } from './http/router';
import type { MANIFESTS } from './manifests';
import type { openApiRoutes } from './openapi/openapi.routes';

/** Every route the features' manifests declare, each with its own literal method, path and types. */
type RoutesOf<M> = M extends { routes: readonly (infer R)[] } ? R : never;
type Declared = RoutesOf<(typeof MANIFESTS)[number]> | ReturnType<typeof openApiRoutes>[number];

/**
 * What a caller sends. The field helpers (http/input.ts) take `unknown` in (they accept the GET
 * form too), so such a field is typed by what it parses to; a field the schema defaults stays optional.
 */
type Sent<I, O> = I extends object ? { [K in keyof I]: Loose<unknown extends I[K] ? (K extends keyof O ? O[K] : unknown) : I[K]> } : I;
/** A caller may hand in a readonly list. */
type Loose<T> = T extends readonly (infer E)[] ? readonly E[] : T;

export type RouteInput<S extends z.ZodType> = Sent<z.input<S>, z.output<S>>;

type Types<R> = R extends TypedRoute<infer _M, infer _P, infer S, infer O, infer _C> ? { input: RouteInput<S>; output: O } : never;

/** `'METHOD /path'` → `{ input, output }` for every route of the API. */
export type ApiTable = { [R in Declared as `${R['method']} ${R['path']}`]: Types<R> };
