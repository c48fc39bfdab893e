/**
 * The page's CLIP worker (a dedicated module worker: onnxruntime-web needs `import()`, which a
 * service worker may not use). It loads the user's model, which the page reads from the API for it
 * (clip-host.ts; the service worker keeps it), with
 * the WASM backend on one thread, and embeds pictures (scaled to the manifest's size) and texts.
 * Served to the page with Comlink; the page forwards the service worker's calls (clip-host.ts).
 */
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { encodeImage, encodeText, type ClipSessions } from '../../shared/clip/clip-encode';
import { clipTokenizer } from '../../shared/clip/clip-tokenizer';
import type { ClipOutcome } from '../../core/media/media-processor';
import type { KeptClipModel } from './clip-model-api';

ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };

let loading: Promise<ClipSessions | undefined> | undefined;
/** Reads the kept model: the page's (`useModel`), so this worker touches no storage. */
let readModel: (() => Promise<KeptClipModel | undefined>) | undefined;

async function load(): Promise<ClipSessions | undefined> {
  const stored = await readModel?.();
  if (!stored) return undefined;
  const { manifest, files } = stored;
  const session = async (name: string) => ort.InferenceSession.create(new Uint8Array(await files[name]!.arrayBuffer()), { executionProviders: ['wasm'] });
  const [image, text] = await Promise.all([session(manifest.image.file), session(manifest.text.file)]);
  const { tokenizer } = manifest.text;
  const merges = tokenizer.kind === 'clip-bpe' ? await files[tokenizer.merges]!.text() : undefined;
  const tokenize = clipTokenizer(manifest, { vocab: await files[tokenizer.vocab]!.text(), merges });
  return { manifest, image, text, tokenize };
}

const sessions = () => (loading ??= load().catch((error: unknown) => {
  loading = undefined;
  throw error;
}));

const noModel: ClipOutcome = { status: 'needs-page', reason: 'No CLIP model is stored in this browser.' };

const endpoint = {
  /** How this worker reads the kept model (a Comlink proxy of the page's reader); set before any other call. */
  useModel(read: () => Promise<KeptClipModel | undefined>): void {
    readModel = read;
  },
  /** The loaded model's name and size, or null when none is stored. */
  async model(): Promise<{ name: string; dims: number } | null> {
    const s = await sessions();
    return s ? { name: s.manifest.name, dims: s.manifest.dims } : null;
  },
  async image(bytes: ArrayBuffer, mime: string): Promise<ClipOutcome> {
    const s = await sessions();
    if (!s) return noModel;
    const size = s.manifest.image.size;
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(new Blob([bytes], { type: mime }), { resizeWidth: size, resizeHeight: size, resizeQuality: 'high' });
    } catch (error) {
      return { status: 'undecodable', reason: `This browser cannot decode the picture (${error instanceof Error ? error.message : String(error)}).` };
    }
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const pixels = context.getImageData(0, 0, size, size).data;
    return { status: 'done', embedding: await encodeImage(ort, s, pixels), model: s.manifest.name };
  },
  async text(text: string): Promise<ClipOutcome> {
    const s = await sessions();
    if (!s) return noModel;
    return { status: 'done', embedding: await encodeText(ort, s, text), model: s.manifest.name };
  },
};

export type ClipWorkerEndpoint = typeof endpoint;

Comlink.expose(endpoint);
