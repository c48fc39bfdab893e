/**
 * A library published with the real command, served by a plain static server beside a small host
 * page whose `<asset-library src>` opens it: the visitor sees the library, read-only, its thumbnails
 * fetched as shown, and after the server is gone what was seen is still there and search answers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Frame, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLib } from '../../tools/build-lib';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { brightened, jpegOf, paint, pngOf, setThumbnail, sunset } from '../node/fixtures/pictures';
import { appReady, fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic, type StaticSite } from './static-server';

const HOST_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Brand assets</title>
    <script type="module" src="/vendor/asset-library/element.js"></script></head>
  <body>
    <h1>Our brand assets</h1>
    <asset-library base="/asset-library/" src="/published/brand/" style="--asset-library-height: 80vh"></asset-library>
  </body>
</html>`;

/** A second host page: two elements, each showing its own published library. */
const TWO_LIBRARIES_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Brand and logos</title>
    <script type="module" src="/vendor/asset-library/element.js"></script></head>
  <body>
    <asset-library base="/asset-library/" src="/published/brand/" label="Brand assets" style="--asset-library-height: 45vh"></asset-library>
    <asset-library base="/asset-library/" src="/published/logos/" label="Logos" style="--asset-library-height: 45vh"></asset-library>
  </body>
</html>`;

/** The library a visitor's frame shows: its element names it in the frame's name (src/app/visitor-frame.ts). */
const libraryOf = (frame: Frame) => frame.evaluate(() => window.name.replace(/^asset-library-visitor:/, ''));

/** The API as the frame's app calls it: on the frame's library. */
const apiIn = async (frame: Frame, path: string, body?: unknown) =>
  frame.evaluate(
    async ({ path, body, library }) => {
      const headers: Record<string, string> = { 'X-Library-Path': library, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
      const response = await fetch(`/asset-library/api/v2${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
      const type = response.headers.get('Content-Type') ?? '';
      return { status: response.status, type, servedBy: response.headers.get('X-Served-By'), body: type.includes('json') ? await response.json() : (await response.arrayBuffer()).byteLength };
    },
    { path, body, library: await libraryOf(frame) },
  );

