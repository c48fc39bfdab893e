/**
 * Every route's answer, joined to ROUTES by `METHOD /path`: one table per feature folder (its
 * `*.outputs.ts`), merged here. tests/node/openapi-document.test.ts fails when a route has none.
 */
import { aiSearchOutputs } from '../ai-search/ai-search.outputs';
import { appOutputs } from '../app/app.outputs';
import { contentTextOutputs } from '../content-text/content-text.outputs';
import { libraryTransferOutputs } from '../eagle-library/library-transfer.outputs';
import { eventOutputs } from '../events/events.outputs';
import { folderOutputs } from '../folders/folders.outputs';
import type { Method } from '../http/router';
import { itemOutputs, itemRequests } from '../items/items.outputs';
import { libraryOutputs } from '../library/library.outputs';
import { publishOutputs } from '../publish/publish.outputs';
import { searchOutputs } from '../search/search.outputs';
import { smartFolderOutputs } from '../smart-folders/smart-folder.outputs';
import { syncOutputs } from '../sync/sync.outputs';
import { tagGroupOutputs } from '../tag-groups/tag-groups.outputs';
import { tagOutputs } from '../tags/tags.outputs';
import { thumbnailOutputs } from '../thumbnails/thumbnails.outputs';
import { openApiOutputs } from './openapi.outputs';
import { MANIFESTS } from '../manifests';
import type { z } from 'zod';
import type { Output, OutputTable } from '../http/output-kit';

export const ROUTE_OUTPUTS: OutputTable = {
  ...appOutputs,
  ...libraryOutputs,
  ...libraryTransferOutputs,
  ...publishOutputs,
  ...itemOutputs,
  ...contentTextOutputs,
  ...thumbnailOutputs,
  ...searchOutputs,
  ...folderOutputs,
  ...tagOutputs,
  ...tagGroupOutputs,
  ...smartFolderOutputs,
  ...aiSearchOutputs,
  ...eventOutputs,
  ...syncOutputs,
  ...openApiOutputs,
  // Features that carry their outputs in their manifest.
  ...Object.assign({}, ...MANIFESTS.map((manifest) => ('outputs' in manifest ? manifest.outputs : {}))),
};

export const routeKey = (route: { method: Method; path: string }) => `${route.method} ${route.path}`;

/** The route's answer, or undefined when its feature's outputs table lacks it. */
export function outputOf(route: { method: Method; path: string }): Output | undefined {
  return Object.hasOwn(ROUTE_OUTPUTS, routeKey(route)) ? ROUTE_OUTPUTS[routeKey(route)]!() : undefined;
}

/** Request bodies a service checks itself, described as it does; other routes are described by their input schema. */
const ROUTE_REQUESTS: Record<string, () => z.ZodType> = { ...itemRequests };

export function requestOf(route: { method: Method; path: string; input: () => z.ZodType }): z.ZodType {
  return Object.hasOwn(ROUTE_REQUESTS, routeKey(route)) ? ROUTE_REQUESTS[routeKey(route)]!() : route.input();
}
