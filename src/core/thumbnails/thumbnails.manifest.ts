import type { FeatureManifest } from '../manifest';
import { thumbnailRoutes } from './thumbnails.routes';

export const thumbnailsManifest = {
  feature: 'thumbnails',
  routes: thumbnailRoutes,
  ports: ['apiPrefix', 'clock', 'fetchSource', 'internal', 'library', 'media', 'observers'],
} satisfies FeatureManifest;
