/**
 * Model files are build outputs prepared from node_modules (no download): served under /models/
 * by the dev server (and vitest's browser mode) and emitted into the build beside the site. Only
 * the page's media worker loads them, on first use (docs/decisions/ai-search-objects.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** URL path under the site root → file in node_modules. */
export const MODEL_FILES: Readonly<Record<string, string>> = {
  'models/centernet.json': '@vladmandic/human/models/centernet.json',
  'models/centernet.bin': '@vladmandic/human/models/centernet.bin',
  'models/tfjs-backend-wasm.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  'models/tfjs-backend-wasm-simd.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
};

const TYPES: Record<string, string> = { json: 'application/json', bin: 'application/octet-stream', wasm: 'application/wasm' };

export function modelFiles(): Plugin {
  let root = process.cwd();
  const source = (path: string) => readFileSync(join(root, 'node_modules', MODEL_FILES[path]!));
  return {
    name: 'model-files',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!MODEL_FILES[path]) return next();
        response.setHeader('Content-Type', TYPES[path.split('.').pop()!] ?? 'application/octet-stream');
        response.end(source(path));
      });
    },
    generateBundle() {
      for (const fileName of Object.keys(MODEL_FILES)) this.emitFile({ type: 'asset', fileName, source: source(fileName) });
    },
  };
}
