import type { FeatureManifest } from '../manifest';
import { aiSearchRoutes } from './ai-search.routes';

export const aiSearchManifest = {
  feature: 'ai-search',
  routes: aiSearchRoutes,
  ports: ['itemLinks', 'clock', 'imageProcessor', 'library', 'media', 'modelFiles', 'registry'],
  observers: async () => {
    const [{ descriptors }, { objects }, { meaning }, { clipIndex }] = await Promise.all([import('./descriptors.observer'), import('./objects.observer'), import('./meaning.observer'), import('./providers/clip-index')]);
    return [descriptors, objects, meaning, clipIndex];
  },
} satisfies FeatureManifest;
