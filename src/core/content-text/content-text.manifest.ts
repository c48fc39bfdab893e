import type { FeatureManifest } from '../manifest';
import { contentTextRoutes } from './content-text.routes';

export const contentTextManifest = {
  feature: 'content-text',
  routes: contentTextRoutes,
  ports: ['library'],
  /** Queues OCR and plain-text jobs with the write that makes them due. */
  observers: async () => [(await import('./content-text.observer')).contentTexts],
} satisfies FeatureManifest;
