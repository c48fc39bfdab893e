import type { FeatureManifest } from '../manifest';
import { libraryRoutes } from './library.routes';

export const libraryManifest = {
  feature: 'library',
  routes: libraryRoutes,
  ports: ['changes', 'dropLibrary', 'imports', 'library', 'registry', 'subscriptions'],
} satisfies FeatureManifest;
