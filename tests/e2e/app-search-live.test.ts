// Issue 41, point 14: an item imported while a search is shown appears in its results when it
// matches (and not when it does not), without the person searching again. Checked through the API.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';
import { colourLibrary } from './ai-library';
import { solidPng } from './png';

const png = (colour: string) => Buffer.from(solidPng(colour).split(',')[1]!, 'base64');

describe('the web app: a search follows imports', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('shows an item imported from the Import panel in the search results shown, when it matches', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, [{ name: 'red apple', color: '#cc3333' }, { name: 'blue car', color: '#3333cc' }]);
    await reloadApp(page);
    await page.getByRole('searchbox', { name: 'Search items' }).fill('apple');
    await waitForCount(page, 1);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('import-progress').getByRole('button', { name: 'Add files…' }).click();
    await (await chooser).setFiles([
      { name: 'green apple.png', mimeType: 'image/png', buffer: png('#33cc33') },
      { name: 'yellow bus.png', mimeType: 'image/png', buffer: png('#cccc33') },
    ]);
    await waitForCount(page, 2);
    const matching = (await api<{ data: { id: string }[] }>(page, '/item/query', { query: 'apple' })).data.map((i) => i.id);
    expect(matching).toHaveLength(2);
    expect((await gridIds(page)).sort()).toEqual([...matching].sort());
    expect(await page.getByRole('searchbox', { name: 'Search items' }).inputValue()).toBe('apple');
  });

  it('shows items a script adds to the folder being viewed while it is searched, when they match', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Fruit' });
    await seed(page, [{ name: 'red apple', color: '#cc3333', folders: [folder.id] }, { name: 'apple pie' }]);
    await reloadApp(page);
    await page.locator(`li.folder-row[data-folder="${folder.id}"] .nav-link`).click();
    await page.getByRole('searchbox', { name: 'Search items' }).fill('apple');
    await waitForCount(page, 1);
    await api(page, '/item/add', { items: [{ name: 'apple tart', base64: solidPng('#aa7733'), folders: [folder.id] }, { name: 'pear', base64: solidPng('#33aa33'), folders: [folder.id] }] });
    await waitForCount(page, 2);
    const matching = (await api<{ data: { id: string }[] }>(page, '/item/query', { query: 'apple', folders: [folder.id] })).data.map((i) => i.id);
    expect((await gridIds(page)).sort()).toEqual([...matching].sort());
  });

  // The item is indexed for meaning a moment after its row is written, and no row changes then.
  // Here it is added in another tab while this one is in the background, where the status bar
  // does not poll (headless Chromium shows every tab, so the test says this one is hidden): only
  // the indexer's change event can tell the search shown to ask again.
  it('shows an item added in another tab while a search by meaning is shown, once it is indexed', async () => {
    const page = await freshApp(browser(), siteUrl);
    await colourLibrary(page);
    await page.getByRole('button', { name: 'AI: search by meaning' }).click();
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('invoice');
    await search.press('Enter');
    await page.locator('#ai-progress').filter({ hasText: 'AI search: 6 items indexed' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });

    const other = await page.context().newPage();
    await other.goto(page.url());
    const receipt = (await api<{ id: string }>(other, '/item/add', { name: 'scan 12', annotation: 'Receipt for the hotel bill', bookmarkURL: 'https://example.test/scan-12' })).id;
    const indexed = await eventually(async () => (await api<{ isSyncing: boolean; syncedCount: number }>(other, '/aiSearch/getSyncStatus?watch=true')).syncedCount === 7, true, 60_000);
    expect(indexed).toBe(true);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.locator(`[role=gridcell][data-id="${receipt}"]`).waitFor({ timeout: 20_000 });
    expect(await search.inputValue()).toBe('invoice');
    await page.context().close();
  }, 180_000);
});
