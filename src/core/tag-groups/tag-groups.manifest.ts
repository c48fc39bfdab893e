import type { FeatureManifest } from '../manifest';
import { tagGroupRoutes } from './tag-groups.routes';

export const tagGroupsManifest = {
  feature: 'tag-groups',
  routes: tagGroupRoutes,
  ports: ['ids', 'library'],
} satisfies FeatureManifest;
