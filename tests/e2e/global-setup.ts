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

let server: PreviewServer | undefined;

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

export async function setup(project: TestProject): Promise<void> {
  await buildForProduction({ logLevel: 'warn', build: { outDir: 'dist-e2e', emptyOutDir: true } });
  server = await preview({
    logLevel: 'warn',
    build: { outDir: 'dist-e2e' },
    preview: { port: Number(process.env.E2E_PORT ?? 4190), strictPort: false, host: '127.0.0.1' },
    plugins: [plainAnswers],
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL.');
  project.provide('siteUrl', url.replace(/\/$/, ''));
  project.provide('siteDir', resolve('dist-e2e'));
  // As the site's worker serves it (the same source, the same prefix).
  project.provide('openApiDocument', buildOpenApiDocument({ apiPrefix: '/api/v2', routes: ROUTES }));
}

export async function teardown(): Promise<void> {
  await server?.close();
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
