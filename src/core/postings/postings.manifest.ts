import type { FeatureManifest } from '../manifest';

export const postingsManifest = {
  feature: 'postings',
  routes: [],
  ports: [],
  observers: async () => [(await import('./postings.observer')).postingLists],
} satisfies FeatureManifest;
