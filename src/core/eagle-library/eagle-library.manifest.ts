import type { FeatureManifest } from '../manifest';
import { libraryTransferRoutes } from './library-transfer.routes';

export const eagleLibraryManifest = {
  feature: 'eagle-library',
  routes: libraryTransferRoutes,
  ports: ['imports', 'library'],
} satisfies FeatureManifest;
