// AI search in the web app (issue 16, item 7), used as a person would and checked against the API's own
// answer: "Find similar" in the inspector and the viewer, a picture dropped on the search box, the
// search-by-meaning mode, and the indexing progress in the status bar. Screenshots at 1280 and 390 px.
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { check } from './a11y-check';
import { api, cell, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';

const COLOURS = ['#e02020', '#b01818', '#20a040', '#2040d0', '#f0d020', '#202020'];
const NAMES = ['red', 'dark red', 'green', 'blue', 'yellow', 'black'];

interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
}
type Results = { results: { item: { id: string }; signals: string[] }[] };

const idsOf = (answer: Results) => answer.results.map((r) => r.item.id);
const title = (page: Page) => page.locator('h1.view-title');

/** A library of six coloured pictures, opened in the app, with every one indexed for AI search. */
async function colourLibrary(page: Page): Promise<string[]> {
  const ids = await seed(page, COLOURS.map((color, i) => ({ name: NAMES[i]!, color, size: [96, 64] as [number, number] })));
  await reloadApp(page);
  await waitForCount(page, ids.length);
  const done = await eventually(async () => {
    const status = await api<SyncStatus>(page, '/aiSearch/getSyncStatus');
    return !status.isSyncing && status.syncedCount === ids.length;
  }, true, 90_000);
  expect(done).toBe(true);
  return ids;
}

/** The grid shows exactly the API's ranked answer, in its order. */
async function expectGrid(page: Page, expected: string[]): Promise<void> {
  await waitForCount(page, expected.length);
  expect(await eventually(() => gridIds(page), expected)).toEqual(expected);
}

