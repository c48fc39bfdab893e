import type { FeatureManifest } from '../manifest';
import { searchCandidates } from './search.service';
import { searchRoutes } from './search.routes';

export const searchManifest = {
  feature: 'search',
  routes: searchRoutes,
  ports: ['itemLinks', 'library'],
  observers: async () => [(await import('./search-index')).searchIndex],
  listing: { search: searchCandidates },
} satisfies FeatureManifest;
