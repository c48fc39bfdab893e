import type { FeatureManifest } from '../manifest';
import { lazyModule } from '../shared/lazy-module';
import { publishRoutes } from './publish.routes';

export const publishManifest = {
  feature: 'publish',
  routes: publishRoutes,
  ports: ['subscriptions'],
  /** A published library's files, and the subscriptions that load it. */
  loaders: { files: lazyModule(() => import('./lazy-files')), subscriptions: lazyModule(() => import('./subscriptions')) },
} satisfies FeatureManifest;
