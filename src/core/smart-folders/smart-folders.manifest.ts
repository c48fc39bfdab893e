import type { FeatureManifest } from '../manifest';
import { matchSmartFolders } from './match';
import { loadRegexEngine } from './safe-regex';
import { smartFolderRoutes } from './smart-folder.routes';

export const smartFoldersManifest = {
  feature: 'smart-folders',
  routes: smartFolderRoutes,
  ports: ['itemLinks', 'clock', 'ids', 'library'],
  observers: async () => [(await import('./count-upkeep')).smartFolderCountUpkeep],
  beforeWrite: loadRegexEngine,
  listing: { smartFolders: matchSmartFolders },
} satisfies FeatureManifest;
