/**
 * What only a document can decode: SVG (rasterised by an <img>) and video (a frame from a
 * <video>). Served to the service worker on the page's own port; the thumbnail and palette then
 * come from the same shared code as every other path.
 */
import * as Comlink from 'comlink';
import { renderThumbnail, THUMBNAIL_LONG_SIDE, undecodable, type PageEndpoint, type ProcessedMedia } from '../../media';
import { frameTimes, isBlankFrame } from '../../media/blank-frame';
import { clipHost } from '../ai/clip-host';

/** A video that shows no frame within this time is treated as undecodable. */
const VIDEO_MS = 15_000;

export const pageEndpoint: Omit<PageEndpoint, 'startWorker' | 'restartWorker'> = {
  ping: () => 'pong',
  // A user's CLIP model runs in the page's CLIP worker (src/app/ai/clip-host.ts).
  clipImage: (bytes, mime) => clipHost.image(bytes, mime),
  clipText: (text) => clipHost.text(text),
  async processInPage(bytes, mime, kind) {
    const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
    try {
      const result = kind === 'svg' ? await fromSvg(url, mime) : await fromVideoRetried(url, mime);
      return result.status === 'done' ? Comlink.transfer(result, [result.thumbnail]) : result;
    } finally {
      URL.revokeObjectURL(url);
    }
  },
};

/**
 * How long to wait before each further try of a clip that failed. A busy page's media pipeline now
 * and then fails a clip that it plays a moment later (seen in CI: a recorded WebM answered
 * undecodable twice in a row, then decoded at once in the same page), and undecodable is final
 * (noThumbnail). A clip that is really broken fails fast, so the tries cost it little.
 */
const VIDEO_RETRY_AFTER_MS = [300, 1000];

/** A frame of the clip, each try with a new <video>; undecodable only once every try failed. */
async function fromVideoRetried(url: string, mime: string): Promise<ProcessedMedia> {
  let result = await fromVideo(url, mime);
  for (const wait of VIDEO_RETRY_AFTER_MS) {
    if (result.status !== 'undecodable') break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    result = await fromVideo(url, mime);
  }
  return result;
}

async function fromSvg(url: string, mime: string): Promise<ProcessedMedia> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    return undecodable(mime, error);
  }
  // An SVG without a size of its own is drawn square; a vector is rasterised at thumbnail size.
  const width = image.naturalWidth || THUMBNAIL_LONG_SIDE;
  const height = image.naturalHeight || THUMBNAIL_LONG_SIDE;
  const scale = THUMBNAIL_LONG_SIDE / Math.max(width, height);
  const bitmap = await createImageBitmap(image, {
    resizeWidth: Math.max(1, Math.round(width * scale)),
    resizeHeight: Math.max(1, Math.round(height * scale)),
    resizeQuality: 'high',
  });
  try {
    return await renderThumbnail({ bitmap, size: { width, height } });
  } finally {
    bitmap.close();
  }
}

async function fromVideo(url: string, mime: string): Promise<ProcessedMedia> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    await event(video, 'loadeddata', () => (video.src = url));
    // A recording written as a stream (MediaRecorder's) states no length: seeking past the end
    // makes the browser find it.
    if (!Number.isFinite(video.duration)) await event(video, 'seeked', () => (video.currentTime = Number.MAX_SAFE_INTEGER));
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const bitmap = await firstShownFrame(video, duration);
    try {
      return await renderThumbnail({ bitmap, duration });
    } finally {
      bitmap.close();
    }
  } catch (error) {
    return undecodable(mime, error);
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}

/**
 * The first frame, from a little way in, that is not blank (black, or one flat grey): a black
 * lead-in is skipped (src/media/blank-frame.ts). A clip blank at every try gives its first try.
 * Always seek: after loadeddata alone Chromium does not always hold a frame that createImageBitmap
 * can copy ("the image source is not usable"); after seeked it does.
 */
async function firstShownFrame(video: HTMLVideoElement, duration: number): Promise<ImageBitmap> {
  let first: ImageBitmap | undefined;
  for (const time of frameTimes(duration)) {
    await event(video, 'seeked', () => (video.currentTime = time));
    const frame = await createImageBitmap(video);
    if (!isBlankFrame(await samplePixels(frame))) {
      first?.close();
      return frame;
    }
    if (first) frame.close();
    else first = frame;
  }
  return first!;
}

/** The frame scaled to SAMPLE_SIDE² pixels, enough to tell a blank frame. */
async function samplePixels(frame: ImageBitmap): Promise<Uint8ClampedArray> {
  const context = new OffscreenCanvas(SAMPLE_SIDE, SAMPLE_SIDE).getContext('2d', { willReadFrequently: true })!;
  context.drawImage(frame, 0, 0, SAMPLE_SIDE, SAMPLE_SIDE);
  return context.getImageData(0, 0, SAMPLE_SIDE, SAMPLE_SIDE).data;
}

const SAMPLE_SIDE = 32;

/** Starts something and waits for `name` on the video (rejects on its error or after VIDEO_MS). */
function event(video: HTMLVideoElement, name: string, start: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${name} within ${VIDEO_MS} ms`)), VIDEO_MS);
    const ok = () => done();
    const failed = () => done(new Error(video.error?.message || 'the video could not be decoded'));
    function done(error?: Error) {
      clearTimeout(timer);
      video.removeEventListener(name, ok);
      video.removeEventListener('error', failed);
      if (error) reject(error);
      else resolve();
    }
    video.addEventListener(name, ok);
    video.addEventListener('error', failed);
    start();
  });
}
