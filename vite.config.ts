import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, findChromium } from './tools/chromium.ts';
import { navigationFallback } from './tools/vite-plugin-navigation-fallback.ts';
import { modelFiles } from './tools/vite-plugin-model-files.ts';
import { serviceWorker } from './tools/vite-plugin-service-worker.ts';
import { webApp } from './tools/vite-plugin-web-app.ts';
import LongestFirstSequencer from './tools/test-sequencer.ts';
import pkg from './package.json' with { type: 'json' };
import { couchCommands } from './tests/sync/couch-commands.ts';
import { openApiCommands } from './tests/contract/openapi-commands.ts';

const port = Number(process.env.PORT ?? 4173);

/** The e2e projects' shared settings (tests/e2e/global-setup.ts builds the site once for both). */
const E2E = {
  include: ['tests/e2e/**/*.test.ts'],
  environment: 'node',
  // Each lane imports Playwright and the helpers once, not once per file (about 1.2 s a file).
  isolate: false,
  globalSetup: ['tests/e2e/global-setup.ts', 'tests/sync/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
/**
 * E2e files run in the first group, after the node files, while the browser files go on
 * (about 100 s of one core otherwise idle on a quiet run): some of medium length, none that
 * times anything and none that loads a model (there, app-clip once indexed nothing in 60 s: the
 * jobs a status call queued for a new CLIP model waited for a wake-up, since given).
 */
const E2E_BESIDE_NODE = [
  'tests/e2e/app-search.test.ts',
  'tests/e2e/app-grid.test.ts',
  'tests/e2e/app-import.test.ts',
  'tests/e2e/app-inspector-viewer.test.ts',
  'tests/e2e/app-backup.test.ts',
  'tests/e2e/app-trash-folders.test.ts',
  'tests/e2e/api-docs.test.ts',
  'tests/e2e/app-video-frame.test.ts',
  'tests/e2e/app-views.test.ts',
  'tests/e2e/app-folders-and-bulk.test.ts',
  'tests/e2e/app-other-imports.test.ts',
];
const runningTests = Boolean(process.env.VITEST);

export default defineConfig({
  // Relative URLs: one build works at a site's root and under any base path (docs/decisions/embedding.md).
  base: './',
  plugins: [
    webApp({ description: pkg.description }),
    serviceWorker({
      entry: 'src/sw/sw.ts',
      // What the worker imports dynamically (pinyin-pro, the zip packages, PouchDB, feature code such
      // as sync's handlers, RE2JS for regex rules) is split into scripts beside sw.js, loaded on
      // first use (docs/decisions/service-worker-startup.md).
    }),
    navigationFallback(),
    modelFiles(),
  ],
  // The media worker imports TF.js, pdf.js, ag-psd and tesseract.js on first use: bundle them up
  // front, so that first use does not make the dev server re-optimise and reload the page.
  optimizeDeps: {
    include: ['@tensorflow/tfjs-core', '@tensorflow/tfjs-converter', '@tensorflow/tfjs-backend-wasm', 'pdfjs-dist', 'pdfjs-dist/build/pdf.worker.mjs', 'ag-psd', 'tesseract.js'],
  },
  // Vitest runs its own servers; a fixed port would stop two test runs from sharing this machine.
  // The bench's kept libraries (bench/.scale-cache: millions of files at a million items) are no
  // source: watching them held the browser tests' server past their timeouts.
  server: { watch: { ignored: ['**/bench/.scale-cache/**'] }, ...(runningTests ? {} : { port, strictPort: true, host: '127.0.0.1' }) },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  // Two pages: the library, and the capture window the bookmarklet opens (src/app/capture/).
  build: { target: 'es2022', rollupOptions: { input: { main: 'index.html', capture: 'capture.html' } } },
  // ES workers keep dynamic imports as chunks of their own: TF.js loads only on first object search.
  worker: { format: 'es' },
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/node/**/*.test.ts'],
          exclude: ['tests/node/module-mocks/**'],
          environment: 'node',
          setupFiles: ['tests/node/setup.ts'],
          // One module graph for every file: 160 to 193 s alone instead of 296 s (docs/decisions/test-suite-time.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module (vi.mock) need a module graph of their own.
          name: 'node-module-mocks',
          include: ['tests/node/module-mocks/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/node/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/photos/global-setup.ts', 'tests/browser/published-library-setup.ts', 'tests/sync/global-setup.ts'],
          // Every answer of the service worker is checked against its OpenAPI document.
          setupFiles: ['tests/browser/contract-setup.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: runningTests ? { executablePath: findChromium(), args: CHROMIUM_ARGS } : {},
            }),
            instances: [{ browser: 'chromium' }],
            // A CouchDB-protocol server a test may stop and start (tests/browser/sync-files.test.ts).
            // validateOpenApi: the OpenAPI validator needs node (tests/contract/openapi-commands.ts).
            commands: { ...couchCommands, ...openApiCommands },
          },
        },
      },
      {
        extends: true,
        test: {
          ...E2E,
          name: 'e2e',
          exclude: E2E_BESIDE_NODE,
          // After the node and browser tests, in two lanes (docs/decisions/test-suite-time.md).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        // A lane of e2e files beside the node files, which end long before the browser files do.
        test: { ...E2E, name: 'e2e-beside-node', include: E2E_BESIDE_NODE },
      },
    ],
  },
});
