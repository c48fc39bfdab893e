/**
 * Model files are build outputs prepared from node_modules (no download): served under /models/
 * by the dev server (and vitest's browser mode) and emitted into the build beside the site. Only
 * the page's media worker loads them, on first use (docs/decisions/ai-search-objects.md). Most are
 * copied as they are; the sentence encoder is re-encoded first (./sentence-encoder-files.ts,
 * docs/decisions/ai-search-meaning.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { sentenceEncoderFiles } from './sentence-encoder-files.ts';

/** URL path under the site root → file in node_modules. */
export const MODEL_FILES: Readonly<Record<string, string>> = {
  'models/centernet.json': '@vladmandic/human/models/centernet.json',
  'models/centernet.bin': '@vladmandic/human/models/centernet.bin',
  'models/tfjs-backend-wasm.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  'models/tfjs-backend-wasm-simd.wasm': '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
  // OCR (docs/decisions/ocr.md): tesseract.js's worker script, its LSTM-only SIMD core (the WASM
  // inside the script) and the English LSTM data; tesseract.js would fetch each from a CDN.
  'models/ocr/worker.min.js': 'tesseract.js/dist/worker.min.js',
  'models/ocr/tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'models/ocr/eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
};

const TYPES: Record<string, string> = { json: 'application/json', bin: 'application/octet-stream', wasm: 'application/wasm', js: 'text/javascript', gz: 'application/octet-stream' };

/** What the plugin offers the service worker plugin: the model files, so a development worker knows them too. */
export interface ModelFilesApi {
  files(): { fileName: string; source: Uint8Array }[];
}

export function modelFiles(): Plugin<ModelFilesApi> {
  let root = process.cwd();
  // Made on first use (about 1.5 s), then kept.
  let made: Record<string, Uint8Array> | undefined;
  const built = (): Record<string, Uint8Array> => (made ??= { ...sentenceEncoderFiles(join(root, 'node_modules')) });
  const paths = () => [...Object.keys(MODEL_FILES), ...Object.keys(built())];
  const source = (path: string) => built()[path] ?? readFileSync(join(root, 'node_modules', MODEL_FILES[path]!));
  const isModelFile = (path: string) => path in MODEL_FILES || (path.startsWith('models/use/') && path in built());
  return {
    name: 'model-files',
    api: { files: () => paths().map((fileName) => ({ fileName, source: source(fileName) })) },
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!isModelFile(path)) return next();
        response.setHeader('Content-Type', TYPES[path.split('.').pop()!] ?? 'application/octet-stream');
        response.end(source(path));
      });
    },
    generateBundle() {
      for (const fileName of paths()) this.emitFile({ type: 'asset', fileName, source: source(fileName) });
    },
  };
}
