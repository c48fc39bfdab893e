import type { FeatureManifest } from '../manifest';
import { itemRoutes } from './items.routes';

export const itemsManifest = {
  feature: 'items',
  routes: itemRoutes,
  ports: ['apiPrefix', 'changes', 'clock', 'fetchSource', 'ids', 'internal', 'itemLinks', 'library', 'listing', 'observers', 'remoteFiles', 'storageEstimate'],
} satisfies FeatureManifest;
