/** Every route of the API, derived from the features' manifests. A test walks this list and fails when a route has no API test. */
import type { Route } from './http/router';
import { MANIFESTS } from './manifests';

export const ROUTES: readonly Route[] = MANIFESTS.flatMap((manifest): readonly Route[] => manifest.routes);
