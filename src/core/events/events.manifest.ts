import type { FeatureManifest } from '../manifest';
import { eventRoutes } from './events.routes';

export const eventsManifest = {
  feature: 'events',
  routes: eventRoutes,
  ports: ['changes'],
  observers: async () => [(await import('./item-changes.observer')).itemChanges],
} satisfies FeatureManifest;
