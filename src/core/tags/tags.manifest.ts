import type { FeatureManifest } from '../manifest';
import { loadPinyin } from './pinyin';
import { tagRoutes } from './tags.routes';

export const tagsManifest = {
  feature: 'tags',
  routes: tagRoutes,
  ports: ['library', 'observers'],
  observers: async () => [(await import('./tag-bookkeeping')).tagBookkeeping],
  beforeWrite: loadPinyin,
} satisfies FeatureManifest;
