/** Builds the site again into a folder of its own, for tests that need a second build (updates) or their own copy. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildForProduction } from './production-build';

/** Builds the site with a visible label ("build B") in every page, so a test can tell which build a tab runs. */
export async function buildLabelledSite(label: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), `site-${label}-`));
  const labelPlugin: Plugin = {
    name: 'e2e:build-label',
    transformIndexHtml: () => [{ tag: 'footer', attrs: { id: 'build-label' }, children: `build ${label}`, injectTo: 'body' }],
  };
  await buildForProduction({ logLevel: 'warn', plugins: [labelPlugin], build: { outDir, emptyOutDir: true } });
  return outDir;
}
