/**
 * Runs in the service worker: the MediaProcessor the core's job runner uses. Raster originals go
 * to the page's media worker while a page is connected and are processed right here with
 * OffscreenCanvas when none is (the same shared code, so the same result). SVG and video need a
 * document: without a page their jobs stay queued until one connects.
 */
import * as Comlink from 'comlink';
import type { MediaProcessor, MediaRequest, ObjectsOutcome } from '../core/media/media-processor';
import { processRaster, TimeoutError, toOutcome, withTimeout, type ProcessedMedia } from '../media';
import type { PageMedia, PagePorts } from './page-ports';

/**
 * A page call that takes longer than this is taken for a page that went away (it crashed without
 * a goodbye); the job is then done here instead. Generous: a large JPEG decodes in well under 1 s.
 */
const CALL_MS = 10_000;

export function mediaBridge(ports: PagePorts): MediaProcessor {
  return {
    async process(request) {
      const media = await ports.acquire();
      if (media) {
        const answer = await callPage(media, request);
        if (answer) return toOutcome(answer);
        ports.drop(media);
      }
      if (request.kind === 'raster') return toOutcome(await processRaster(request.blob, request.mime));
      return { status: 'needs-page', reason: `Decoding ${request.mime || request.kind} needs an open page of this site.` };
    },
    // The detector runs only in a page's media worker (TF.js and the model stay out of this script).
    async detectObjects({ blob, mime }) {
      const media = await ports.acquire();
      if (!media) return { status: 'needs-page', reason: 'Finding objects needs an open page of this site.' };
      const bytes = await blob.arrayBuffer();
      try {
        const call: Promise<ObjectsOutcome> = media.worker.detectObjects(Comlink.transfer(bytes, [bytes]), mime);
        const answer = await withTimeout(call, DETECT_MS, 'The page');
        media.heardAt = Date.now();
        return answer;
      } catch (error) {
        if (!(error instanceof TimeoutError)) throw error;
        ports.drop(media);
        return { status: 'needs-page', reason: 'The page stopped answering.' };
      }
    },
  };
}

/** The first detection loads TF.js and the model; later ones take about 0.2 s. */
const DETECT_MS = 60_000;

/** Hands the bytes over (transferred, not copied); undefined when the page stopped answering. */
async function callPage(media: PageMedia, { kind, blob, mime }: MediaRequest): Promise<ProcessedMedia | undefined> {
  const bytes = await blob.arrayBuffer();
  const sent = Comlink.transfer(bytes, [bytes]);
  const call: Promise<ProcessedMedia> = kind === 'raster' ? media.worker.processRaster(sent, mime) : media.page.processInPage(sent, mime, kind);
  try {
    const answer = await withTimeout(call, CALL_MS, 'The page');
    media.heardAt = Date.now();
    return answer;
  } catch (error) {
    if (error instanceof TimeoutError) return undefined;
    throw error;
  }
}
