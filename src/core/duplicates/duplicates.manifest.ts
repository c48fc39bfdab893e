import type { FeatureManifest } from '../manifest';
import { duplicatesOutputs } from './duplicates.outputs';
import { duplicateRoutes } from './duplicates.routes';

export const duplicatesManifest = {
  feature: 'duplicates',
  routes: duplicateRoutes,
  ports: ['itemLinks', 'ids', 'library', 'observers'],
  outputs: duplicatesOutputs,
} satisfies FeatureManifest;
