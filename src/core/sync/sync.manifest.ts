import type { FeatureManifest } from '../manifest';
import { syncRoutes } from './sync.routes';

export const syncManifest = {
  feature: 'sync',
  routes: syncRoutes,
  ports: ['clock', 'fetchServer', 'library', 'loadPouch'],
  observers: async () => {
    const [{ syncDirtyItems }, { filesOfRemovedItems }] = await Promise.all([import('./dirty-items'), import('./removed-files.observer')]);
    return [syncDirtyItems, filesOfRemovedItems];
  },
} satisfies FeatureManifest;
