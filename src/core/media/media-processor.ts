/**
 * What the core needs from whoever can decode images: a thumbnail, true dimensions and a palette
 * from an original. The service worker injects an implementation (the page's Comlink worker, or
 * OffscreenCanvas in the worker itself); node tests inject their own.
 */
import type { Detection, Palette } from '../storage/rows';
import type { ModelState } from '../ai-search/model-names';

export type { Palette };

/**
 * `raster`: decodable by createImageBitmap anywhere (JPEG, PNG, GIF, WebP, AVIF, BMP, ICO).
 * `svg` and `video` need a page: workers have no SVG or video decoder.
 * `pdf` and `psd` need a page's media worker: pdf.js and ag-psd load there on first use, never
 * in the service worker.
 */
export type MediaKind = 'raster' | 'svg' | 'video' | 'pdf' | 'psd';

export interface MediaRequest {
  kind: MediaKind;
  blob: Blob;
  mime: string;
}

export type MediaOutcome =
  | {
      status: 'done';
      /** Displayed size: EXIF orientation already applied. */
      width: number;
      height: number;
      /** Seconds, for video. */
      duration?: number;
      /** The document's own text, for PDFs (pdf.js getTextContent); '' when it has none. */
      text?: string;
      thumbnail: Blob;
      palettes: Palette[];
      /** The visual descriptor of the thumbnail (src/core/ai-search/descriptor-layout.ts). */
      descriptor: Uint8Array;
    }
  /** The bytes are not something this browser can decode (a final answer, not a failure to retry). */
  | { status: 'undecodable'; reason: string }
  /** Only a page can decode this (SVG, video) and none is connected: keep the job for later. */
  | { status: 'needs-page'; reason: string };

export type ObjectsOutcome =
  | { status: 'done'; objects: Detection[] }
  | { status: 'undecodable'; reason: string }
  /** The detector runs only in a page's media worker, and none is connected. */
  | { status: 'needs-page'; reason: string };

export type EmbedOutcome =
  | { status: 'done'; vectors: Float32Array[] }
  /** The sentence encoder runs only in a page's media worker, and none is connected. */
  | { status: 'needs-page'; reason: string };

/** A user CLIP model's embedding (unit length), and which model made it. */
export type ClipOutcome =
  | { status: 'done'; embedding: Float32Array; model: string }
  | { status: 'undecodable'; reason: string }
  /** The model runs only in a page's CLIP worker, and no page with it loaded is connected. */
  | { status: 'needs-page'; reason: string };

export interface MediaProcessor {
  /** Resolves with an outcome; rejects only on transient trouble (the job is retried later). */
  process(request: MediaRequest): Promise<MediaOutcome>;
  /** How many originals it can decode at once (a pool of workers); 1 when absent. */
  capacity?(): Promise<number>;
  /** Finds COCO objects in a raster picture; absent where no detector can run. */
  detectObjects?(request: MediaRequest): Promise<ObjectsOutcome>;
  /** Unit 512-d sentence embeddings, in order; absent where no sentence encoder can run. */
  embedTexts?(sentences: string[]): Promise<EmbedOutcome>;
  /** Whether a page that can run the models (detector, encoder) is connected now; absent: always. */
  pageConnected?(): Promise<boolean>;
  /** Models loaded or loading where this processor runs them (a connected page's workers); {} without one. */
  modelStates?(): Promise<Record<string, ModelState>>;
  /** Embeds a picture / a text with the user's CLIP model (ai-search/providers); absent where none can run. */
  clipImage?(request: MediaRequest): Promise<ClipOutcome>;
  clipText?(text: string): Promise<ClipOutcome>;
}

const RASTER_MIMES = new Set([
  'image/jpeg', 'image/pjpeg', 'image/png', 'image/apng', 'image/gif', 'image/webp', 'image/avif',
  'image/bmp', 'image/x-ms-bmp', 'image/x-icon', 'image/vnd.microsoft.icon',
]);
const RASTER_EXTS = new Set(['jpg', 'jpeg', 'jfif', 'pjpeg', 'png', 'apng', 'gif', 'webp', 'avif', 'bmp', 'ico', 'cur']);
const VIDEO_EXTS = new Set(['mp4', 'm4v', 'webm', 'ogv', 'mov']);
const PSD_MIMES = new Set(['image/vnd.adobe.photoshop', 'image/x-photoshop', 'image/photoshop', 'image/psd', 'application/photoshop', 'application/x-photoshop']);

/** Which decoder an original needs, from its MIME type or extension; undefined: none we have. */
export function mediaKindOf(mime: string, ext: string): MediaKind | undefined {
  const type = mime.toLowerCase().split(';')[0]!.trim();
  const extension = ext.toLowerCase();
  if (type === 'image/svg+xml' || extension === 'svg') return 'svg';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (PSD_MIMES.has(type) || extension === 'psd') return 'psd';
  if (RASTER_MIMES.has(type) || RASTER_EXTS.has(extension)) return 'raster';
  if (type.startsWith('video/') || VIDEO_EXTS.has(extension)) return 'video';
  return undefined;
}
