/**
 * What a feature folder of the core brings to the API, in one value (`<feature>.manifest.ts`): the
 * API is assembled from the list of manifests (./manifests.ts), and the route table, the observer
 * list, the read-only guard and the shell's routes are derived from it (docs/decisions/route-manifests.md).
 */
import type { z } from 'zod';
import type { Context } from './context';
import type { Route } from './http/router';
import type { ListingEngines } from './listing/engines';
import type { ItemObserver } from './storage/item-changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's context varies (the shell's routes read only `app`)
type AnyRoute = Route<z.ZodType, any>;

export interface FeatureManifest<R extends readonly AnyRoute[] = readonly AnyRoute[]> {
  /** The folder under src/core. */
  readonly feature: string;
  /** Its route rows, element types kept (the typed client reads them). */
  readonly routes: R;
  /** The members of the request context its code reads (a test checks the folder's `ctx.` reads against it). */
  readonly ports: readonly (keyof Context)[];
  /**
   * Its item observers, loaded by the first write and never by a start: observer code is no part
   * of a worker's first answer (docs/decisions/service-worker-startup.md). Their order across
   * manifests is the order of ./manifests.ts.
   */
  readonly observers?: () => Promise<readonly ItemObserver[]>;
  /** Code its observers run synchronously inside a write transaction, loaded before the transaction opens. */
  readonly beforeWrite?: () => Promise<void>;
  /** Code it starts lazily, each loaded by its first use (in the service worker a script of its own beside sw.js). */
  readonly loaders?: Readonly<Record<string, () => Promise<unknown>>>;
  /** The engines it lends every listing (src/core/listing calls them through `ctx.listing`). */
  readonly listing?: Partial<ListingEngines>;
  /** Output schemas of its routes' `data`, keyed 'METHOD /path' (`<feature>.outputs.ts`). */
  readonly outputs?: Readonly<Record<string, () => z.ZodType>>;
}
