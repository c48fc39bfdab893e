// AI search in the web app (issue 16, item 7), used as a person would and checked against the API's own
// answer: "Find similar" in the inspector and the viewer, a picture dropped on the search box, the
// search-by-meaning mode. Screenshots at 1280 and 390 px. Indexing: app-ai-search.test.ts.
import type { BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { check } from './a11y-check';
import { api, cell, freshApp, gridIds, waitForCount } from './app';
import { COLOURS, colourLibrary, expectGrid, idsOf, title, type Results } from './ai-library';
import { appReady, useBrowser } from './browser';

describe('the web app: AI search views', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  /**
   * One library for the file, seeded and indexed once (that took about 12 s a test); the tests only
   * read it, each in a page of its own.
   */
  let context: BrowserContext;
  beforeAll(async () => {
    const page = await freshApp(browser(), siteUrl);
    context = page.context();
    await colourLibrary(page);
    await page.close();
  }, 120_000);
  afterAll(() => context?.close());

  async function openLibrary(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${siteUrl}/`);
    await appReady(page);
    await waitForCount(page, COLOURS.length);
    return page;
  }

  it('"Find similar" in the inspector lists searchByItemId as a titled view, and back returns', async () => {
    const page = await openLibrary();
    await cell(page, 0).click();
    const first = (await gridIds(page))[0]!;
    const name = await page.locator('item-inspector').getByLabel('Name', { exact: true }).inputValue();
    await page.locator('item-inspector').getByRole('button', { name: 'Find similar' }).click();
    await title(page).filter({ hasText: `Similar to “${name}”` }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe(`similar:${first}`);
    const expected = await api<Results>(page, '/aiSearch/searchByItemId', { itemId: first, limit: 100 });
    expect(expected.results.length).toBeGreaterThan(0);
    await expectGrid(page, idsOf(expected));
    expect(await page.locator('.cell-signals').first().getAttribute('data-signals')).toBe(expected.results[0]!.signals.join(' '));
    // No sort or filters in a ranked view.
    expect(await page.getByLabel('Sort by').count()).toBe(0);
    await page.goBack();
    await title(page).filter({ hasText: 'All items' }).waitFor();
    await waitForCount(page, COLOURS.length);
    await page.close();
  }, 90_000);

  it('"Find similar" in the viewer closes it and shows the items like the one viewed', async () => {
    const page = await openLibrary();
    await cell(page, 2).click();
    const viewed = (await gridIds(page))[2]!;
    await page.keyboard.press('Enter');
    const viewer = page.locator('item-viewer dialog[open]');
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Find similar' }).click();
    await viewer.waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.locator('item-viewer dialog[open]').count()).toBe(0);
    await title(page).filter({ hasText: 'Similar to' }).waitFor();
    const expected = await api<Results>(page, '/aiSearch/searchByItemId', { itemId: viewed, limit: 100 });
    await expectGrid(page, idsOf(expected));
    await page.close();
  }, 90_000);

  it('a picture dropped on the search box lists searchByBase64 for it', async () => {
    const page = await openLibrary();
    const transfer = await page.evaluateHandle(async () => {
      const canvas = new OffscreenCanvas(120, 80);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2242d4';
      context.fillRect(0, 0, 120, 80);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      (window as unknown as { dropped: string }).dropped = btoa(String.fromCharCode(...bytes));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'query.png', { type: 'image/png' }));
      return transfer;
    });
    await page.locator('search-box .search').dispatchEvent('dragover', { dataTransfer: transfer });
    await page.locator('search-box .search').dispatchEvent('drop', { dataTransfer: transfer });
    await title(page).filter({ hasText: 'Like the dropped picture' }).waitFor();
    const base64 = await page.evaluate(() => (window as unknown as { dropped: string }).dropped);
    const expected = await api<Results>(page, '/aiSearch/searchByBase64', { base64, limit: 100 });
    await expectGrid(page, idsOf(expected));
    const blue = (await api<{ data: { id: string; name: string }[] }>(page, '/item/get', {})).data.find((item) => item.name === 'blue')!;
    expect((await gridIds(page))[0]).toBe(blue.id);
    // The import panel took nothing: the drop was a search, not an import.
    expect((await api<{ total: number }>(page, '/item/get', {})).total).toBe(COLOURS.length);
    await page.close();
  }, 90_000);

  it('the search-by-meaning mode runs searchByText and shows which signals matched', async () => {
    const page = await openLibrary();
    await page.getByRole('button', { name: 'AI: search by meaning' }).click();
    expect(await page.getByRole('button', { name: 'AI: search by meaning' }).getAttribute('aria-pressed')).toBe('true');
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('red');
    await search.press('Enter');
    const expected = await api<Results>(page, '/aiSearch/searchByText', { query: 'red', limit: 100 });
    expect(expected.results.length).toBeGreaterThan(0);
    await expectGrid(page, idsOf(expected));
    expect(new URL(page.url()).searchParams.get('mode')).toBe('meaning');
    expect(await page.locator('.cell-signals').first().getAttribute('data-signals')).toContain('colour');
    // A query no signal covers says so instead of showing random items.
    await search.fill('zzqxv');
    await search.press('Enter');
    await waitForCount(page, 0);
    await page.getByText(/No signal of this build covers "zzqxv"/).waitFor();
    // Back to words: item/query again.
    await page.getByRole('button', { name: 'AI: search by meaning' }).click();
    await search.fill('red');
    await search.press('Enter');
    await waitForCount(page, (await api<{ total: number }>(page, '/item/query', { query: 'red' })).total);
    expect(new URL(page.url()).searchParams.get('mode')).toBeNull();
    await page.close();
  }, 90_000);

  for (const width of [1280, 390]) {
    it(`shows the AI views usably at ${width} px`, async () => {
      const page = await openLibrary({ width, height: width > 500 ? 800 : 844 });
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      const search = page.getByRole('searchbox', { name: 'Search items' });
      await search.fill('red');
      await search.press('Enter');
      await page.locator('.cell-signals').first().waitFor();
      await check(page, 'ai-meaning-search', width);
      // The door to an own CLIP model is there on phones too, behind the status bar's "More" (issue 41, point 12).
      const more = page.getByRole('button', { name: 'More status' });
      if (width < 800) await more.click();
      expect(await page.getByText('Own CLIP model…').isVisible()).toBe(true);
      if (width < 800) await more.click();
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      await search.fill('');
      await search.press('Enter');
      await waitForCount(page, COLOURS.length);
      await cell(page, 0).click();
      await page.keyboard.press('Enter');
      await page.locator('item-viewer dialog[open]').getByRole('button', { name: 'Find similar' }).click();
      await page.locator('.cell-signals').first().waitFor();
      await check(page, 'ai-similar', width);
      await page.close();
    }, 90_000);
  }
});
