// Issue 41, point 8, and issue 24, point 6 (the models on first use): after the first AI search on a
// fresh origin the status bar shows the model download moving ("Preparing AI search: 3.1 of 12 MB",
// the worker's byte counts), then indexing moving (items done of the library's), as it happens: no
// long stalls at "0 of N" while the models load or the indexes build. Once indexing ends, the search
// made while it ran shows the API's ranked answer with no second search, and the bar says all are
// indexed: these are the AI search screenshots at 1280 and 390 px (indexing, indexed). One slow
// download serves both widths: a person on a phone makes the search, and each phase is also drawn
// at 1280 px by widening the same page (the bar's texts do not depend on the width, only its layout).
import type { Page } from 'playwright';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, gridIds, seed, waitForCount } from './app';
import { idsOf, type Results } from './ai-library';
import { appReady, useBrowser } from './browser';
import { serveStatic } from './static-server';

/** Model files served at about 1.3 MB/s (64 KB every 50 ms), so the download lasts long enough to be seen. */
function slowModels(siteDir: string) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (!pathname.startsWith('/models/')) return false;
    void readFile(join(siteDir, pathname)).then(
      async (bytes) => {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.byteLength) });
        for (let at = 0; at < bytes.byteLength; at += 64 * 1024) {
          if (!response.write(bytes.subarray(at, at + 64 * 1024))) await new Promise((resolve) => response.once('drain', resolve));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        response.end();
      },
      () => response.writeHead(404).end(),
    );
    return true;
  };
}

/** Records, in the page, every text the status bar's AI parts show (through shadow roots), each time it changes. */
function recordAiStatus(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    const find = (root: Document | ShadowRoot, id: string): Element | null => {
      const here = root.getElementById?.(id) ?? null;
      if (here) return here;
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) {
        const inner = find(element.shadowRoot, id);
        if (inner) return inner;
      }
      return null;
    };
    const read = () => ['ai-models', 'ai-progress'].map((id) => find(document, id)?.textContent?.replace(/\s+/g, ' ').trim()).filter(Boolean).join(' | ');
    setInterval(() => {
      const text = read();
      if (text && text !== seen.at(-1)) seen.push(text);
    }, 50);
    (globalThis as unknown as { aiSeen: string[] }).aiSeen = seen;
  });
}

const seenTexts = (page: Page) => page.evaluate(() => (globalThis as unknown as { aiSeen: string[] }).aiSeen.slice());

const PHONE = { width: 390, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** The page as it is now, at 390 px, then at 1280 px, then back to the phone's width. */
async function bothWidths(page: Page, phase: string): Promise<void> {
  await page.screenshot({ path: `screenshots/ai-progress-${phase}-390.png` });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `screenshots/ai-progress-${phase}-1280.png` });
  await page.setViewportSize(PHONE);
}

describe('the web app: AI progress on first use', () => {
  const browser = useBrowser();
  const siteDir = inject('siteDir');

  it('shows the models downloading, then indexing counts moving, after the first AI search (390 px, drawn at 1280 px too)', async () => {
    const site = await serveStatic({ '/': siteDir }, slowModels(siteDir));
    const context = await browser().newContext({ viewport: PHONE });
    mkdirSync('screenshots', { recursive: true });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await appReady(page);
      const count = 40;
      // Pictures: each needs every index a search uses (thumbnail, objects, meaning).
      await seed(page, Array.from({ length: count }, (_, i) => ({ name: `topic ${i}`, color: `#${((i * 0x2f1b37 + 0x103050) & 0xffffff).toString(16).padStart(6, '0')}`, size: [64 + (i % 9), 48] as [number, number] })));
      await waitForCount(page, count);
      // Thumbnails and descriptors need no model: wait until they are done so what follows is the models' work.
      expect(await eventually(async () => (await api<{ syncedCount: number }>(page, '/aiSearch/getSyncStatus?watch=true')).syncedCount, count, 90_000)).toBe(count);
      await recordAiStatus(page);
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      const search = page.getByRole('searchbox', { name: 'Search items' });
      await search.fill('topic');
      await search.press('Enter');
      const models = page.locator('#ai-models');
      await models.filter({ hasText: /^\s*Preparing AI search: [\d.]+ of 1\d(\.\d)? MB\s*$/ }).waitFor({ timeout: 30_000 });
      const text = await models.textContent({ timeout: 1000 });
      await bothWidths(page, 'preparing');
      // The bar's numbers are the worker's byte counts (getSyncStatus's `preparing`): done ≤ total ≈ the models' size.
      const [, done, total] = /([\d.]+) of ([\d.]+) MB/.exec(text ?? '')!.map(Number);
      expect(total).toBeGreaterThan(10);
      expect(done).toBeLessThanOrEqual(total!);
      // Attached, not visible: on a phone the indexing count gives way to the download's line while both show.
      await page.locator('#ai-progress[data-syncing="true"]').waitFor({ state: 'attached', timeout: 120_000 });
      await page.locator('#ai-models').waitFor({ state: 'detached', timeout: 120_000 });
      await bothWidths(page, 'indexing');
      expect(await eventually(async () => (await api<{ isSyncing: boolean }>(page, '/aiSearch/getSyncStatus?watch=true')).isSyncing, false, 180_000)).toBe(false);
      await page.waitForTimeout(1500); // the bar's next look
      const seen = await seenTexts(page);
      const downloaded = new Set(seen.flatMap((text) => /Preparing AI search: ([\d.]+) of/.exec(text)?.[1] ?? []));
      const indexing = new Set(seen.flatMap((text) => /Indexing for AI search: \d+ of \d+ items(?: \(\d+%\))?/.exec(text)?.[0] ?? []));
      // The download moves (several byte counts) and indexing moves (two counts or more before the end: items done, or the share of the run).
      expect(downloaded.size, seen.join('\n')).toBeGreaterThanOrEqual(3);
      expect(indexing.size, seen.join('\n')).toBeGreaterThanOrEqual(2);
      const status = await api<{ isSyncing: boolean; syncedCount: number; preparing?: unknown }>(page, '/aiSearch/getSyncStatus?watch=true');
      expect(status).toMatchObject({ isSyncing: false, syncedCount: count });
      expect(status.preparing).toBeUndefined();
      expect(site.requests.filter((path) => path.startsWith('/models/')).length).toBeGreaterThan(0);
      // Attached, not visible: a phone's status bar keeps only the indexing run in sight.
      await page.locator('#ai-progress').filter({ hasText: `AI search: ${count} items indexed` }).waitFor({ state: 'attached', timeout: 30_000 });
      await page.locator('.cell-signals').first().waitFor();
      // The grid shows the API's ranked answer, in its order (its first cells: the rest are not rendered).
      const expected = idsOf(await api<Results>(page, '/aiSearch/searchByText', { query: 'topic', limit: 100 }));
      await waitForCount(page, expected.length);
      const inOrder = async () => {
        const shown = await gridIds(page);
        return shown.length > 0 && shown.every((id, i) => id === expected[i]);
      };
      expect(await eventually(inOrder, true)).toBe(true);
      await page.screenshot({ path: 'screenshots/ai-progress-indexed-390.png' });
      // Wider, the grid shows more of the same ranked answer.
      await page.setViewportSize(DESKTOP);
      expect(await eventually(inOrder, true)).toBe(true);
      await page.screenshot({ path: 'screenshots/ai-progress-indexed-1280.png' });
    } finally {
      await context.close();
      await site.close();
    }
  }, 300_000);
});
