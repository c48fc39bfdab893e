import type { FeatureManifest } from '../manifest';
import { searchRoutes } from './search.routes';

export const searchManifest = {
  feature: 'search',
  routes: searchRoutes,
  ports: ['apiPrefix', 'library'],
  observers: async () => [(await import('./search-index')).searchIndex],
} satisfies FeatureManifest;
