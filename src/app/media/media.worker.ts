/**
 * The page's media worker (a dedicated module Worker). Each `connect` message brings a port on
 * which this worker serves the WorkerEndpoint with Comlink: one for the service worker (handed
 * over by the page), one for the page itself. Buffers cross ports transferred, never copied.
 */
import * as Comlink from 'comlink';
import { processRaster, undecodable, type WorkerEndpoint } from '../../media';
import { detectInBitmap } from './object-detector';
import { embedTexts } from './sentence-encoder';
import { recognizeInBitmap } from './text-recognizer';
import { modelStates } from './model-states';

let processed = 0;

/** Decodes the bytes (EXIF orientation applied), hands the bitmap to `use` and closes it; bytes that do not decode answer why. */
async function onBitmap<T>(bytes: Blob | ArrayBuffer, mime: string, use: (bitmap: ImageBitmap) => Promise<T>): Promise<T | { status: 'undecodable'; reason: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type: mime }), { imageOrientation: 'from-image' });
  } catch (error) {
    const { reason } = undecodable(mime, error) as { reason: string };
    return { status: 'undecodable', reason };
  }
  try {
    return await use(bitmap);
  } finally {
    bitmap.close();
  }
}

const endpoint: WorkerEndpoint = {
  ping: () => 'pong',
  async processRaster(bytes, mime) {
    const result = await processRaster(bytes, mime);
    processed += 1;
    return result.status === 'done' ? Comlink.transfer(result, [result.thumbnail]) : result;
  },
  // pdf.js and ag-psd are imported with the first PDF or PSD, never with the worker.
  async processDocument(bytes, mime, kind) {
    const result = kind === 'pdf' ? await (await import('./pdf-preview')).processPdf(bytes, mime) : await (await import('./psd-preview')).processPsd(bytes, mime);
    processed += 1;
    return result.status === 'done' ? Comlink.transfer(result, [result.thumbnail]) : result;
  },
  processedCount: () => processed,
  detectObjects: (bytes, mime) => onBitmap(bytes, mime, async (bitmap) => ({ status: 'done' as const, objects: await detectInBitmap(bitmap) })),
  recognizeText: (bytes, mime) => onBitmap(bytes, mime, recognizeInBitmap),
  async embedTexts(sentences) {
    const vectors = await embedTexts(sentences);
    return Comlink.transfer({ status: 'done', vectors }, vectors.map((v) => v.buffer as ArrayBuffer));
  },
  modelStates,
};

addEventListener('message', (event: MessageEvent<{ type?: string; port?: MessagePort }>) => {
  if (event.data?.type === 'connect' && event.data.port) Comlink.expose(endpoint, event.data.port);
});
