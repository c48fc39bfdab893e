/**
 * Builds the site once and serves it with `vite preview`, as `npm start` does. Builds the OpenAPI
 * document once too, for every file's answer checks (./contract-check.ts): a file that built it
 * itself imported the whole core and spent about half a second of its first test on it.
 */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { buildOpenApiDocument } from '../../src/core/openapi/openapi-document';
import { ROUTES } from '../../src/core/routes';
import { buildForProduction } from './production-build';

/**
 * The built site and its server, shared by the e2e projects of a run (vite.config.ts: one lane
 * beside the node files, two after them). Each project loads this file in a module runner of its
 * own, so the one build lives on the main process's global object, counted out by the teardowns.
 */
interface SharedSite {
  ready: Promise<{ server: PreviewServer; url: string }>;
  users: number;
}
const SHARED = Symbol.for('offline-asset-library.e2e-site');
const processGlobal = globalThis as { [SHARED]?: SharedSite };

/**
 * Answers without gzip: `vite preview` compresses every answer as it sends it, and each fresh
 * origin's worker install fetches the whole app (about 6.7 MB of scripts, 0.2 s of this process's
 * CPU each time, a few hundred times a run, on the machine the browsers share). Compression is
 * transport only: what the page and its worker receive is the same.
 */
const plainAnswers: Plugin = {
  name: 'e2e-plain-answers',
  configurePreviewServer(server) {
    server.middlewares.use((request, _response, next) => {
      delete request.headers['accept-encoding'];
      next();
    });
  },
};

async function buildAndServe(): Promise<{ server: PreviewServer; url: string }> {
  await buildForProduction({ logLevel: 'warn', build: { outDir: 'dist-e2e', emptyOutDir: true } });
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: 'dist-e2e' },
    preview: { port: Number(process.env.E2E_PORT ?? 4190), strictPort: false, host: '127.0.0.1' },
    plugins: [plainAnswers],
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL.');
  return { server, url: url.replace(/\/$/, '') };
}

export async function setup(project: TestProject): Promise<void> {
  const shared = (processGlobal[SHARED] ??= { ready: buildAndServe(), users: 0 });
  shared.users += 1;
  const { url } = await shared.ready;
  project.provide('siteUrl', url);
  project.provide('siteDir', resolve('dist-e2e'));
  // As the site's worker serves it (the same source, the same prefix).
  project.provide('openApiDocument', buildOpenApiDocument({ apiPrefix: '/api/v2', routes: ROUTES }));
}

export async function teardown(): Promise<void> {
  const shared = processGlobal[SHARED];
  if (!shared || --shared.users > 0) return;
  delete processGlobal[SHARED];
  await (await shared.ready.catch(() => undefined))?.server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The built site on disk, for tests that serve it themselves (tests/e2e/static-server.ts). */
    siteDir: string;
    /** The API's OpenAPI document, for the answer checks. */
    openApiDocument: unknown;
  }
}
