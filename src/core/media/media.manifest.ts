import type { FeatureManifest } from '../manifest';

export const mediaManifest = {
  feature: 'media',
  routes: [],
  ports: ['media'],
  observers: async () => [(await import('./media-jobs.observer')).mediaJobs],
} satisfies FeatureManifest;
