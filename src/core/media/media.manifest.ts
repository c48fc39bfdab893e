import type { FeatureManifest } from '../manifest';
import { lazyModule } from '../shared/lazy-module';

export const mediaManifest = {
  feature: 'media',
  routes: [],
  ports: ['media'],
  observers: async () => [(await import('./media-jobs.observer')).mediaJobs],
  /** The job runner (thumbnails, descriptors, AI upkeep). */
  loaders: { jobRunner: lazyModule(() => import('./job-runner')) },
} satisfies FeatureManifest;
