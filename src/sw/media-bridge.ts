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
import type { ClipOutcome, EmbedOutcome, MediaProcessor, MediaRequest, ObjectsOutcome, OcrOutcome } from '../core/media/media-processor';
import { processRaster, TimeoutError, toOutcome, withTimeout, type ProcessedMedia, type WorkerEndpoint } from '../media';
import type { PageMedia, PagePorts } from './page-ports';

/**
 * A page call that takes longer than this is taken for a page that went away (it crashed without
 * a goodbye); the job is then done here instead. Generous: a large JPEG decodes in well under 1 s.
 */
const CALL_MS = 10_000;
/** How long a page has to answer whether it is still there, once a call ran out of time. */
const PING_MS = 2_000;

/** The page answers but its worker ran out of time on this job: one of the job's attempts. */
class SlowPageError extends Error {}

export function mediaBridge(ports: PagePorts): MediaProcessor {
  let turn = 0;

  /**
   * After a call ran out of time. A page that still answers had its worker busy with this job all
   * along (a heavy PDF, a long OCR): the worker is ended, since it would hold every call after, and
   * the job is told why, which costs it one of its attempts, so that a job too heavy for the page
   * fails in the end instead of being sent forever. A call that waited behind another's in that
   * worker costs nothing and ends nothing (the one ahead of it may be within its own time), nor
   * does a page that does not answer (closed): the job waits for a page. The ports go either way;
   * the next call asks for fresh ones.
   */
  async function gaveUp(media: PageMedia, worker: number, queuedBehind: boolean, what: string, ms: number): Promise<SlowPageError | undefined> {
    const answers = await withTimeout(media.page.ping(), PING_MS, 'The page').then((answer) => answer === 'pong', () => false);
    const slow = answers && !queuedBehind;
    if (slow && worker >= 0) await withTimeout(media.page.restartWorker(worker), PING_MS, 'The page').catch(() => undefined);
    ports.drop(media);
    return slow ? new SlowPageError(`${what} took longer than ${ms / 1000} s in this page, so it was stopped.`) : undefined;
  }

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

  /**
   * Runs `call` on pool worker `worker` (-1: the page itself), started first if need be, within
   * `ms`; undefined when the page stopped answering, SlowPageError when it ran out of time (gaveUp).
   */
  async function runOn<T>(media: PageMedia, worker: number, call: () => Promise<T>, ms: number, what: string): Promise<T | undefined> {
    const queuedBehind = worker >= 0 && media.busy[worker]! > 0;
    if (worker >= 0) media.busy[worker]! += 1;
    try {
      // The page starts a pool worker when first asked; the call then waits in its port's queue.
      if (worker >= 0 && !media.started[worker]) {
        await withTimeout(media.page.startWorker(worker), CALL_MS, 'The page');
        media.started[worker] = true;
      }
      const answer = await withTimeout(call(), ms, 'The page');
      media.heardAt = Date.now();
      return answer;
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      const slow = await gaveUp(media, worker, queuedBehind, what, ms);
      if (slow) throw slow;
      return undefined;
    } finally {
      if (worker >= 0) media.busy[worker]! -= 1;
    }
  }

  /** Runs `call` on the least busy worker of a connected page's pool; undefined without a page. */
  async function onWorker<T>(call: (worker: Comlink.Remote<WorkerEndpoint>) => Promise<T>, ms: number, what: string): Promise<T | undefined> {
    const media = await ports.acquire();
    if (!media) return undefined;
    const worker = pick(media);
    return runOn(media, worker, () => call(media.workers[worker]!), ms, what);
  }

  /**
   * Hands the original over as a Blob, a reference the browser passes without its bytes: a 2 GB
   * video is never read into this worker (the page's <video> reads what it seeks to, a raster is
   * decoded from the Blob).
   */
  function callPage(media: PageMedia, { kind, blob, mime }: MediaRequest): Promise<ProcessedMedia | undefined> {
    const worker = kind === 'svg' || kind === 'video' ? -1 : pick(media);
    const call = (): Promise<ProcessedMedia> =>
      kind === 'svg' || kind === 'video'
        ? media.page.processInPage(blob, mime, kind)
        : kind === 'raster'
          ? media.workers[worker]!.processRaster(blob, mime)
          : media.workers[worker]!.processDocument(blob, mime, kind);
    return runOn(media, worker, call, kind === 'pdf' || kind === 'psd' ? DOCUMENT_MS : CALL_MS, `Reading this ${mime || kind}`);
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
      let slow: SlowPageError | undefined;
      if (media) {
        try {
          const answer = await callPage(media, request);
          if (answer) return toOutcome(answer);
        } catch (error) {
          if (!(error instanceof SlowPageError)) throw error;
          slow = error;
        }
        ports.drop(media);
      }
      if (request.kind === 'raster') return toOutcome(await processRaster(request.blob, request.mime));
      if (slow) throw slow;
      // PDFs and PSDs too: pdf.js and ag-psd load in a page's media worker, never in this script.
      return { status: 'needs-page', reason: `Decoding ${request.mime || request.kind} needs an open page of this site.` };
    },
    // The detector runs only in a page's media worker (TF.js and the model stay out of this script).
    async detectObjects({ blob, mime }): Promise<ObjectsOutcome> {
      // The stored Blob itself (a reference), as for thumbnails: an original is never read into this worker.
      const answer = await onWorker<ObjectsOutcome>((worker) => worker.detectObjects(blob, mime), DETECT_MS, 'Finding objects');
      return answer ?? { status: 'needs-page', reason: 'Finding objects needs an open page of this site.' };
    },
    // OCR runs only in a page's media worker too (tesseract.js starts a worker, which a service worker cannot).
    async recognizeText({ blob, mime }): Promise<OcrOutcome> {
      const answer = await onWorker<OcrOutcome>((worker) => worker.recognizeText(blob, mime), OCR_MS, 'Reading the text in this picture');
      return answer ?? { status: 'needs-page', reason: 'Reading text in pictures needs an open page of this site.' };
    },
    // The sentence encoder runs only in a page's media worker too (TF.js stays out of this script).
    async embedTexts(sentences): Promise<EmbedOutcome> {
      const answer = await onWorker<EmbedOutcome>((worker) => worker.embedTexts(sentences), DETECT_MS, 'Understanding meaning');
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
/** OCR of a picture: loading tesseract.js and its data the first time, and up to four readings of a turned scan. */
const OCR_MS = 120_000;
