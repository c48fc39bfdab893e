/**
 * The API's routes as one type, for typed clients (src/client/api-client.ts): `'POST /item/add'` →
 * its input (what a caller sends) and output (the envelope's `data`, or a Response for a binary
 * answer). Derived from the route arrays that routes.ts lists, so a route is declared once.
 * Type-only: importing it costs a client nothing at run time.
 */
import type { z } from 'zod';
import type { TypedRoute } from './http/router';
import type { aiSearchRoutes } from './ai-search/ai-search.routes';
import type { appRoutes } from './app/app.routes';
import type { libraryTransferRoutes } from './eagle-library/library-transfer.routes';
import type { eventRoutes } from './events/events.routes';
import type { folderRoutes } from './folders/folders.routes';
import type { itemRoutes } from './items/items.routes';
import type { libraryRoutes } from './library/library.routes';
import type { publishRoutes } from './publish/publish.routes';
import type { searchRoutes } from './search/search.routes';
import type { syncRoutes } from './sync/sync.routes';
import type { smartFolderRoutes } from './smart-folders/smart-folder.routes';
import type { tagGroupRoutes } from './tag-groups/tag-groups.routes';
import type { tagRoutes } from './tags/tags.routes';
import type { thumbnailRoutes } from './thumbnails/thumbnails.routes';

type Declared =
  | (typeof appRoutes)[number]
  | (typeof libraryRoutes)[number]
  | (typeof libraryTransferRoutes)[number]
  | (typeof publishRoutes)[number]
  | (typeof itemRoutes)[number]
  | (typeof thumbnailRoutes)[number]
  | (typeof searchRoutes)[number]
  | (typeof folderRoutes)[number]
  | (typeof tagRoutes)[number]
  | (typeof tagGroupRoutes)[number]
  | (typeof smartFolderRoutes)[number]
  | (typeof aiSearchRoutes)[number]
  | (typeof eventRoutes)[number]
  | (typeof syncRoutes)[number];

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