/** The element's frame of the page, once it has loaded the app (the first with `title` when given). */
async function libraryFrame(page: Page, title?: string): Promise<Frame> {
  for (let i = 0; i < 300; i += 1) {
    for (const candidate of page.frames()) {
      if (!candidate.url().includes('/asset-library/')) continue;
      const element = await candidate.frameElement().catch(() => undefined);
      if (title === undefined || (await element?.getAttribute('title')) === title) return candidate;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no library frame${title ? ` titled ${title}` : ''}`);
}

describe('a published library on a static host', () => {
  const browser = useBrowser();
  let work: string;
  let site: StaticSite;
  const fixture = buildEagleLibrary({ name: 'Brand', items: 60 });
  // Its items share their ids (and names) with Brand's first twelve, as two exports of one library
  // do: the frames must not mix them up. One is renamed to tell the two apart.
  const logos = buildEagleLibrary({ name: 'Logos', items: 12 });
  const mark = [...logos.records.values()].find((record) => !record.noThumbnail)!;
  logos.files.set(`images/${mark.id}.info/metadata.json`, new TextEncoder().encode(JSON.stringify({ ...mark, name: 'Logo mark' })) as Uint8Array<ArrayBuffer>);
  // A picture tagged "sunset" and its near-duplicate, for "Find similar" (descriptors published with the shards).
  const [scene, copy] = [...fixture.records.values()].filter((record) => !record.noThumbnail).slice(-2).map((record) => String(record.id));
  setThumbnail(fixture.files, scene!, pngOf(paint(200, 150, sunset)));
  setThumbnail(fixture.files, copy!, jpegOf(paint(160, 120, brightened(sunset))));
  fixture.files.set(`images/${scene}.info/metadata.json`, new TextEncoder().encode(JSON.stringify({ ...fixture.records.get(scene!)!, tags: ['sunset'] })) as Uint8Array<ArrayBuffer>);

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'publish-e2e-'));
    // The app is the site build of the e2e tier (the lib's app/ is a copy of that build).
    await buildLib({ outDir: join(work, 'lib'), declarations: false, app: false });
    const source = join(work, 'Brand.library');
    for (const [path, bytes] of fixture.files) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
    await publishCommand([source, '--out', join(work, 'published'), '--shard-items', '16'], { log: () => {}, progress: () => {} });
    const logosSource = join(work, 'Logos.library');
    for (const [path, bytes] of logos.files) {
      await mkdir(dirname(join(logosSource, path)), { recursive: true });
      await writeFile(join(logosSource, path), bytes);
    }
    await publishCommand([logosSource, '--out', join(work, 'published-logos')], { log: () => {}, progress: () => {} });
    await mkdir(join(work, 'host'));
    await writeFile(join(work, 'host', 'index.html'), HOST_PAGE);
    await writeFile(join(work, 'host', 'two.html'), TWO_LIBRARIES_PAGE);
    site = await serveStatic({ '/': join(work, 'host'), '/asset-library/': inject('siteDir'), '/vendor/asset-library/': join(work, 'lib'), '/published/brand/': join(work, 'published'), '/published/logos/': join(work, 'published-logos') });
  });
  afterAll(async () => {
    await site?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('shows two published libraries on one page, each element its own, leaves the site’s open library as it was, and shows one removed elsewhere anew', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/two.html`);
      const brand = await libraryFrame(page, 'Brand assets');
      const logo = await libraryFrame(page, 'Logos');
      await Promise.all([appReady(brand), appReady(logo)]);
      await brand.locator('#library-name', { hasText: 'Brand' }).waitFor({ timeout: 30_000 });
      await logo.locator('#library-name', { hasText: 'Logos' }).waitFor({ timeout: 30_000 });
      const [brandPath, logosPath] = [await libraryOf(brand), await libraryOf(logo)];
      expect(brandPath).not.toBe(logosPath);
      const live = async (frame: Frame) => (await apiIn(frame, '/item/get?limit=1000')).body.data.data.length;
      await expect.poll(() => live(brand), { timeout: 30_000 }).toBe(58);
      const logoCount = await live(logo);
      expect(logoCount).toBeLessThan(12);
      // Each grid counts and draws its own library, thumbnails named by it.
      await brand.locator('[data-testid=view-count]', { hasText: /^58 items$/ }).waitFor({ timeout: 15_000 });
      await logo.locator('[data-testid=view-count]', { hasText: new RegExp(`^${logoCount} items$`) }).waitFor({ timeout: 15_000 });
      const markInLogos = logo.locator(`[role=gridcell][data-id="${mark.id}"]`);
      await markInLogos.locator('img[src*="item/thumbnail"]').waitFor({ timeout: 15_000 });
      expect(await markInLogos.locator('img[src*="item/thumbnail"]').getAttribute('src')).toContain(`library=${encodeURIComponent(logosPath)}`);
      // The same id in each frame is each library's item: a person clicks it in both.
      await markInLogos.click();
      await expect.poll(() => logo.locator('item-inspector').getByLabel('Name').inputValue(), { timeout: 15_000 }).toBe('Logo mark');
      await brand.getByRole('searchbox', { name: 'Search items' }).fill(String(mark.name));
      await brand.getByRole('searchbox', { name: 'Search items' }).press('Enter');
      await brand.locator(`[role=gridcell][data-id="${mark.id}"]`).click();
      await expect.poll(() => brand.locator('item-inspector').getByLabel('Name').inputValue(), { timeout: 15_000 }).toBe(String(mark.name));
      // The search stayed in its frame.
      expect(await logo.locator('[data-testid=view-count]').textContent()).toBe(`${logoCount} items`);
      // Neither element switched the site's open library: a tab of the app still shows its own.
      const current = await brand.evaluate(async () => (await (await fetch('/asset-library/api/v2/library/info')).json()).data);
      expect([brandPath, logosPath]).not.toContain(current.path);
      expect(current.readOnly ?? false).toBe(false);
      // The person removes Logos from the app in another tab: its element subscribes again and shows it anew.
      const started = await logo.evaluate(() => performance.timeOrigin);
      expect(await apiIn(brand, '/library/remove', { libraryPath: logosPath })).toMatchObject({ status: 200 });
      await expect.poll(() => logo.evaluate(() => performance.timeOrigin), { timeout: 30_000 }).not.toBe(started);
      await logo.locator('#library-name', { hasText: 'Logos' }).waitFor({ timeout: 30_000 });
      await logo.locator('[data-testid=view-count]', { hasText: new RegExp(`^${logoCount} items$`) }).waitFor({ timeout: 30_000 });
      expect((await apiIn(logo, '/library/info')).body.data).toMatchObject({ name: 'Logos', readOnly: true });
      await page.screenshot({ path: 'screenshots/publish-two-elements-1280.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'screenshots/publish-two-elements-390.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('opens it from the element, read-only, thumbnails fetched as shown, and still shows what was seen with the server gone', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      const frame = await libraryFrame(page);
      await appReady(frame);
      await frame.locator('#library-name', { hasText: 'Brand' }).waitFor({ timeout: 30_000 });
      // The grid paints thumbnails, each fetched from the static host when first shown.
      await frame.locator('img[src*="item/thumbnail"]').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => site.requests.filter((path) => path.startsWith('/published/brand/thumbnails/')).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const thumbnailsFetched = site.requests.filter((path) => path.startsWith('/published/brand/thumbnails/')).length;
      expect(site.requests.some((path) => path.startsWith('/published/brand/originals/'))).toBe(false);

      // The first shard painted the first screen; the others stream in behind it.
      const stored = async () => {
        const listed = await apiIn(frame, '/item/get?limit=1000');
        const trashed = await apiIn(frame, '/item/get?limit=1000&isDeleted=true');
        return listed.body.data.data.length + trashed.body.data.data.length;
      };
      await expect.poll(stored, { timeout: 30_000 }).toBe(fixture.records.size);
      const refused = await apiIn(frame, '/folder/create', { folderName: 'Mine' });
      expect(refused).toMatchObject({ status: 403, servedBy: 'service-worker', body: { code: 'READ_ONLY' } });

      // A visitor gets the library and nothing to edit it with: no library menu, no Import, no folder or tag editing.
      await frame.getByText('Read-only').waitFor();
      expect(await frame.getByRole('button', { name: /^Library: / }).count()).toBe(0);
      expect(await frame.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
      for (const name of ['New folder', 'New smart folder', 'Manage tags']) expect(await frame.getByRole('button', { name }).count(), name).toBe(0);
      await frame.locator('[role=gridcell][data-index="0"]').click();
      const inspector = frame.locator('item-inspector');
      await inspector.getByLabel('Name').waitFor();
      expect(await inspector.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
      expect(await inspector.getByLabel('Annotation').getAttribute('readonly')).not.toBeNull();
      expect(await inspector.getByRole('button', { name: 'Add comment' }).count()).toBe(0);
      // Keys that would change items say why nothing happened, and nothing did.
      const before = await apiIn(frame, '/item/get?limit=1000');
      const requests: string[] = [];
      frame.page().on('request', (request) => request.method() === 'POST' && requests.push(request.url()));
      for (const key of ['Delete', '3', 'Alt+Delete']) {
        await frame.locator('[role=gridcell][data-index="0"]').press(key);
        await frame.locator('.toast[data-kind="error"]', { hasText: 'read-only published library' }).first().waitFor();
      }
      expect((await apiIn(frame, '/item/get?limit=1000')).body.data.data).toEqual(before.body.data.data);
      // Said here, not refused by the worker: no write was sent.
      expect(requests.filter((url) => /item\/update|folder\/removeItems|item\/moveToTrash/.test(url))).toEqual([]);
      const search = await apiIn(frame, '/item/query', { query: 'cat' });
      expect(search.body.data.data.length).toBeGreaterThan(0);
      const shown = (await frame.locator('img[src*="item/thumbnail"]').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))).slice(0, 5);
      expect(shown.length).toBeGreaterThan(0);
      await frame.page().screenshot({ path: 'screenshots/publish-element-1280.png' });

      // "Find similar" on a picture whose thumbnail the visitor never opened: its near-duplicate comes first.
      await frame.getByRole('searchbox', { name: 'Search items' }).fill('sunset');
      await frame.getByRole('searchbox', { name: 'Search items' }).press('Enter');
      await frame.locator(`[role=gridcell][data-id="${scene}"]`).click();
      await inspector.getByRole('button', { name: 'Find similar' }).click();
      await frame.locator('h1.view-title', { hasText: 'Similar to' }).waitFor();
      await expect.poll(() => frame.locator('[role=gridcell][data-index="0"]').getAttribute('data-id'), { timeout: 15_000 }).toBe(copy);
      await frame.page().screenshot({ path: 'screenshots/publish-similar-1280.png' });
      await frame.page().setViewportSize({ width: 390, height: 844 });
      await frame.page().screenshot({ path: 'screenshots/publish-similar-390.png' });

      // The server goes away and the worker is stopped: what was seen is still there.
      await site.close();
      await context.setOffline(true);
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      for (const src of shown) {
        const path = new URL(src).pathname.replace('/asset-library/api/v2', '') + new URL(src).search;
        const thumbnail = await apiIn(frame, path);
        expect(thumbnail.status, path).toBe(200);
        expect(thumbnail.type, path).toMatch(/^image\/(png|webp|jpeg)/);
      }
      const offlineSearch = await apiIn(frame, '/item/query', { query: 'cat' });
      expect(offlineSearch.body.data.data.length).toBe(search.body.data.data.length);
      expect(thumbnailsFetched).toBeLessThanOrEqual(fixture.records.size);
    } finally {
      await context.close();
    }
  });

  it('opens it from the library menu by its web address, like a person (type the address, press Enter), and reopening it takes a new version', async () => {
    const app = await serveStatic({ '/': inject('siteDir'), '/published/brand/': join(work, 'published') });
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await openApp(context, app.url);
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByLabel('Open from a web address…').fill('/published/nothing/');
      await page.getByLabel('Open from a web address…').press('Enter');
      await expect.poll(() => page.locator('#published-library-error').textContent()).toContain('manifest.json');
      await page.getByLabel('Open from a web address…').fill(`${app.url}/published/brand/`);
      await page.screenshot({ path: 'screenshots/publish-menu-390.png' });
      await page.getByLabel('Open from a web address…').press('Enter');
      await page.locator('#library-name', { hasText: 'Brand' }).waitFor({ state: 'attached', timeout: 30_000 });
      const info = await fetchInPage(page, '/api/v2/library/info');
      expect(info.body.data.name).toBe('Brand');
      const refused = await fetchInPage(page, '/api/v2/tagGroup/create', { method: 'POST', body: { name: 'Mine' } });
      expect(refused).toMatchObject({ status: 403, body: { code: 'READ_ONLY', message: expect.stringContaining('"Brand"') } });
      expect(info.body.data).toMatchObject({ readOnly: true, publishedFrom: `${app.url}/published/brand/` });
      // The owner of the app keeps the library menu (to go back), but the published library offers no editing.
      await page.locator('.read-only-badge').waitFor();
      expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
      // The items arrive (the first shard before the answer, the rest behind it) and the grid shows them.
      await page.locator('[role=gridcell]').first().waitFor({ timeout: 15_000 });
      await page.locator('[data-testid=view-count]', { hasText: /^58 items$/ }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: 'screenshots/publish-opened-390.png' });
      await page.getByRole('button', { name: /^Library: / }).click();
      expect(await page.getByRole('button', { name: 'Sync…' }).count()).toBe(0);
      await page.locator('.library-list .library-entry', { hasNotText: 'Brand' }).first().click();
      await page.getByRole('button', { name: 'Import', exact: true }).waitFor();
      expect(await page.locator('.read-only-badge').count()).toBe(0);

      // The owner publishes again with 10 more items; reopening the library takes them, unchanged shards are not fetched again.
      const bigger = buildEagleLibrary({ name: 'Brand', items: 70 });
      const source = join(work, 'Brand-2.library');
      for (const [path, bytes] of bigger.files) {
        await mkdir(dirname(join(source, path)), { recursive: true });
        await writeFile(join(source, path), bytes);
      }
      await publishCommand([source, '--out', join(work, 'published'), '--shard-items', '16'], { log: () => {}, progress: () => {} });
      const shardsBefore = app.requests.filter((path) => path.startsWith('/published/brand/shards/'));
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.locator('.library-list .library-entry', { hasText: 'Brand' }).click();
      const stored = async () => {
        const listed = await fetchInPage(page, '/api/v2/item/get?limit=1000');
        const trashed = await fetchInPage(page, '/api/v2/item/get?limit=1000&isDeleted=true');
        return listed.body.data.data.length + trashed.body.data.data.length;
      };
      await expect.poll(stored, { timeout: 30_000 }).toBe(bigger.records.size);
      const live = (await fetchInPage(page, '/api/v2/item/get?limit=1000')).body.data.data.length;
      await page.locator('[data-testid=view-count]', { hasText: new RegExp(`^${live} items$`) }).waitFor({ timeout: 15_000 });
      const shardsAfter = app.requests.filter((path) => path.startsWith('/published/brand/shards/')).slice(shardsBefore.length);
      expect(shardsAfter.length).toBeGreaterThan(0);
      expect(shardsAfter.filter((path) => shardsBefore.includes(path))).toEqual([]);
    } finally {
      await context.close();
      await app.close();
    }
  });
});
