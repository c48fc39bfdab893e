// What a new user hit (issue 41, points 12, 15, 10 and 13), acted out as a person on the built site and
// checked through the API; screenshots at 1280 and 390 px go to screenshots/ (git-ignored).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, freshApp, seed, waitForCount } from './app';
import { fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { writeLibrary } from '../node/fixtures/published-sites';
import { shot } from './screenshot';

const PHONE = { width: 390, height: 844 };

/** The visible parts of the status bar whose text is cut short (an ellipsis), by their text. */
function cutParts(bar: Locator): Promise<string[]> {
  return bar.evaluate((footer) => [...footer.querySelectorAll<HTMLElement>('*')]
    .filter((el) => el.offsetParent !== null && el.closest('.status-more[data-open="true"]') === null)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
    .map((el) => el.textContent!.trim()));
}

describe('the web app after a new user tried it (issue 41)', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('12: at 390 px the status bar keeps its first parts whole, and the rest opens behind a labelled button', async () => {
    const page = await freshApp(browser(), siteUrl, PHONE);
    await seed(page, [{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    await waitForCount(page, await api<number>(page, '/item/countAll'));
    const bar = page.locator('footer.status-bar');
    await page.locator('#storage-status').waitFor({ state: 'attached' });
    await shot(page, 'status-bar');
    expect(await cutParts(bar)).toEqual([]);
    expect(await bar.evaluate((footer) => footer.scrollWidth <= footer.clientWidth)).toBe(true);
    await expect(bar.getByText('3 items', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator('#api-status').isVisible()).resolves.toBe(true);
    const offline = page.getByRole('button', { name: 'Make AI search available offline' });
    expect(await offline.isVisible()).toBe(false);

    const more = bar.getByRole('button', { name: 'More status' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await offline.waitFor();
    await page.getByText('Own CLIP model…').waitFor();
    await page.locator('#storage-status').filter({ hasText: / used$/ }).waitFor();
    // Whole, not cut, inside the opened part.
    for (const part of [offline, page.locator('#storage-status')]) {
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'status-bar-more');
    // Escape closes it and gives the focus back to its button.
    await offline.focus();
    await page.keyboard.press('Escape');
    await offline.waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    // From the keyboard too.
    await page.keyboard.press('Enter');
    await offline.waitFor();

    // A wide screen has room for everything: no button, every part in the bar.
    await page.setViewportSize({ width: 1280, height: 800 });
    await offline.waitFor();
    expect(await more.isVisible()).toBe(false);
    expect(await cutParts(bar)).toEqual([]);
    await shot(page, 'status-bar');
    await page.context().close();
  });

  it('15: an empty library says how to bring back an export, and importing the zip there restores it', async () => {
    // One browser profile exports its library; a fresh one (its site data cleared) brings it back.
    const before = await freshApp(browser(), siteUrl);
    await seed(before, [{ name: 'red', color: '#ff0000', tags: ['warm'] }, { name: 'blue', color: '#0000ff' }, { name: 'a link', tags: ['read later'] }]);
    await before.getByRole('button', { name: /^Library: / }).click();
    const download = before.waitForEvent('download');
    await before.getByRole('button', { name: 'Export library as zip' }).click();
    const zip = await readFile(await (await download).path());
    await before.context().close();

    const page = await freshApp(browser(), siteUrl);
    const library = await api<{ path: string; name: string }>(page, '/library/info');
    const hint = page.getByRole('region', { name: 'Had a library here before?' });
    await hint.getByText('If you exported it, import the export', { exact: false }).waitFor();
    await shot(page, 'empty-library-restore');
    await page.setViewportSize(PHONE);
    await hint.scrollIntoViewIfNeeded();
    await shot(page, 'empty-library-restore');
    await page.setViewportSize({ width: 1280, height: 800 });
    const button = hint.getByRole('button', { name: 'Import a library zip…' });
    expect(await button.getAttribute('aria-describedby')).toBeTruthy();
    const chooser = page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles({ name: `${library.name}.library.zip`, mimeType: 'application/zip', buffer: zip });
    const dialog = page.getByRole('dialog', { name: /^Added / });
    await dialog.getByRole('list', { name: 'Report' }).getByText(/^3 items imported/).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Into the open (empty) library: the same library now holds the export's items, and the grid shows them.
    expect((await api<{ path: string }>(page, '/library/info')).path).toBe(library.path);
    const items = (await api<{ data: { name: string; tags: string[] }[] }>(page, '/item/get', {})).data;
    expect(items.map((item) => [item.name, item.tags]).sort()).toEqual([['a link', ['read later']], ['blue', []], ['red', ['warm']]]);
    await waitForCount(page, 3);
    expect(await page.locator('first-run').count()).toBe(0);
    await page.context().close();
  });

  it('10: a published library named like the visitor\'s own keeps its name, told apart by a labelled icon', async () => {
    const fixture = buildEagleLibrary({ name: 'My Library', items: 6, plain: true });
    const out = await mkdtemp(join(tmpdir(), 'published-41-'));
    await publishCommand([await writeLibrary(fixture.files, fixture.name), '--out', out], { log: () => {}, progress: () => {} });
    // The same library at a second address, whose manifest is held until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const site = await serveStatic({ '/': inject('siteDir'), '/published/theirs/': out, '/published/slow/': out }, (request, response) => {
      if (!request.url?.startsWith('/published/slow/manifest.json')) return false;
      void held.then(async () => response.writeHead(200, { 'Content-Type': 'application/json' }).end(await readFile(join(out, 'manifest.json'))));
      return true;
    });
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await openApp(context, site.url);
      const own = await api<{ name: string; path: string }>(page, '/library/info');
      expect(own.name).toBe('My Library');
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByLabel('Open from a web address…').fill(`${site.url}/published/theirs/`);
      await page.getByLabel('Open from a web address…').press('Enter');
      await page.locator('.read-only-badge').waitFor({ timeout: 30_000 });
      const info = (await fetchInPage(page, '/api/v2/library/info')).body.data;
      expect(info).toMatchObject({ name: 'My Library', readOnly: true });
      expect(info.path).not.toBe(own.path);
      expect(await page.locator('#library-name').textContent()).toBe('My Library');

      // The menu lists both under the same name; the published one carries the labelled icon.
      await page.getByRole('button', { name: /^Library: / }).click();
      const entries = page.locator('.library-list .library-entry');
      await expect.poll(() => entries.count()).toBe(2);
      expect((await entries.allTextContents()).map((text) => text.trim())).toEqual(['My Library', 'My Library']);
      const published = entries.filter({ has: page.getByRole('img', { name: 'published, read-only' }) });
      expect(await published.count()).toBe(1);
      expect(await published.getAttribute('aria-current')).toBe('true');
      await shot(page, 'library-menu-published');
      const history = await api<{ data: { name: string; path: string; readOnly?: boolean }[] }>(page, '/library/history');
      expect(history.data.map((entry) => [entry.name, entry.readOnly ?? false]).sort()).toEqual([['My Library', false], ['My Library', true]]);

      // Choosing the other "My Library" opens the visitor's own, which takes writes again.
      await entries.filter({ hasNot: page.getByRole('img', { name: 'published, read-only' }) }).click();
      await page.locator('.read-only-badge').waitFor({ state: 'detached' });
      expect((await api<{ path: string }>(page, '/library/info')).path).toBe(own.path);

      // An address slow to answer says it is opening; a library chosen meanwhile stays open.
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByLabel('Open from a web address…').fill(`${site.url}/published/slow/`);
      await page.getByLabel('Open from a web address…').press('Enter');
      await page.getByRole('button', { name: 'Opening…' }).waitFor();
      await published.click();
      await page.locator('.read-only-badge').waitFor();
      const chosen = (await api<{ path: string }>(page, '/library/info')).path;
      release();
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByText('“My Library” is ready; another library was opened meanwhile.').waitFor();
      expect((await api<{ path: string }>(page, '/library/info')).path).toBe(chosen);
      await shot(page, 'library-menu-ready-to-open');
      await page.getByRole('button', { name: 'Open it' }).click();
      await expect.poll(async () => (await api<{ path: string }>(page, '/library/info')).path).not.toBe(chosen);
      expect((await api<{ data: unknown[] }>(page, '/library/history')).data).toHaveLength(3);
      await page.locator('.read-only-badge').waitFor();
    } finally {
      await context.close();
      await site.close();
    }
  });

  it('13: once the models are kept, the status bar keeps saying so after the app is reopened offline', async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.getByRole('button', { name: 'Make AI search available offline' }).click();
    const kept = page.getByRole('button', { name: /^AI search works offline \(\d+(\.\d)? MB\)$/ });
    await kept.waitFor({ timeout: 90_000 });
    const words = await kept.textContent();
    // The worker's own account agrees: nothing is missing.
    expect((await api<{ message?: string }>(page, '/aiSearch/getSyncStatus')).message).toBeUndefined();

    // The cause: the words were the button's memory of this page's click, and a new page offered the download again.
    await page.context().setOffline(true);
    await page.reload();
    await page.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
    await kept.waitFor({ timeout: 10_000 });
    expect((await kept.textContent())?.trim()).toBe(words?.trim());
    expect(await page.getByRole('button', { name: 'Make AI search available offline' }).count()).toBe(0);
    await page.context().close();
  }, 150_000);
});
