import type { FeatureManifest } from '../manifest';
import { lazyModule } from '../shared/lazy-module';
import { libraryTransferRoutes } from './library-transfer.routes';

export const eagleLibraryManifest = {
  feature: 'eagle-library',
  routes: libraryTransferRoutes,
  ports: ['clock', 'imports', 'library'],
  /** The Eagle library import. */
  loaders: { imports: lazyModule(() => import('./imports')) },
} satisfies FeatureManifest;
