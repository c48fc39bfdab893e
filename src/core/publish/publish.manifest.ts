import type { FeatureManifest } from '../manifest';
import { publishRoutes } from './publish.routes';

export const publishManifest = {
  feature: 'publish',
  routes: publishRoutes,
  ports: ['subscriptions'],
} satisfies FeatureManifest;
