/**
 * The package in a plain static host site that runs its own worker at its root: the library lives
 * under /asset-library/ and leaves the host's pages, requests and worker alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Frame, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLib } from '../../tools/build-lib';
import { appReady, useBrowser } from './browser';
import { serveStatic, type StaticSite } from './static-server';

const HOST_SITE = resolve('tests/e2e/fixtures/host-site');

interface LibraryEvent {
  type: string;
  detail: { ids?: string[]; kind?: string; action?: string; message?: string };
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { libraryEvents: LibraryEvent[] }).libraryEvents);

/** The host page, once its own worker controls it. */
async function openHost(page: Page, site: StaticSite): Promise<void> {
  await page.goto(`${site.url}/`);
  await page.evaluate(() => (window as unknown as { hostWorker: Promise<unknown> }).hostWorker);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller))) await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.url}/host-sw.js`);
}

function libraryFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/asset-library/'));
  if (!frame) throw new Error('The page has no asset library frame.');
  return frame;
}

/** The host page with its library shown: ready, and the app in the frame loaded. */
async function openLibrary(page: Page, site: StaticSite): Promise<Frame> {
  await openHost(page, site);
  await page.waitForFunction(() => (window as unknown as { libraryEvents: LibraryEvent[] }).libraryEvents.some((event) => event.type === 'asset-library-ready'), null, { timeout: 30_000 });
  const frame = libraryFrame(page);
  await appReady(frame);
  return frame;
}

describe('embedded in a host site', () => {
  const browser = useBrowser();
  let work: string;
  let site: StaticSite;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'embed-'));
    // The app is the site build of the e2e tier (the lib's app/ is a copy of that build).
    await buildLib({ outDir: work, declarations: false, app: false });
    site = await serveStatic({ '/': HOST_SITE, '/asset-library/': inject('siteDir'), '/vendor/asset-library/': work });
  });
  afterAll(async () => {
    await site?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('shows the library under its base path, answers its API there, fires events, and leaves the host untouched', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      const frame = await openLibrary(page, site);
      await expect(frame.locator('#library-name').textContent()).resolves.toBe('My Library');

      // The frame is ours; its API lives under the base and its items' URLs carry it.
      expect(await frame.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.url}/asset-library/sw.js`);
      const info = await frame.evaluate(async () => {
        const response = await fetch('/asset-library/api/v2/app/info');
        return { servedBy: response.headers.get('X-Served-By'), body: await response.json() };
      });
      expect(info).toMatchObject({ servedBy: 'service-worker', body: { status: 'success', data: { platform: 'web' } } });

      // The library tells its pages of changes on /api/v2/events only: no worker messages besides the media workers' ports.
      await frame.evaluate(() => {
        const heard: unknown[] = ((window as unknown as { workerNotices: unknown[] }).workerNotices = []);
        navigator.serviceWorker.addEventListener('message', (event) => {
          if (!String(event.data?.type ?? '').startsWith('media-')) heard.push(event.data);
        });
      });

      // The host page drives the library through the element: its typed client, select, open a folder, search.
      const driven = await page.evaluate(async () => {
        const element = document.querySelector('asset-library') as HTMLElement & {
          api: { post<T>(path: string, body: unknown): Promise<T> };
          select(ids: string[]): Promise<void>;
          openFolder(id: string): Promise<void>;
          search(query: string): Promise<{ total: number; data: { id: string; fileURL: string }[] }>;
        };
        const folder = await element.api.post<{ id: string }>('/folder/create', { name: 'Cats' });
        const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
        const { id } = await element.api.post<{ id: string }>('/item/add', { name: 'tabby cat', base64: svg, folders: [folder.id] });
        await element.select([id]);
        await element.openFolder(folder.id);
        const found = await element.search('tabby');
        return { id, folder: folder.id, found };
      });
      expect(driven.found.total).toBe(1);
      expect(driven.found.data[0]).toMatchObject({ id: driven.id, fileURL: `/asset-library/api/v2/item/file?id=${driven.id}` });
      await expect.poll(async () => (await events(page)).map((event) => event.type), { timeout: 10_000 }).toEqual(
        expect.arrayContaining(['asset-library-ready', 'asset-library-select', 'asset-library-change']),
      );
      const seen = await events(page);
      expect(seen.find((event) => event.type === 'asset-library-select')?.detail.ids).toEqual([driven.id]);
      expect(seen.find((event) => event.type === 'asset-library-change' && event.detail.kind === 'folder' && event.detail.action === 'opened')?.detail.ids).toEqual([driven.folder]);
      // The folder attribute opens a folder too.
      const other = await page.evaluate(async () => {
        const element = document.querySelector('asset-library') as HTMLElement & { api: { post<T>(path: string, body: unknown): Promise<T> } };
        const folder = await element.api.post<{ id: string }>('/folder/create', { name: 'Dogs' });
        element.setAttribute('folder', folder.id);
        return folder.id;
      });
      await expect
        .poll(async () => (await events(page)).some((event) => event.type === 'asset-library-change' && event.detail.kind === 'folder' && event.detail.action === 'opened' && event.detail.ids?.[0] === other), { timeout: 10_000 })
        .toBe(true);
      expect(await frame.evaluate(() => (window as unknown as { workerNotices: unknown[] }).workerNotices)).toEqual([]);

      // The host: still its own worker at its root, its own answers, its own pages.
      const host = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const hello = await (await fetch('/hello.txt')).text();
        const style = await fetch('/style.css');
        return { script: registration?.active?.scriptURL, scope: registration?.scope, hello, style: style.status, controller: navigator.serviceWorker.controller?.scriptURL };
      });
      expect(host).toEqual({ script: `${site.url}/host-sw.js`, scope: `${site.url}/`, hello: 'hello from the host worker', style: 200, controller: `${site.url}/host-sw.js` });
      await page.getByRole('link', { name: 'About us' }).click();
      await expect(page.locator('#about-title').textContent()).resolves.toBe('About the host');
    } finally {
      await context.close();
    }
  });

  it('shows the search the host asks for, reports a folder attribute it cannot open, and answers after a move in the page', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      const frame = await openLibrary(page, site);
      await page.evaluate(async () => {
        const element = document.querySelector('asset-library') as HTMLElement & { api: { post(path: string, body: unknown): Promise<unknown> } };
        await element.api.post('/item/add', { items: [{ name: 'tabby cat', bookmarkURL: 'https://cats.example/tabby' }, { name: 'sheepdog', bookmarkURL: 'https://dogs.example/sheep' }] });
        element.setAttribute('search', 'tabby');
      });
      // The app in the frame shows it, as if typed there.
      await expect.poll(() => frame.getByLabel('Search items').inputValue(), { timeout: 10_000 }).toBe('tabby');
      await frame.locator('[data-testid=view-count]', { hasText: /^1 item$/ }).waitFor({ timeout: 10_000 });

      await page.evaluate(() => document.querySelector('asset-library')!.setAttribute('folder', 'NOSUCHFOLDER'));
      await expect.poll(async () => (await events(page)).find((event) => event.type === 'asset-library-error')?.detail.message, { timeout: 10_000 }).toContain('NOSUCHFOLDER');

      // A page that moves the element (a tab UI, a framework) gets a frame that loads again; the API answers there.
      const moved = await page.evaluate(async () => {
        const element = document.querySelector('asset-library') as HTMLElement & { api: { get<T>(path: string): Promise<T> } };
        document.body.append(element);
        return element.api.get<{ platform: string }>('/app/info');
      });
      expect(moved).toMatchObject({ platform: 'web' });
    } finally {
      await context.close();
    }
  });

  it('refuses to register over the host’s root worker, which keeps running', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await openHost(page, site);
      // A string, so that the test runner leaves its import() alone.
      const refused = await page.evaluate<{ name: string; message: string }>(`import('/vendor/asset-library/index.js').then(({ registerAssetLibrary }) =>
        registerAssetLibrary({ base: '/' }).then(() => ({ name: 'registered', message: '' }), (error) => ({ name: error.name, message: error.message })))`);
      expect(refused.name).toBe('ForeignServiceWorkerError');
      expect(refused.message).toContain('/host-sw.js');
      const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.active?.scriptURL ?? registration.installing?.scriptURL));
      expect(registrations).toContain(`${site.url}/host-sw.js`);
      expect(registrations).not.toContain(`${site.url}/sw.js`);
      expect(await page.evaluate(async () => (await (await fetch('/hello.txt')).text()))).toBe('hello from the host worker');
    } finally {
      await context.close();
    }
  });
});