describe('the web app: AI search', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('shows indexing progress as items done out of the library items in the status bar', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await colourLibrary(page);
    const progress = page.locator('#ai-progress');
    await progress.filter({ hasText: `AI search: ${ids.length} items indexed` }).waitFor({ timeout: 15_000 });
    expect(await progress.getAttribute('data-syncing')).toBe('false');
    // A new picture and a bookmark make the count move again: one number of the library's items.
    await seed(page, [{ name: 'white', color: '#ffffff', size: [96, 64] }, { name: 'a link' }]);
    const total = ids.length + 2;
    await progress.filter({ hasText: `AI search: ${total} items indexed` }).waitFor({ timeout: 90_000 });
    const status = await api<SyncStatus>(page, '/aiSearch/getSyncStatus');
    expect(status).toMatchObject({ isSyncing: false, syncedCount: total, totalCount: total });
    expect((await api<{ total: number }>(page, '/item/get', {})).total).toBe(total);
    await page.context().close();
  }, 180_000);

  it('an AI search made while indexing runs shows its results once indexing ends, with no second search', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, COLOURS.map((color, i) => ({ name: NAMES[i]!, color, size: [96, 64] as [number, number] })));
    const receipt = (await api<{ id: string }>(page, '/item/add', { name: 'scan 12', annotation: 'Receipt for the hotel bill', bookmarkURL: 'https://example.test/scan-12' })).id;
    await reloadApp(page);
    await page.getByRole('button', { name: 'AI: search by meaning' }).click();
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('invoice');
    await search.press('Enter');
    // Nothing else is typed: the grid asks again when the indexing run ends.
    await page.locator(`[role=gridcell][data-id="${receipt}"]`).waitFor({ timeout: 120_000 });
    expect(idsOf(await api<Results>(page, '/aiSearch/searchByText', { query: 'invoice', limit: 100 }))).toContain(receipt);
    await page.context().close();
  }, 180_000);

  it('offers "Find similar" only for items with a picture', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [picture] = await seed(page, [{ name: 'red', color: '#e02020', size: [96, 64] }]);
    const text = (await api<{ id: string }>(page, '/item/add', { name: 'notes', ext: 'txt', base64: btoa('meeting notes, not a picture') })).id;
    const item = async (id: string) => (await api<{ data: { id: string; thumbnailURL: string; thumbnailReady: boolean }[] }>(page, '/item/get', {})).data.find((row) => row.id === id)!;
    expect(await eventually(async () => (await item(text)).thumbnailReady && (await item(picture!)).thumbnailReady, true, 30_000)).toBe(true);
    expect((await item(text)).thumbnailURL).toContain('/item/icon?');
    await reloadApp(page);
    await waitForCount(page, 2);
    const inspector = page.locator('item-inspector');
    await page.locator(`[role=gridcell][data-id="${text}"]`).click();
    await inspector.getByLabel('Name', { exact: true }).waitFor();
    expect(await inspector.getByLabel('Name', { exact: true }).inputValue()).toBe('notes');
    expect(await inspector.getByRole('button', { name: 'Find similar' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    const viewer = page.locator('item-viewer dialog[open]');
    await viewer.waitFor();
    expect(await viewer.getByRole('button', { name: 'Find similar' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.locator(`[role=gridcell][data-id="${picture}"]`).click();
    await inspector.getByRole('button', { name: 'Find similar' }).waitFor();
    await page.context().close();
  }, 90_000);

  for (const width of [1280, 390]) {
    it(`shows AI search while indexing and once done at ${width} px`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: width > 500 ? 800 : 844 });
      const many = Array.from({ length: 24 }, (_, i) => ({ name: `${NAMES[i % NAMES.length]} ${i}`, color: COLOURS[i % COLOURS.length]!, size: [96, 64] as [number, number] }));
      await seed(page, many);
      await reloadApp(page);
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      const search = page.getByRole('searchbox', { name: 'Search items' });
      await search.fill('red');
      await search.press('Enter');
      const progress = page.locator('#ai-progress');
      await progress.filter({ hasText: /Indexing for AI search: \d+ of 24 items/ }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `screenshots/ai-search-indexing-${width}.png` });
      // Attached, not visible: a phone's status bar keeps only the indexing run in sight.
      await progress.filter({ hasText: 'AI search: 24 items indexed' }).waitFor({ state: 'attached', timeout: 150_000 });
      await page.locator('.cell-signals').first().waitFor();
      const expected = await api<Results>(page, '/aiSearch/searchByText', { query: 'red', limit: 100 });
      await expectGrid(page, idsOf(expected));
      await page.screenshot({ path: `screenshots/ai-search-indexed-${width}.png` });
      await page.context().close();
    }, 240_000);
  }

  it('"Find similar" in the inspector lists searchByItemId as a titled view, and back returns', async () => {
    const page = await freshApp(browser(), siteUrl);
    await colourLibrary(page);
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
    await page.context().close();
  }, 90_000);

  it('"Find similar" in the viewer closes it and shows the items like the one viewed', async () => {
    const page = await freshApp(browser(), siteUrl);
    await colourLibrary(page);
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
    await page.context().close();
  }, 90_000);

  it('a picture dropped on the search box lists searchByBase64 for it', async () => {
    const page = await freshApp(browser(), siteUrl);
    await colourLibrary(page);
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
    await page.context().close();
  }, 90_000);

  it('the search-by-meaning mode runs searchByText and shows which signals matched', async () => {
    const page = await freshApp(browser(), siteUrl);
    await colourLibrary(page);
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
    await page.context().close();
  }, 90_000);

  for (const width of [1280, 390]) {
    it(`shows the AI views usably at ${width} px`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: width > 500 ? 800 : 844 });
      await colourLibrary(page);
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      const search = page.getByRole('searchbox', { name: 'Search items' });
      await search.fill('red');
      await search.press('Enter');
      await page.locator('.cell-signals').first().waitFor();
      await check(page, 'ai-meaning-search', width);
      // The door to an own CLIP model is there on phones too.
      expect(await page.getByText('Own CLIP model…').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'AI: search by meaning' }).click();
      await search.fill('');
      await search.press('Enter');
      await waitForCount(page, COLOURS.length);
      await cell(page, 0).click();
      await page.keyboard.press('Enter');
      await page.locator('item-viewer dialog[open]').getByRole('button', { name: 'Find similar' }).click();
      await page.locator('.cell-signals').first().waitFor();
      await check(page, 'ai-similar', width);
      await page.context().close();
    }, 90_000);
  }
});
