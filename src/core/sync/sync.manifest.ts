import type { FeatureManifest } from '../manifest';
import { lazyModule } from '../shared/lazy-module';
import { syncRoutes } from './sync.routes';

export const syncManifest = {
  feature: 'sync',
  routes: syncRoutes,
  ports: ['clock', 'fetchServer', 'library', 'loadPouch'],
  observers: async () => {
    const [{ syncDirtyItems }, { filesOfRemovedItems }] = await Promise.all([import('./dirty-items'), import('./removed-files.observer')]);
    return [syncDirtyItems, filesOfRemovedItems];
  },
  /** Files of synced items, fetched from the server when first asked for. */
  loaders: { syncedFiles: lazyModule(() => import('./synced-files')) },
} satisfies FeatureManifest;
