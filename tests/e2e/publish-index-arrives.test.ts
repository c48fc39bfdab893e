/**
 * A published library larger than its first screen (FIRST_SCREEN_ITEMS): its later items are stored
 * in bulk and become searchable when the prebuilt index arrives, after the last shard. A visitor who
 * searches before that sees the first screen's matches, and the full result once the index is put,
 * without doing anything: the put announces the library as `indexed`, and the app reads what it
 * shows again. The static host holds the index files back until the test lets them through.
 */
import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIRST_SCREEN_ITEMS } from '../../src/core/publish/load-order';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { check } from './a11y-check';
import { appReady, fetchInPage, openApp, useBrowser } from './browser';
import { serveStatic, type StaticSite } from './static-server';

const INDEX_PREFIX = '/published/big/index/';

describe('a published library past its first screen', () => {
  const browser = useBrowser();
  const fixture = buildEagleLibrary({ name: 'Big', items: FIRST_SCREEN_ITEMS + 100 });
  let work: string;
  let app: StaticSite;
  const held: { path: string; response: ServerResponse }[] = [];
  let holding = true;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'publish-index-e2e-'));
    const source = join(work, 'Big.library');
    for (const [path, bytes] of fixture.files) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
    await publishCommand([source, '--out', join(work, 'published'), '--shard-items', '50'], { log: () => {}, progress: () => {} });
    app = await serveStatic({ '/': inject('siteDir'), '/published/big/': join(work, 'published') }, (request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (!holding || !path.startsWith(INDEX_PREFIX)) return false;
      held.push({ path, response });
      return true;
    });
  });
  afterAll(async () => {
    await app?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const release = async () => {
    holding = false;
    for (const { path, response } of held.splice(0)) {
      const bytes = await readFile(join(work, 'published', path.slice(INDEX_PREFIX.length - 'index/'.length)));
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(bytes);
    }
  };

  it('shows a search made while the index is on its way in full once it arrives, without a reload', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await openApp(context, app.url);
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByLabel('Open from a web address…').fill(`${app.url}/published/big/`);
      await page.getByLabel('Open from a web address…').press('Enter');
      await page.locator('#library-name', { hasText: 'Big' }).waitFor({ state: 'attached', timeout: 30_000 });
      // Every shard stored, the index asked for and held.
      await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);

      const search = page.getByRole('searchbox', { name: 'Search items' });
      await search.fill('cat');
      const matches = async () => (await fetchInPage(page, '/api/v2/item/query', { method: 'POST', body: { query: 'cat', limit: 1000 } })).body.data.data.length as number;
      const early = await matches();
      await page.locator('[data-testid=view-count]', { hasText: new RegExp(`^${early} items?$`) }).waitFor({ timeout: 15_000 });
      // The status bar says why: every item is in, their index is not.
      const status = page.getByRole('status', { name: `All ${fixture.records.size} items are here; search, filters and counts see the newest items only until their index is stored.` });
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toContain('Indexing for search…');
      await check(page, 'publish-index-waiting', 1280);
      // A second tab, phone-sized, tells the same.
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`${app.url}/`);
      await appReady(phone);
      await expect.poll(() => phone.locator('#published-load').textContent(), { timeout: 15_000 }).toContain('Indexing');
      expect((await phone.locator('#published-load').boundingBox())?.width).toBeGreaterThan(40);
      await check(phone, 'publish-index-waiting', 390);
      await phone.close();

      await release();
      await expect.poll(matches, { timeout: 30_000 }).toBeGreaterThan(early);
      const full = await matches();
      await page.locator('[data-testid=view-count]', { hasText: new RegExp(`^${full} items$`) }).waitFor({ timeout: 15_000 });
      await page.locator('#published-load').waitFor({ state: 'detached', timeout: 15_000 });
      await check(page, 'publish-index-arrived', 1280);
      await expect.poll(() => search.inputValue()).toBe('cat');
    } finally {
      await context.close();
    }
  });
});
