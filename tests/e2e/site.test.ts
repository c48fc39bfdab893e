import type { BrowserContext, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

/** Stops every service worker, as the browser does once they idle: the next request starts a new one. Answers the session, to stop them again. */
async function stopWorkers(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  return session;
}

/** The tests below that test no install take a kept context with the worker installed (./reused-origin.ts). */
const VIEWPORT = { width: 1280, height: 720 };

describe('the built site', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  /** A file of the built site, as the page fetches it. */
  const siteText = (page: Page, file: string) => page.evaluate(async (url) => (await fetch(url)).text(), new URL(file, siteUrl).href);
  /** `marker` is in the built `piece` and not in sw.js: that code loads when first needed, not at every start. */
  const expectOutOfBoot = async (page: Page, piece: string, marker: string) => {
    expect(await siteText(page, piece)).toContain(marker);
    expect(await siteText(page, 'sw.js')).not.toContain(marker);
  };

  it('registers the worker, which then answers app/info', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    const answer = await fetchInPage(page, '/api/v2/app/info');
    expect(answer).toMatchObject({ status: 200, servedBy: 'service-worker', body: { status: 'success', data: { platform: 'web' } } });
    await expect(page.locator('#library-name').textContent()).resolves.toBe('My Library');
    await context.close();
  });

  it('recovers control after a hard reload', async () => {
    const context = await appContext(browser(), siteUrl, VIEWPORT);
    const page = await openApp(context, siteUrl);
    const session = await context.newCDPSession(page);
    await session.send('Page.reload', { ignoreCache: true });
    await page.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
    // The reloaded page started uncontrolled and the helper had to claim it.
    expect(await page.evaluate(() => document.documentElement.dataset.claimed)).toBe('true');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect((await fetchInPage(page, '/api/v2/app/info')).servedBy).toBe('service-worker');
    await context.close();
  });

  it('loads a deferred package in a restarted worker (pinyin of a new tag)', async () => {
    const context = await appContext(browser(), siteUrl, VIEWPORT);
    const page = await openApp(context, siteUrl);
    await stopWorkers(context, page);
    const created = await fetchInPage(page, '/api/v2/tagGroup/create', { method: 'POST', body: { name: 'Animals', tags: ['黑猫'] } });
    expect(created).toMatchObject({ status: 200, servedBy: 'service-worker' });
    const tags = await fetchInPage(page, '/api/v2/tag/get?name=heimao');
    expect(tags.body.data.data).toEqual([expect.objectContaining({ name: '黑猫', pinyin: 'hei mao' })]);
    await context.close();
  });

  it('imports while installing only what a start may need, and precaches the other pieces for the loader to evaluate', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    const script = await siteText(page, 'sw.js');
    const installed = JSON.parse(/const __installedScripts = (\[.*?\]);/.exec(script)![1]!) as string[];
    const evaluated = JSON.parse(/const __evaluatedScripts = (\{.*?\});\n/.exec(script)![1]!) as Record<string, { revision: string }>;
    // A start receives every installed script: the core and the rest of the worker, not the packages a first answer never needs.
    expect(installed).toEqual(expect.arrayContaining(['sw-0-core.js', 'sw-0-worker.js']));
    for (const piece of ['sw-pinyin-pro.js', 'sw-pouchdb-browser.js', 'sw-zip-js-zip-js.js', 'sw-re2js.js', 'sw-sync-service.js']) {
      expect(installed).not.toContain(piece);
      expect(Object.keys(evaluated)).toContain(piece);
    }
    // Where the loader reads them: the precache, under this build's revision.
    const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat());
    expect(cached).toContain(new URL(`sw-pinyin-pro.js?__WB_REVISION__=${evaluated['sw-pinyin-pro.js']!.revision}`, `${siteUrl}/`).href);
    await context.close();
  });

  it('keeps workbox and the app shell out of sw.js and serves the app, offline, from a restarted worker', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    // An error code of workbox-precaching: in the rest of the worker, which sw.js loads at the first event it does not answer itself.
    await expectOutOfBoot(page, 'sw-0-worker.js', 'add-to-cache-list-unexpected-type');
    // Vite's preload helper dispatched its error on `window`, which a worker lacks: a failed load became "window is not defined".
    expect(await siteText(page, 'sw.js')).not.toContain('vite:preloadError');
    await stopWorkers(context, page);
    await context.setOffline(true);
    await page.reload();
    await page.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect((await fetchInPage(page, '/api/v2/item/countAll')).body).toEqual({ status: 'success', data: 0 });
    await context.close();
  });

  it('keeps sync\'s code out of sw.js and loads it, offline, as a restarted worker\'s first answer', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    // A message of sync.service.ts: in the piece beside sw.js that sw.js loads on first use, not in sw.js.
    await expectOutOfBoot(page, 'sw-sync-service.js', 'this library does not sync (sync/start first)');
    await stopWorkers(context, page);
    await context.setOffline(true);
    // sync/settings runs in that piece: its answer is the piece's own message, the piece read from the precache.
    const settings = await fetchInPage(page, '/api/v2/sync/settings', { method: 'POST', body: { keepOriginals: true } });
    expect(settings).toMatchObject({ status: 409, servedBy: 'service-worker', body: { status: 'error', message: expect.stringContaining('this library does not sync') } });
    // The status, which every start of the app asks, is read without it.
    const status = await fetchInPage(page, '/api/v2/sync/status');
    expect(status).toMatchObject({ status: 200, servedBy: 'service-worker', body: { status: 'success', data: { state: 'off' } } });
    await context.close();
  });

  it('keeps the regex engine out of sw.js and loads it on a restarted worker\'s first regex rule (check and match)', async () => {
    const context = await appContext(browser(), siteUrl, VIEWPORT);
    const page = await openApp(context, siteUrl);
    // A message of RE2JS's own parser: in its script, not in the worker's.
    await expectOutOfBoot(page, 'sw-re2js.js', 'missing argument to repetition operator');
    for (const name of ['aab photo', 'cab photo', 'aab.png']) {
      expect((await fetchInPage(page, '/api/v2/item/add', { method: 'POST', body: { name, bookmarkURL: `https://example.com/${name}` } })).status).toBe(200);
    }
    const session = await stopWorkers(context, page);
    const conditions = (value: string) => [{ rules: [{ property: 'name', method: 'regex', value }], match: 'AND', boolean: 'TRUE' }];
    // The first answer of the new worker checks a pattern inside a zod transform: the engine loads there.
    const refused = await fetchInPage(page, '/api/v2/smartFolder/count', { method: 'POST', body: { conditions: conditions('(a') } });
    expect(refused).toMatchObject({ status: 400, servedBy: 'service-worker', body: { status: 'error', code: 'INVALID_ARGUMENT' } });
    expect(refused.body.message).toContain('conditions[0].rules[0].value: is not a valid regular expression');
    await session.send('ServiceWorker.stopAllWorkers');
    const created = await fetchInPage(page, '/api/v2/smartFolder/create', { method: 'POST', body: { name: 'Double a', conditions: conditions('^a+b\\s') } });
    expect(created).toMatchObject({ status: 200, servedBy: 'service-worker' });
    await session.send('ServiceWorker.stopAllWorkers');
    // A read that runs the stored rule, in a worker that has not loaded the engine yet.
    const items = await fetchInPage(page, `/api/v2/smartFolder/getItems?smartFolderId=${created.body.data.id}&fields=name`);
    expect(items.body.data.data.map((item: { name: string }) => item.name)).toEqual(['aab photo']);
    await context.close();
  });

  it('shows a library switch in a second tab', async () => {
    const context = await appContext(browser(), siteUrl, VIEWPORT);
    const first = await openApp(context, siteUrl);
    const second = await openApp(context, siteUrl);
    const created = await fetchInPage(first, '/api/v2/library/create', { method: 'POST', body: { name: 'Holiday' } });
    expect(created.status).toBe(200);
    const switched = await fetchInPage(first, '/api/v2/library/switch', { method: 'POST', body: { libraryPath: '/libraries/Holiday.library' } });
    expect(switched.body).toEqual({ status: 'success', data: true });
    await second.locator('#library-name', { hasText: 'Holiday' }).waitFor({ timeout: 10_000 });
    const info = await fetchInPage(second, '/api/v2/library/info');
    expect(info.body.data).toMatchObject({ name: 'Holiday', path: '/libraries/Holiday.library' });
    await context.close();
  });
});
