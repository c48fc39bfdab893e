// Previews of documents (issue 43, point 3), through the real service worker and the page's media
// worker: a PDF's first page and a PSD's composite become thumbnails, and a PDF's text comes back
// from the worker in the same pass.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { startMediaHost, type MediaHost } from '../../src/app/media/media-host';
import type { WorkerEndpoint } from '../../src/media';
import { makePdf } from '../documents/make-pdf';
import { makePsd } from '../documents/make-psd';
import { base64Of, flat, near, pixelAt } from './media-images';
import { isolatedClient } from './service-worker';
import { getItem, thumbnailOf, whenReady } from './media-client';

let host: MediaHost | undefined;

afterEach(() => {
  host?.stop();
  host = undefined;
});

const SENTENCE = 'The marigold grows in Lisbon.';

/** A WebM recorded from a canvas: black for `blackMs`, then `colour` for `colourMs` (15 frames a second). */
async function blackThen(colour: string, blackMs: number, colourMs: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 90;
  const context = canvas.getContext('2d')!;
  const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const start = performance.now();
  while (performance.now() - start < blackMs + colourMs) {
    context.fillStyle = performance.now() - start < blackMs ? '#000000' : colour;
    context.fillRect(0, 0, 160, 90);
    await new Promise((resolve) => setTimeout(resolve, 1000 / 15));
  }
  recorder.stop();
  await stopped;
  return new Blob(chunks, { type: 'video/webm' });
}

describe('previews of documents', () => {
  it("makes a PDF's first page its thumbnail in the page's media worker", async () => {
    host = startMediaHost({ workers: 1 });
    const { client, library } = await isolatedClient();
    // Page 1: a green square with a white margin; page 2 is blue, and must not be what is shown.
    const pdf = makePdf([
      { width: 300, height: 200, square: { color: '#10b040', margin: 40 }, lines: [SENTENCE] },
      { width: 300, height: 200, square: { color: '#2020d0' } },
    ]);
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'leaflet', base64: await base64Of(pdf) });
    const item = await whenReady(client, id);
    expect(item).toMatchObject({ ext: 'pdf', width: 300, height: 200, noThumbnail: false });
    const { type, blob } = await thumbnailOf(library, id);
    expect(type).toBe('image/webp');
    const bitmap = await createImageBitmap(blob);
    expect([bitmap.width, bitmap.height]).toEqual([400, 267]);
    expect(near(await pixelAt(blob, 200, 133), [16, 176, 64], 30)).toBe(true);
    // The margin is the paper's white, not a transparent (black) canvas.
    expect(near(await pixelAt(blob, 5, 130), [255, 255, 255], 20)).toBe(true);
    expect(item.palettes.some((p) => near(p.color, [16, 176, 64], 40))).toBe(true);
    expect(await host.processedCount()).toBeGreaterThan(0);
    // Its text is searched: words found only inside the PDF find it, plainly and as content text.
    for (const query of ['marigold', 'text:lisbon']) {
      const found = await client.post<{ data: { id: string }[] }>('/item/query', { query });
      expect(found.data.map((hit) => hit.id)).toEqual([id]);
    }
    expect(await client.get('/item/contentText', { id })).toEqual({ source: 'pdf', text: SENTENCE });
    // The first test of the file also installs the service worker, and the dev server serves pdf.js.
  }, 90_000);

  it("makes a PSD's composite image its thumbnail", async () => {
    host = startMediaHost({ workers: 1 });
    const { client, library } = await isolatedClient();
    const psd = makePsd(320, 160, [230, 120, 20]);
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'poster', base64: await base64Of(psd) });
    const item = await whenReady(client, id);
    expect(item).toMatchObject({ ext: 'psd', width: 320, height: 160, noThumbnail: false });
    const { blob } = await thumbnailOf(library, id);
    expect(near(await pixelAt(blob, 160, 80), [230, 120, 20], 20)).toBe(true);
  });

  it('keeps a PSD or PDF queued without a page, and gives a broken one its generic icon once a page tried it', async () => {
    const { client, library } = await isolatedClient();
    const { id: broken } = await client.post<{ id: string }>('/item/add', { name: 'layers', base64: await base64Of(new TextEncoder().encode('8BPS\u0000\u0001 not really a photoshop file')) });
    const { id: pdf } = await client.post<{ id: string }>('/item/add', { name: 'later', base64: await base64Of(makePdf([{ square: { color: '#d02080' } }])) });
    // No page worker yet: a raster added later is done by the fallback meanwhile, while the PSD and
    // the PDF wait (pdf.js and ag-psd never load in the service worker).
    const { id: raster } = await client.post<{ id: string }>('/item/add', { base64: await base64Of(await flat(64, 64, [9, 9, 9])) });
    await whenReady(client, raster);
    for (const id of [broken, pdf]) expect(await getItem(client, id)).toMatchObject({ thumbnailReady: false, noThumbnail: false });
    host = startMediaHost({ workers: 1 });
    expect(await whenReady(client, broken)).toMatchObject({ ext: 'psd', noThumbnail: true, palettes: [] });
    const { type, blob } = await thumbnailOf(library, broken);
    expect(type).toBe('image/svg+xml');
    expect(await blob.text()).toContain('>PSD<');
    expect(await whenReady(client, pdf)).toMatchObject({ ext: 'pdf', noThumbnail: false });
    expect(near(await pixelAt((await thumbnailOf(library, pdf)).blob, 200, 200), [208, 32, 128], 30)).toBe(true);
  });

  it("skips a video's black lead-in: its thumbnail is the first frame that is not black", async () => {
    host = startMediaHost({ workers: 1 });
    const { client, library } = await isolatedClient();
    // About 3.9 s: frames are tried at 0.39, 0.78 (black), 1.56 and 3.12 s (green). The green part
    // is twice the black one: a recording made under load can come out short, and with equal parts
    // (2.6 s) a clip half a second short puts every try in the black (a black thumbnail in CI once).
    const clip = await blackThen('#20c040', 1300, 2600);
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'fade-in', base64: await base64Of(clip) });
    const item = await whenReady(client, id);
    expect(item).toMatchObject({ ext: 'webm', width: 160, height: 90, noThumbnail: false });
    const { blob } = await thumbnailOf(library, id);
    expect(await pixelAt(blob, 80, 45)).toSatisfy((rgb: number[]) => near(rgb, [32, 192, 64], 40));
  });

  it('answers the PDF text from the worker method, and undecodable for bytes that are no PDF', async () => {
    const worker = new Worker(new URL('../../src/app/media/media.worker.ts', import.meta.url), { type: 'module' });
    try {
      const channel = new MessageChannel();
      worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
      const remote = Comlink.wrap<WorkerEndpoint>(channel.port2);
      const pdf = makePdf([{ width: 400, height: 200, lines: [SENTENCE, 'Second line.'] }, { width: 400, height: 200, lines: ['Page two.'] }]);
      const result = await remote.processDocument(new Blob([pdf as Uint8Array<ArrayBuffer>]), 'application/pdf', 'pdf');
      expect(result.status).toBe('done');
      expect(result.status === 'done' && result.text).toBe(`${SENTENCE}\nSecond line.\n\nPage two.`);
      const broken = await remote.processDocument(new Blob(['%PDF-1.4 nothing else']), 'application/pdf', 'pdf');
      expect(broken.status).toBe('undecodable');
      const notPsd = await remote.processDocument(new Blob(['8BPS but no more']), 'image/vnd.adobe.photoshop', 'psd');
      expect(notPsd.status).toBe('undecodable');
    } finally {
      worker.terminate();
    }
  });
});
