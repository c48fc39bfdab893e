/**
 * OCR with tesseract.js in the page's media worker (docs/decisions/ocr.md). tesseract.js, its WASM
 * core and its English data load on the first call, never with the page, from files of our own
 * build under /models/ocr/ (tools/vite-plugin-model-files.ts): nothing comes from a CDN.
 * tesseract.js runs the core in a worker of its own, started from this one.
 */
import type { OcrOutcome } from '../../core/media/media-processor';
import { prepareForOcr } from './ocr-image';

type TesseractWorker = import('tesseract.js').Worker;
type Page = import('tesseract.js').Page;

const OCR_DIR = '/models/ocr/';
/** Below this mean confidence the picture may be turned: the other three quarter turns are read too. */
const TRY_ROTATIONS_BELOW = 70;
/** Words read with less confidence than this are noise (texture, a photo's edges), not text. */
const MIN_WORD_CONFIDENCE = 60;
/** A best reading below this mean confidence is all noise: a picture with no text. */
const MIN_PAGE_CONFIDENCE = 45;

let loading: Promise<TesseractWorker> | undefined;

function load(): Promise<TesseractWorker> {
  return (loading ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const at = (file: string) => new URL(OCR_DIR + file, self.location.origin).href;
    return createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: at('worker.min.js'),
      corePath: at('tesseract-core-simd-lstm.wasm.js'),
      langPath: new URL(OCR_DIR, self.location.origin).href,
      // The service worker caches /models/ on first use; tesseract's own IndexedDB cache would keep a second copy.
      cacheMethod: 'none',
      workerBlobURL: false,
    });
  })().catch((error) => {
    loading = undefined;
    throw error;
  }));
}

interface Reading {
  text: string;
  /** The page's mean word confidence: a turned page reads as confident-looking scraps, but few. */
  confidence: number;
  rotation: number;
}

/** The confident words of a page, line by line (a line needs a word of two letters or digits), and the page's confidence. */
function readingOf(page: Page, rotation: number): Reading {
  const lines = (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
  const kept = lines
    .map((line) => line.words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE).map((word) => word.text.trim()).filter(Boolean).join(' '))
    .filter((line) => /[\p{L}\p{N}]{2}/u.test(line));
  return { text: kept.join('\n'), confidence: page.confidence, rotation };
}

/** How much a reading is worth: confident text, more of it better. */
const worth = (reading: Reading) => reading.confidence * Math.log1p(reading.text.replace(/[^\p{L}\p{N}]/gu, '').length);

/** The previous picture's reading: a tesseract worker reads one picture at a time, so calls wait their turn. */
let turn: Promise<unknown> = Promise.resolve();

/** Reads the text in a decoded picture. */
export function recognizeInBitmap(bitmap: ImageBitmap): Promise<Exclude<OcrOutcome, { status: 'needs-page' | 'undecodable' }>> {
  const run = turn.then(() => recognize(bitmap));
  turn = run.catch(() => {});
  return run;
}

async function recognize(bitmap: ImageBitmap): Promise<Exclude<OcrOutcome, { status: 'needs-page' | 'undecodable' }>> {
  const worker = await load();
  // tesseract's own rotateRadians keeps the page's size (a quarter turn would crop it): turned here.
  const read = async (rotation: number) => readingOf((await worker.recognize(await prepareForOcr(bitmap, rotation), {}, { text: false, blocks: true })).data, rotation);
  let best = await read(0);
  if (best.confidence < TRY_ROTATIONS_BELOW) {
    for (const rotation of [90, 270, 180]) {
      const reading = await read(rotation);
      if (worth(reading) > worth(best)) best = reading;
    }
  }
  const text = best.confidence >= MIN_PAGE_CONFIDENCE ? best.text : '';
  return { status: 'done', text, confidence: Math.round(best.confidence), rotation: best.rotation };
}
