import type { FeatureManifest } from '../manifest';
import { appRoutes } from './app.routes';

export const appManifest = {
  feature: 'app',
  routes: appRoutes,
  ports: ['app'],
} satisfies FeatureManifest;
