/**
 * Serves the service worker at /sw.js (root scope) as one self-contained classic script, in dev,
 * in vitest browser mode and in the build. Vite has no service-worker support of its own; a nested
 * library build in IIFE format gives a worker with no module imports, which every browser accepts.
 */
import { build, type Plugin, type ResolvedConfig } from 'vite';

interface Options {
  entry: string;
  fileName?: string;
}

export function serviceWorker({ entry, fileName = 'sw.js' }: Options): Plugin {
  let config: ResolvedConfig;

  async function bundle(mode: 'development' | 'production'): Promise<string> {
    const output = await build({
      configFile: false,
      root: config.root,
      mode,
      logLevel: 'warn',
      resolve: config.resolve,
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      build: {
        write: false,
        emptyOutDir: false,
        minify: mode === 'production',
        sourcemap: mode === 'development' ? 'inline' : false,
        lib: { entry, formats: ['iife'], name: 'serviceWorker', fileName: () => fileName },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results) {
      if ('output' in result) {
        const chunk = result.output.find((file) => file.type === 'chunk');
        if (chunk && chunk.type === 'chunk') return chunk.code;
      }
    }
    throw new Error(`The service worker build of ${entry} produced no script.`);
  }

  return {
    name: 'offline-asset-library:service-worker',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      let cached: Promise<string> | undefined;
      server.watcher.on('change', (file) => {
        if (file.includes('/src/')) cached = undefined;
      });
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${fileName}`) return next();
        cached ??= bundle('development');
        cached.then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => {
            cached = undefined;
            next(error);
          },
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await bundle('production') });
    },
  };
}
