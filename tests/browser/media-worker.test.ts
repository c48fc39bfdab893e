// The page's media worker: the service worker reaches it through ports the page hands over, asks
// for fresh ones after a restart, falls back to itself without it, and leaves SVG and video
// (which need a document) queued until a page connects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Comlink from 'comlink';
import { startMediaHost, type MediaHost } from '../../src/app/media/media-host';
import { MediaPool } from '../../src/app/media/media-pool';
import type { WorkerEndpoint } from '../../src/media';
import { pageEndpoint } from '../../src/app/media/page-media';
import { base64Of, flat, near, webmOf } from './media-images';
import { isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';
import { getItem, thumbnailOf, whenReady } from './media-client';

let host: MediaHost | undefined;

afterEach(() => {
  vi.restoreAllMocks();
  host?.stop();
  host = undefined;
});

const svgSource = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="${fill}"/></svg>`;

describe('the page media worker', () => {
  it('makes thumbnails in the page worker, and again through a fresh port after the worker was stopped', async () => {
    host = startMediaHost();
    const { client } = await isolatedClient();
    const { id } = await client.post<{ id: string }>('/item/add', { base64: await base64Of(await flat(1200, 900, [250, 120, 0])) });
    expect(await whenReady(client, id)).toMatchObject({ width: 1200, height: 900 });
    const before = await host.processedCount();
    expect(before).toBeGreaterThan(0);

    await stopServiceWorkers();
    expect(await client.post('/item/refreshThumbnail', { itemId: id })).toBe(true);
    expect(await host.processedCount()).toBeGreaterThan(before);
    expect(near((await getItem(client, id)).palettes[0]!.color, [250, 120, 0])).toBe(true);
  });

  it('spreads jobs across a pool of media workers sized to the device', async () => {
    host = startMediaHost({ workers: 3 });
    expect(host.poolSize).toBe(3);
    const { client } = await isolatedClient();
    // Workers start when the service worker first needs them: none for a page that imports nothing.
    await client.post('/item/add', { name: 'just a link', bookmarkURL: 'https://example.com/' });
    expect(host.startedWorkers()).toBe(0);
    const items = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => ({ name: `pool ${i}`, base64: await base64Of(await flat(900, 600, [20 * i, 100, 200 - 20 * i])) })),
    );
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
    for (const [i, id] of ids.entries()) {
      const item = await whenReady(client, id);
      expect(item).toMatchObject({ width: 900, height: 600, noThumbnail: false });
      expect(near(item.palettes[0]!.color, [20 * i, 100, 200 - 20 * i])).toBe(true);
    }
    expect(host.startedWorkers()).toBe(3);
    const counts = await host.processedCounts();
    expect(counts).toHaveLength(3);
    // Every worker of the pool made some of the thumbnails.
    expect(counts.every((count) => count > 0), `per worker: ${counts.join(', ')}`).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(9);
    // By default the pool leaves the page one core: hardwareConcurrency - 1, at least 1.
    const byDefault = startMediaHost();
    try {
      expect(byDefault.poolSize).toBe(Math.min(8, Math.max(1, navigator.hardwareConcurrency - 1)));
    } finally {
      byDefault.stop();
      await host.connect();
    }
  });

  it('restarts a worker of the pool the service worker gave up on: a fresh one serves the next ports', async () => {
    const pool = new MediaPool(2);
    const endpoint = (port: MessagePort) => Comlink.wrap<WorkerEndpoint>(port);
    try {
      const first = pool.ports().map(endpoint);
      pool.start(0);
      expect(await first[0]!.ping()).toBe('pong');
      pool.restart(0);
      expect(pool.started).toBe(0);
      // The old port's worker is gone: it never answers again.
      expect(await Promise.race([first[0]!.ping(), new Promise((resolve) => setTimeout(() => resolve('silent'), 300))])).toBe('silent');
      const next = pool.ports().map(endpoint);
      pool.start(0);
      expect(await next[0]!.ping()).toBe('pong');
      expect(pool.started).toBe(1);
    } finally {
      pool.terminate();
    }
  });

  it('completes jobs through the fallback once the page worker is gone', async () => {
    host = startMediaHost();
    const { client } = await isolatedClient();
    const { id } = await client.post<{ id: string }>('/item/add', { base64: await base64Of(await flat(800, 600, [0, 90, 200])) });
    await whenReady(client, id);
    host.stop();
    host = undefined;
    expect(await client.post('/item/refreshThumbnail', { itemId: id })).toBe(true);
    const { id: next } = await client.post<{ id: string }>('/item/add', { base64: await base64Of(await flat(640, 480, [0, 200, 90])) });
    expect(await whenReady(client, next)).toMatchObject({ width: 640, height: 480, noThumbnail: false });
  });

  it('keeps an SVG queued without a page, then makes it when a page connects', async () => {
    const { client, library } = await isolatedClient();
    const { id: svg } = await client.post<{ id: string }>('/item/add', { name: 'logo', base64: btoa(svgSource('#10a050')) });
    // A raster added later is done by the fallback meanwhile; the SVG waits for a document.
    const { id: raster } = await client.post<{ id: string }>('/item/add', { base64: await base64Of(await flat(64, 64, [9, 9, 9])) });
    await whenReady(client, raster);
    expect(await getItem(client, svg)).toMatchObject({ thumbnailReady: false, width: 240, height: 120 });

    host = startMediaHost();
    const item = await whenReady(client, svg);
    expect(item).toMatchObject({ width: 240, height: 120, noThumbnail: false });
    expect(near(item.palettes[0]!.color, [16, 160, 80])).toBe(true);
    const thumbnail = await createImageBitmap((await thumbnailOf(library, svg)).blob);
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 200]);
  });

  it('takes a video frame in the page', async () => {
    host = startMediaHost();
    const { client } = await isolatedClient();
    const clip = await webmOf(160, 120, [200, 30, 200]);
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'clip', base64: await base64Of(clip) });
    const item = await whenReady(client, id);
    // When the worker's answer is wrong, say what this page makes of the same clip right now.
    const again = item.noThumbnail ? await pageEndpoint.processInPage(await clip.arrayBuffer(), clip.type, 'video') : undefined;
    expect(item, `the page now answers ${JSON.stringify(again && ('reason' in again ? again : again.status))}`).toMatchObject({ ext: 'webm', width: 160, height: 120, noThumbnail: false });
    expect(near(item.palettes[0]!.color, [200, 30, 200], 50)).toBe(true);
  });

  it('takes a frame of a 100 MB video from the stored Blob, handed to the page as a Blob, not its bytes', async () => {
    const handed: string[] = [];
    const process = pageEndpoint.processInPage.bind(pageEndpoint);
    vi.spyOn(pageEndpoint, 'processInPage').mockImplementation((bytes, mime, kind) => {
      handed.push(bytes instanceof Blob ? `Blob of ${bytes.size}` : `ArrayBuffer of ${bytes.byteLength}`);
      return process(bytes, mime, kind);
    });
    host = startMediaHost();
    const { client, library } = await isolatedClient();
    const clip = await webmOf(160, 120, [40, 90, 220]);
    // A clip followed by 100 MB the demuxer never reads: the page's <video> reads what it needs.
    const padding = new Uint8Array(1024 * 1024);
    const big = new Blob([clip, ...Array.from({ length: 100 }, () => padding)], { type: 'video/webm' });
    const response = await fetch(`/api/v2/item/addFile?fileName=big.webm`, { method: 'POST', headers: { [LIBRARY_HEADER]: library, 'Content-Type': 'video/webm' }, body: big });
    const { data } = (await response.json()) as { data: { id: string } };
    expect(await whenReady(client, data.id)).toMatchObject({ ext: 'webm', width: 160, height: 120, noThumbnail: false, size: big.size });
    expect(handed).toEqual([`Blob of ${big.size}`]);
  });

  it('learns the length of a streamed recording, which states none', async () => {
    host = startMediaHost();
    const { client } = await isolatedClient();
    const clip = await webmOf(160, 120, [30, 160, 40], { frames: 30, streamed: true });
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'streamed', base64: await base64Of(clip) });
    expect(await whenReady(client, id)).toMatchObject({ width: 160, height: 120, noThumbnail: false });
    // 30 frames at 15 a second: about 2 s, which only the video itself can tell.
    const clips = await client.post<{ imageCount: number }>('/smartFolder/create', {
      name: '1 to 4 s',
      conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'duration', method: 'between', value: [1, 4], unit: 's' }] }],
    });
    expect(clips.imageCount).toBe(1);
  });
});
