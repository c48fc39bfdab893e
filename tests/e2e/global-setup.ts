/** Builds the site once and serves it with `vite preview`, as `npm start` does. */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview, type PreviewServer } from 'vite';
import { buildForProduction } from './production-build';

let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  await buildForProduction({ logLevel: 'warn', build: { outDir: 'dist-e2e', emptyOutDir: true } });
  server = await preview({
    logLevel: 'warn',
    build: { outDir: 'dist-e2e' },
    preview: { port: Number(process.env.E2E_PORT ?? 4190), strictPort: false, host: '127.0.0.1' },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL.');
  project.provide('siteUrl', url.replace(/\/$/, ''));
  project.provide('siteDir', resolve('dist-e2e'));
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The built site on disk, for tests that serve it themselves (tests/e2e/static-server.ts). */
    siteDir: string;
  }
}
