/**
 * The result of processing an original, in a form that crosses a MessagePort cheaply: the
 * thumbnail is an ArrayBuffer to transfer, not a Blob to clone. Also the endpoints the page
 * exposes to the service worker over the ports of the handshake (see docs/decisions/media-worker.md).
 */
import type { ModelState } from '../core/ai-search/model-names';
import type { ClipOutcome, EmbedOutcome, MediaOutcome, ObjectsOutcome, OcrOutcome, Palette } from '../core/media/media-processor';

export type ProcessedMedia =
  | {
      status: 'done';
      width: number;
      height: number;
      duration?: number;
      /** The document's own text, for PDFs. */
      text?: string;
      thumbnail: ArrayBuffer;
      thumbnailType: string;
      palettes: Palette[];
      /** The visual descriptor of the thumbnail (src/core/ai-search/descriptor-layout.ts). */
      descriptor: Uint8Array;
    }
  | { status: 'undecodable'; reason: string };

/** The page's dedicated media worker. */
export interface WorkerEndpoint {
  ping(): 'pong';
  /** A Blob from the service worker (a reference to the stored original, not its bytes). */
  processRaster(bytes: ArrayBuffer | Blob, mime: string): Promise<ProcessedMedia>;
  /**
   * A PDF's first page or a PSD's composite image as the thumbnail, and a PDF's text (pdf.js and
   * ag-psd load on first use). A Blob from the service worker, as for processRaster.
   */
  processDocument(bytes: ArrayBuffer | Blob, mime: string, kind: 'pdf' | 'psd'): Promise<ProcessedMedia>;
  /** How many originals this worker has processed (observability for tests and the app). */
  processedCount(): number;
  /** Finds COCO objects in a raster picture (loads TF.js and the detector on first use). */
  detectObjects(bytes: ArrayBuffer | Blob, mime: string): Promise<Exclude<ObjectsOutcome, { status: 'needs-page' }>>;
  /** Reads the text in a raster picture (loads tesseract.js and its English data on first use). */
  recognizeText(bytes: ArrayBuffer | Blob, mime: string): Promise<Exclude<OcrOutcome, { status: 'needs-page' }>>;
  /** Unit 512-d embeddings of sentences (loads TF.js and the sentence encoder on first use). */
  embedTexts(sentences: string[]): Promise<Extract<EmbedOutcome, { status: 'done' }>>;
  /** The models this worker has loaded or is loading, by name (src/core/ai-search/model-names.ts). */
  modelStates(): Record<string, ModelState>;
}

/** The page itself: only a document can decode SVG and video. */
export interface PageEndpoint {
  ping(): 'pong';
  /** A Blob from the service worker: a video is read by the <video> element as it seeks, never whole. */
  processInPage(bytes: ArrayBuffer | Blob, mime: string, kind: 'svg' | 'video'): Promise<ProcessedMedia>;
  /** Starts media worker `index` of the page's pool (its port's messages wait until then). */
  startWorker(index: number): void;
  /** Ends media worker `index` (stuck on a call the service worker gave up on); the next ports start a fresh one. */
  restartWorker(index: number): void;
  /** Embeds a picture / a text with the user's CLIP model in the page's CLIP worker (src/app/ai/clip-host.ts). */
  clipImage(bytes: ArrayBuffer, mime: string): Promise<ClipOutcome>;
  clipText(text: string): Promise<ClipOutcome>;
}

export function toOutcome(processed: ProcessedMedia): MediaOutcome {
  if (processed.status !== 'done') return processed;
  const { thumbnail, thumbnailType, ...rest } = processed;
  return { ...rest, thumbnail: new Blob([thumbnail], { type: thumbnailType }) };
}

export const undecodable = (mime: string, error: unknown): ProcessedMedia => ({
  status: 'undecodable',
  reason: `This browser cannot decode the ${mime || 'file'} (${error instanceof Error ? error.message : String(error)}).`,
});
