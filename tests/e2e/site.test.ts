import { describe, expect, inject, it } from 'vitest';
import { fetchInPage, openApp, useBrowser } from './browser';

describe('the built site', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('registers the worker, which then answers app/info', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    const answer = await fetchInPage(page, '/api/v2/app/info');
    expect(answer).toMatchObject({ status: 200, servedBy: 'service-worker', body: { status: 'success', data: { platform: 'web' } } });
    await expect(page.locator('#library-name').textContent()).resolves.toBe('My Library');
    await context.close();
  });

  it('recovers control after a hard reload', async () => {
    const context = await browser().newContext();
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

  it('loads a deferred package in a restarted worker from its script cache (pinyin of a new tag)', async () => {
    const context = await browser().newContext();
    const page = await openApp(context, siteUrl);
    const session = await context.newCDPSession(page);
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.stopAllWorkers');
    const created = await fetchInPage(page, '/api/v2/tagGroup/create', { method: 'POST', body: { name: 'Animals', tags: ['黑猫'] } });
    expect(created).toMatchObject({ status: 200, servedBy: 'service-worker' });
    const tags = await fetchInPage(page, '/api/v2/tag/get?name=heimao');
    expect(tags.body.data.data).toEqual([expect.objectContaining({ name: '黑猫', pinyin: 'hei mao' })]);
    await context.close();
  });

  it('shows a library switch in a second tab', async () => {
    const context = await browser().newContext();
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
