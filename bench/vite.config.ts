/**
 * The bench build: the app's own config (so /sw.js is the real worker) plus a second HTML entry,
 * the bench page, and the cold-start row's floor workers (bench/floor-workers, built by the same
 * plugin as sw.js), into its own output folder. `npm run build` never contains any of them.
 */
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import appConfig from '../vite.config.ts';
import { serviceWorker } from '../tools/vite-plugin-service-worker.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const BENCH_OUT_DIR = 'dist-bench';

export default mergeConfig(appConfig, {
  root,
  plugins: [
    serviceWorker({ entry: 'bench/floor-workers/minimal-worker.ts', fileName: 'bench-floor-minimal.js' }),
    serviceWorker({ entry: 'bench/floor-workers/dexie-worker.ts', fileName: 'bench-floor-dexie.js' }),
    serviceWorker({ entry: 'bench/floor-workers/registry-worker.ts', fileName: 'bench-floor-registry.js' }),
    serviceWorker({ entry: 'bench/floor-workers/shell-worker.ts', fileName: 'bench-floor-shell.js' }),
    serviceWorker({ entry: 'bench/floor-workers/shell-worker.ts', fileName: 'bench-floor-shell-scripts.js' }),
  ],
  build: {
    outDir: BENCH_OUT_DIR,
    emptyOutDir: true,
    // The bench page carries faker (about 1 MB); it is never shipped, so its size does not matter.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      input: { app: `${root}/index.html`, bench: `${root}/bench/index.html` },
    },
  },
});
