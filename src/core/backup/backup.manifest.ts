import type { FeatureManifest } from '../manifest';
import { backupOutputs } from './backup.outputs';
import { backupRoutes } from './backup.routes';

export const backupManifest = {
  feature: 'backup',
  routes: backupRoutes,
  ports: ['clock', 'ids', 'library'],
  outputs: backupOutputs,
} satisfies FeatureManifest;
