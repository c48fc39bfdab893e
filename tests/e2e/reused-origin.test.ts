/** A kept app context starts the next test as a new one would: an empty library and nothing else of the test before. */
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, freshApp, seed } from './app';
import { useBrowser } from './browser';

const siteUrl = inject('siteUrl');
const browser = useBrowser();

/** What an origin holds beyond the worker's registration and its precache. */
function originState(page: Page) {
  return page.evaluate(async () => {
    const files: string[] = [];
    for await (const name of (await navigator.storage.getDirectory() as unknown as { keys(): AsyncIterable<string> }).keys()) files.push(name);
    return { local: Object.keys(localStorage), cookies: document.cookie, files, caches: (await caches.keys()).filter((name) => !name.startsWith('workbox-precache')) };
  });
}

describe('a kept app context', () => {
  let first: BrowserContext | undefined;

  it('holds a library, local storage, a private file, a cookie and a cache when its test ends', async () => {
    const page = await freshApp(browser(), siteUrl);
    first = page.context();
    await seed(page, [{ name: 'left behind', tags: ['old'] }]);
    await page.evaluate(async () => {
      localStorage.setItem('left', 'behind');
      document.cookie = 'left=behind';
      await (await navigator.storage.getDirectory()).getFileHandle('left-behind.txt', { create: true });
      await (await caches.open('left-behind')).put('/left-behind', new Response('x'));
    });
    expect(await api<number>(page, '/item/countAll')).toBe(1);
    expect(await originState(page)).toMatchObject({ local: expect.arrayContaining(['left']), files: ['left-behind.txt'], caches: expect.arrayContaining(['left-behind']) });
  });

  it('is the next test\'s, with an empty library and none of them, its worker installed', async () => {
    const page = await freshApp(browser(), siteUrl);
    expect(page.context()).toBe(first);
    expect(await api<number>(page, '/item/countAll')).toBe(0);
    expect((await api<{ data: unknown[] }>(page, '/tag/get')).data).toEqual([]);
    const state = await originState(page);
    expect(state.local).not.toContain('left');
    expect(state).toMatchObject({ cookies: '', files: [] });
    expect(state.caches).not.toContain('left-behind');
    expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('workbox-precache')))).toBe(true);
  });

  it('is closed, not kept, when its test changed it beyond its pages', async () => {
    const page = await freshApp(browser(), siteUrl);
    expect(page.context()).toBe(first);
    await page.context().setOffline(true);
    await page.context().close();
    const next = await freshApp(browser(), siteUrl);
    expect(next.context()).not.toBe(first);
    expect(await next.evaluate(() => navigator.onLine)).toBe(true);
  });
});
