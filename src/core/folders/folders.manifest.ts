import type { FeatureManifest } from '../manifest';
import { folderRoutes } from './folders.routes';

export const foldersManifest = {
  feature: 'folders',
  routes: folderRoutes,
  ports: ['changes', 'ids', 'library', 'observers'],
  observers: async () => [(await import('./folder-bookkeeping')).folderBookkeeping],
} satisfies FeatureManifest;
