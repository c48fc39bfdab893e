// A first install precaches only what a start needs (src/sw/app-shell.ts): the API answers a first
// visit without waiting for the rest of the build (pdf.js alone is 1.6 MB), which the worker then
// fills (src/sw/precache-rest.ts), going on after a stop from what its cache lacks, and keeping no
// file but this build's (a host's page answering for a missing file is not kept). Once filled the
// app says "Ready to work offline" (one tab, not each that asked; the reloaded page when the one
// that asked reloaded meanwhile), and offline a PDF added then gets its first page as thumbnail.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { makePdf } from '../documents/make-pdf';
import { api, eventually } from './app';
import { appReady, openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';

/** A chunk no start needs: the PDF preview, loaded by the thumbnailer. */
const LATER = /^\/assets\/pdf-preview-[\w-]+\.js$/;

const cachedPaths = (page: Page) =>
  page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat());

describe('the files a start does not need', () => {
  const browser = useBrowser();

  it('are fetched after the first visit answers, go on after the worker stops, keep only this build, and then serve a PDF preview offline', async () => {
    let serving: 'hold' | 'a host page' | 'the file' = 'hold';
    const held: { response: ServerResponse; path: string }[] = [];
    const site = await serveStatic({ '/': inject('siteDir') }, (request, response) => {
      if (serving === 'the file' || !LATER.test(request.url ?? '')) return false;
      if (serving === 'hold') held.push({ response, path: request.url! });
      else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Not found</title><p>This page moved.');
      return true;
    });
    /** Answers the held requests with the build's own file. */
    const sendHeld = () => {
      for (const { response, path } of held.splice(0)) {
        response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(readFileSync(join(inject('siteDir'), path)));
      }
    };
    const context = await browser().newContext();
    try {
      // Ready while the chunk is held: the install did not wait for it.
      const page = await openApp(context, site.url);
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const first = await cachedPaths(page);
      expect(first).toContain('/index.html');
      expect(first.some((path) => /^\/assets\/main-[\w-]+\.js$/.test(path))).toBe(true);
      expect(first.some((path) => LATER.test(path))).toBe(false);

      // The browser stops the worker halfway (as it stops an idle one); the held answer never comes.
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      serving = 'a host page';
      for (const { response } of held.splice(0)) response.destroy();

      // The next starts ask again; the host answers for the chunk with a page of its own: not kept.
      // A start asking while a fill runs joins it, so each new request means the fill before ended
      // with the chunk still missing. A reload that came before the last fill ended (it had asked,
      // not yet checked the answer) joined it: the page is reloaded again until a start asks.
      const asked = () => site.requests.filter((path) => LATER.test(path)).length;
      for (const times of [2, 3]) {
        await expect
          .poll(async () => {
            if (asked() < times) {
              await page.reload();
              await appReady(page);
            }
            return asked();
          }, { timeout: 30_000, interval: 1000 })
          .toBeGreaterThanOrEqual(times);
      }
      expect((await cachedPaths(page)).some((path) => LATER.test(path))).toBe(false);
      expect(await page.getByRole('status').filter({ hasText: 'Ready to work offline' }).count()).toBe(0);

      // The next start's fill waits for the chunk; a second tab asks meanwhile and joins that fill.
      // Once the chunk comes, the tab whose ask started the fill says it is ready, the other does not.
      serving = 'hold';
      await page.reload();
      await appReady(page);
      await expect.poll(() => held.length, { timeout: 15_000 }).toBe(1);
      const second = await openApp(context, site.url);
      serving = 'the file';
      sendHeld();
      await page.getByRole('status').filter({ hasText: 'Ready to work offline' }).waitFor({ timeout: 30_000 });
      // Both answers leave the worker together; a second tab's message would be in by now.
      await second.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(await second.getByRole('status').filter({ hasText: 'Ready to work offline' }).count()).toBe(0);
      await second.close();
      const filled = await cachedPaths(page);
      expect(filled.some((path) => LATER.test(path))).toBe(true);
      expect(filled.some((path) => /^\/assets\/pdf\.worker-[\w-]+\.js$/.test(path))).toBe(true);
      expect(filled.filter((path) => path === '/index.html')).toHaveLength(1);

      // A person reloads while a fill runs: the reloaded page joins it, and since the page that
      // asked first is gone, the reloaded one says it is ready.
      await page.evaluate(async (later) => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) if (new RegExp(later).test(new URL(request.url).pathname)) await cache.delete(request);
        }
      }, LATER.source);
      serving = 'hold';
      await page.reload();
      await appReady(page);
      await expect.poll(() => held.length, { timeout: 15_000 }).toBe(1);
      await page.reload();
      await appReady(page);
      serving = 'the file';
      sendHeld();
      await page.getByRole('status').filter({ hasText: 'Ready to work offline' }).waitFor({ timeout: 30_000 });
      expect((await cachedPaths(page)).some((path) => LATER.test(path))).toBe(true);

      // Offline with the server gone: a PDF added now gets its first page (a blue square) as thumbnail.
      await site.close();
      await context.setOffline(true);
      const pdf = makePdf([{ width: 400, height: 300, square: { color: '#2050e0', margin: 30 } }]);
      const { id } = await api<{ id: string }>(page, '/item/add', { name: 'leaflet', base64: Buffer.from(pdf).toString('base64') });
      const ready = async () => (await api<{ data: { thumbnailReady: boolean; noThumbnail: boolean }[] }>(page, '/item/get', { id })).data[0];
      expect(await eventually(async () => (await ready())?.thumbnailReady, true, 60_000)).toBe(true);
      expect((await ready())?.noThumbnail).toBe(false);
      const centre = await page.evaluate(async (id) => {
        const bitmap = await createImageBitmap(await (await fetch(`/api/v2/item/thumbnail?id=${id}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const g = canvas.getContext('2d')!;
        g.drawImage(bitmap, 0, 0);
        return [...g.getImageData(bitmap.width >> 1, bitmap.height >> 1, 1, 1).data.slice(0, 3)];
      }, id);
      expect(centre.every((value, i) => Math.abs(value - [32, 80, 224][i]!) <= 40), String(centre)).toBe(true);
      // A second visit fetched nothing more, so it says nothing.
      await page.reload();
      await appReady(page);
      await expect(page.getByRole('status').filter({ hasText: 'Ready to work offline' }).count()).resolves.toBe(0);
    } finally {
      await context.close();
      await site.close();
    }
  });
});
