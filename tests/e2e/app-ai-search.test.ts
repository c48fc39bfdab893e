// AI search in the web app while it indexes (issue 24, points 1, 3 and 4), used as a person would and
// checked against the API's own answer: the status bar's one number, "Find similar" only where a
// picture exists. The views themselves: app-ai-search-views.test.ts. A search made while indexing
// runs, shown once indexing ends with no second search, and the screenshots at 1280 and 390 px
// while indexing and once done: app-ai-progress.test.ts and ai-models-first-use.test.ts, which
// make that search on a fresh origin (the models download first, then the indexes build).
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, reloadApp, seed, waitForCount } from './app';
import { colourLibrary, type SyncStatus } from './ai-library';
import { useBrowser } from './browser';

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
    const status = await api<SyncStatus>(page, '/aiSearch/getSyncStatus?watch=true');
    expect(status).toMatchObject({ isSyncing: false, syncedCount: total, totalCount: total });
    expect((await api<{ total: number }>(page, '/item/get', {})).total).toBe(total);
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
});
