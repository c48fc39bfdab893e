/**
 * A PDF's first page as its thumbnail, and its text, in one pass. Runs in the page's media worker
 * and is imported there on first use (with pdf.js), never with the page or the service worker.
 * pdf.js's own worker code runs in this thread (it is one already), loaded from our build: no
 * CDN, no second worker. See docs/decisions/document-previews.md.
 */
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { renderThumbnail, THUMBNAIL_LONG_SIDE, undecodable, type ProcessedMedia } from '../../media';
import { textOfDocument } from './pdf-text';

/** The page is drawn at twice the thumbnail's size, then scaled down with a good filter. */
const RENDER_LONG_SIDE = THUMBNAIL_LONG_SIDE * 2;

let workerCode: Promise<unknown> | undefined;

/** pdf.js runs its "worker" in this thread when it finds its handler on globalThis.pdfjsWorker. */
function loadWorkerCode(): Promise<unknown> {
  return (workerCode ??= import('pdfjs-dist/build/pdf.worker.mjs').then((module) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = module;
  }));
}

export async function processPdf(bytes: ArrayBuffer | Blob, mime: string): Promise<ProcessedMedia> {
  await loadWorkerCode();
  const data = new Uint8Array(bytes instanceof Blob ? await bytes.arrayBuffer() : bytes);
  let doc: PDFDocumentProxy;
  try {
    doc = await pdfjs.getDocument({
      data,
      verbosity: 0,
      // No document here: canvases are OffscreenCanvas, fonts are drawn as paths.
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
      disableFontFace: true,
      isEvalSupported: false,
    } as Parameters<typeof pdfjs.getDocument>[0]).promise;
  } catch (error) {
    return undecodable(mime, error);
  }
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: RENDER_LONG_SIDE / Math.max(natural.width, natural.height) });
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext('2d')!;
    // A PDF page is paper: white where nothing is drawn.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    page.cleanup();
    const bitmap = await createImageBitmap(canvas);
    const size = { width: Math.round(natural.width), height: Math.round(natural.height) };
    let result: ProcessedMedia & { status: 'done' };
    try {
      result = await renderThumbnail({ bitmap, size });
    } finally {
      bitmap.close();
    }
    // A text layer pdf.js cannot read costs the text, not the picture.
    const text = await textOfDocument(doc).catch(() => undefined);
    return text === undefined ? result : { ...result, text };
  } catch (error) {
    return undecodable(mime, error);
  } finally {
    await doc.destroy();
  }
}

/** pdf.js's canvas factory without a document. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(Math.max(1, width), Math.max(1, height));
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** pdf.js's SVG filters need a document; without one, transfer maps are left out ("none"). */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  destroy() {}
}
