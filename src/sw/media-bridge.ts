/**
 * Runs in the service worker: the MediaProcessor the core's job runner uses. Raster originals go
 * to the page's pool of media workers while a page is connected (each job to the worker with the
 * fewest calls in flight, taking turns among equals) and are processed right here with
 * OffscreenCanvas when none is (the same shared code, so the same result). SVG and video need a
 * document, PDF and PSD a page's media worker: without a page their jobs stay queued until one
 * connects.
 */
import * as Comlink from 'comlink';
import type { ModelState } from '../core/ai-search/model-names';
import type { ClipOutcome, EmbedOutcome, MediaProcessor, MediaRequest, ObjectsOutcome } from '../core/media/media-processor';
import { processRaster, TimeoutError, toOutcome, withTimeout, type ProcessedMedia, type WorkerEndpoint } from '../media';
import type { PageMedia, PagePorts } from './page-ports';

/**
 * A page call that takes longer than this is taken for a page that went away (it crashed without
 * a goodbye); the job is then done here instead. Generous: a large JPEG decodes in well under 1 s.
 */
const CALL_MS = 10_000;

export function mediaBridge(ports: PagePorts): MediaProcessor {
  let turn = 0;
  /** The least busy worker of the pool; among equals, the one after the last chosen. */
  const pick = (media: PageMedia): number => {
    const count = media.workers.length;
    let best = turn % count;
    for (let step = 1; step < count; step++) {
      const index = (turn + step) % count;
      if (media.busy[index]! < media.busy[best]!) best = index;
    }
    turn = best + 1;
    return best;
  };

  /** Runs `call` on the least busy worker of a connected page's pool; undefined without a page. */
  async function onWorker<T>(call: (worker: Comlink.Remote<WorkerEndpoint>) => Promise<T>, ms: number): Promise<T | undefined> {
    const media = await ports.acquire();
    if (!media) return undefined;
    const worker = pick(media);
    media.busy[worker]! += 1;
    try {
      if (!media.started[worker]) {
        await withTimeout(media.page.startWorker(worker), CALL_MS, 'The page');
        media.started[worker] = true;
      }
      const answer = await withTimeout(call(media.workers[worker]!), ms, 'The page');
      media.heardAt = Date.now();
      return answer;
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      ports.drop(media);
      return undefined;
    } finally {
      media.busy[worker]! -= 1;
    }
  }

  return {
    async clipImage({ blob, mime }) {
      const bytes = await blob.arrayBuffer();
      return callClip(ports, (media) => media.page.clipImage(Comlink.transfer(bytes, [bytes]), mime));
    },
    clipText: (text) => callClip(ports, (media) => media.page.clipText(text)),
    // The page's pool decodes this many at once; without a page, this worker alone.
    async capacity() {
      return (await ports.acquire())?.workers.length ?? 1;
    },
    async process(request) {
      const media = await ports.acquire();
      if (media) {
        const answer = await callPage(media, request, pick);
        if (answer) return toOutcome(answer);
        ports.drop(media);
      }
      if (request.kind === 'raster') return toOutcome(await processRaster(request.blob, request.mime));
      // PDFs and PSDs too: pdf.js and ag-psd load in a page's media worker, never in this script.
      return { status: 'needs-page', reason: `Decoding ${request.mime || request.kind} needs an open page of this site.` };
    },
    // The detector runs only in a page's media worker (TF.js and the model stay out of this script).
    async detectObjects({ blob, mime }): Promise<ObjectsOutcome> {
      // The stored Blob itself (a reference), as for thumbnails: an original is never read into this worker.
      const answer = await onWorker<ObjectsOutcome>((worker) => worker.detectObjects(blob, mime), DETECT_MS);
      return answer ?? { status: 'needs-page', reason: 'Finding objects needs an open page of this site.' };
    },
    // The sentence encoder runs only in a page's media worker too (TF.js stays out of this script).
    async embedTexts(sentences): Promise<EmbedOutcome> {
      const answer = await onWorker<EmbedOutcome>((worker) => worker.embedTexts(sentences), DETECT_MS);
      return answer ?? { status: 'needs-page', reason: 'Understanding meaning needs an open page of this site.' };
    },
    async pageConnected() {
      return (await ports.acquire()) !== undefined;
    },
    // Asks the started workers of a connected page only: a page is never made to start one for this.
    async modelStates() {
      const media = await ports.acquire();
      const states: Record<string, ModelState> = {};
      if (!media) return states;
      const answers = await Promise.allSettled(
        media.workers.filter((_, i) => media.started[i]).map((worker) => withTimeout(worker.modelStates(), STATUS_MS, 'The page')),
      );
      for (const answer of answers) {
        if (answer.status !== 'fulfilled') continue;
        for (const [name, state] of Object.entries(answer.value)) if (states[name] !== 'loaded') states[name] = state;
      }
      return states;
    },
  };
}

/** A status question waits this long for each worker (one busy running a model answers between calls). */
const STATUS_MS = 2_000;

/** The page's CLIP worker answers; without a page, the job waits (a CLIP model never runs here: ORT needs import()). */
async function callClip(ports: PagePorts, call: (media: PageMedia) => Promise<ClipOutcome>): Promise<ClipOutcome> {
  const media = await ports.acquire();
  if (!media) return { status: 'needs-page', reason: 'Your CLIP model runs in a page of this site, and none is open.' };
  try {
    const answer = await withTimeout(call(media), DETECT_MS, 'The page');
    media.heardAt = Date.now();
    return answer;
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    ports.drop(media);
    return { status: 'needs-page', reason: 'The page stopped answering.' };
  }
}

/**
 * The first PDF or PSD loads pdf.js or ag-psd into the worker, and a PDF's text is read from every
 * page: more than a raster's decode, still bounded so that a hung page is noticed.
 */
const DOCUMENT_MS = 30_000;

/** The first detection loads TF.js and the model; later ones take about 0.2 s. */
const DETECT_MS = 60_000;

/**
 * Hands the original over as a Blob, a reference the browser passes without its bytes: a 2 GB
 * video is never read into this worker (the page's <video> reads what it seeks to, a raster is
 * decoded from the Blob). Undefined when the page stopped answering.
 */
async function callPage(media: PageMedia, { kind, blob, mime }: MediaRequest, pick: (media: PageMedia) => number): Promise<ProcessedMedia | undefined> {
  const sent = blob;
  const worker = kind === 'svg' || kind === 'video' ? -1 : pick(media);
  if (worker >= 0) media.busy[worker]! += 1;
  try {
    // The page starts a pool worker when first asked; the call then waits in its port's queue.
    if (worker >= 0 && !media.started[worker]) {
      await withTimeout(media.page.startWorker(worker), CALL_MS, 'The page');
      media.started[worker] = true;
    }
    const call: Promise<ProcessedMedia> =
      kind === 'svg' || kind === 'video'
        ? media.page.processInPage(sent, mime, kind)
        : kind === 'raster'
          ? media.workers[worker]!.processRaster(sent, mime)
          : media.workers[worker]!.processDocument(sent, mime, kind);
    const answer = await withTimeout(call, kind === 'pdf' || kind === 'psd' ? DOCUMENT_MS : CALL_MS, 'The page');
    media.heardAt = Date.now();
    return answer;
  } catch (error) {
    if (error instanceof TimeoutError) return undefined;
    throw error;
  } finally {
    if (worker >= 0) media.busy[worker]! -= 1;
  }
}
