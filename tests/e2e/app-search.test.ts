// Search, filter chips and the URL: each checked against the API's own answer.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';

describe('the web app: search, filters and the URL', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it("runs item/query from the search box and shows a syntax error's message inline", async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, [{ name: 'cat on sofa' }, { name: 'dog and cat' }, { name: 'cat alone' }, { name: 'dog' }]);
    await waitForCount(page, 4);
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('cat -dog');
    const expected = await api<{ data: { id: string }[]; total: number }>(page, '/item/query', { query: 'cat -dog' });
    await waitForCount(page, expected.total);
    expect(await eventually(() => gridIds(page), expected.data.map((i) => i.id))).toEqual(expected.data.map((i) => i.id));
    await search.fill('"cat');
    const error = page.locator('#search-error');
    await error.filter({ hasText: /quote/ }).waitFor();
    expect(await search.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.toast[data-kind="error"]').count()).toBe(0);
    await search.fill('cat');
    await error.filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
    await waitForCount(page, 3);
    await page.context().close();
  });

  it('maps each filter chip to one item/get filter, and combines them with the search', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Shelf' });
    await seed(page, [
      { name: 'a', tags: ['red', 'round'], star: 5, folders: [folder.id] },
      { name: 'b', tags: ['red'], star: 5, color: '#ff0000' },
      { name: 'c', tags: ['red', 'round'], star: 3, color: '#ff0000', folders: [folder.id] },
      { name: 'd', tags: ['round'], star: 5 },
    ]);
    await waitForCount(page, 4);
    const addFilter = async (field: string, value: string, kind: 'fill' | 'select') => {
      await page.getByRole('button', { name: 'Add filter' }).click();
      const control = page.locator('#filter-menu').getByLabel(field, { exact: false });
      if (kind === 'fill') await control.fill(value);
      else await control.selectOption(value);
      await page.getByRole('button', { name: 'Apply' }).click();
    };
    const check = async (filters: Record<string, unknown>) => {
      const expected = await api<{ ids: string[]; total: number }>(page, '/item/ids', filters);
      await waitForCount(page, expected.total);
      expect((await gridIds(page)).sort()).toEqual([...expected.ids].sort());
    };
    await addFilter('Tag', 'red', 'fill');
    await check({ tags: ['red'] });
    await addFilter('Tag', 'round', 'fill');
    await check({ tags: ['red', 'round'] });
    await addFilter('Rating', '5', 'select');
    await check({ tags: ['red', 'round'], rating: 5 });
    await page.getByRole('button', { name: 'Remove filter Rating: ★★★★★' }).click();
    await addFilter('Folder', folder.id, 'select');
    await check({ tags: ['red', 'round'], folders: [folder.id] });
    await addFilter('Type', 'png', 'fill');
    await check({ tags: ['red', 'round'], folders: [folder.id], ext: 'png' });
    await page.getByRole('button', { name: /^Remove filter Tag: round/ }).click();
    await page.getByRole('button', { name: /^Remove filter Folder/ }).click();
    await addFilter('Shape', 'landscape', 'select');
    await check({ tags: ['red'], ext: 'png', shape: 'landscape' });
    await page.getByRole('searchbox', { name: 'Search items' }).fill('b');
    const expected = await api<{ total: number }>(page, '/item/query', { query: 'b', tags: ['red'], ext: 'png', shape: 'landscape' });
    await waitForCount(page, expected.total);
    expect(expected.total).toBe(1);
    await page.context().close();
  });

  it('filters by a colour swatch through item/get color, keeps it in the URL, and drops it with the chip', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [red, blue, yellow] = await seed(page, [{ name: 'poppy', color: '#e53935' }, { name: 'sky', color: '#1e88e5' }, { name: 'lemon', color: '#fdd835' }]);
    // Palettes come with the thumbnails, made by the page's media worker.
    await eventually(async () => (await api<{ data: { thumbnailReady: boolean }[] }>(page, '/item/get', {})).data.every((item) => item.thumbnailReady), true, 60_000);
    await waitForCount(page, 3);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.locator('#filter-menu').getByRole('radio', { name: 'Blue' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    const expected = await api<{ ids: string[]; total: number }>(page, '/item/ids', { color: '#1e88e5' });
    expect(expected.ids).toEqual([blue]);
    await waitForCount(page, 1);
    expect(await gridIds(page)).toEqual([blue]);
    expect(await page.locator('.chip').allTextContents()).toEqual([expect.stringContaining('Colour: Blue')]);
    expect(new URL(page.url()).searchParams.get('color')).toBe('1e88e5');

    await reloadApp(page);
    await waitForCount(page, 1);
    expect(await gridIds(page)).toEqual([blue]);
    await page.getByRole('button', { name: 'Remove filter Colour: Blue' }).click();
    await waitForCount(page, 3);
    expect((await gridIds(page)).sort()).toEqual([red, blue, yellow].sort());
    expect(new URL(page.url()).searchParams.has('color')).toBe(false);
    await page.context().close();
  });

  it('restores view, search, filters and sort from a pasted URL, and walks them with back and forward', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Box' });
    await seed(page, Array.from({ length: 20 }, (_, i) => ({ name: `photo ${i} ${i % 2 ? 'odd' : 'even'}`, tags: i % 3 ? ['x'] : [], folders: i < 12 ? [folder.id] : [], star: i % 5 })));
    await waitForCount(page, 20);
    await page.locator(`.nav-link[data-view="folder:${folder.id}"]`).click();
    await page.getByRole('searchbox', { name: 'Search items' }).fill('odd');
    await page.getByLabel('Sort by').selectOption('NAME');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.locator('#filter-menu').getByLabel('Tag', { exact: false }).fill('x');
    await page.getByRole('button', { name: 'Apply' }).click();
    const params = { query: 'odd', folders: [folder.id], tags: ['x'], orderBy: 'NAME' };
    const expected = await api<{ ids: string[]; total: number }>(page, '/item/ids', params);
    await waitForCount(page, expected.total);
    expect(await gridIds(page)).toEqual(expected.ids);
    const link = page.url();

    const other = await page.context().newPage();
    await other.goto(link);
    await other.locator('#api-status[data-state="ready"]').waitFor();
    await waitForCount(other, expected.total);
    expect(await gridIds(other)).toEqual(expected.ids);
    expect(await other.getByRole('searchbox', { name: 'Search items' }).inputValue()).toBe('odd');
    expect(await other.getByLabel('Sort by').inputValue()).toBe('NAME');
    expect(await other.locator('.chip').allTextContents()).toEqual([expect.stringContaining('Tag: x')]);
    expect(await other.locator('.nav-link[aria-current="page"]').getAttribute('data-view')).toBe(`folder:${folder.id}`);

    await page.goBack();
    const withoutTag = await api<{ total: number }>(page, '/item/ids', { query: 'odd', folders: [folder.id], orderBy: 'NAME' });
    await waitForCount(page, withoutTag.total);
    await page.goForward();
    await waitForCount(page, expected.total);
    await page.goto(`${siteUrl}/?view=trash`);
    await page.locator('#api-status[data-state="ready"]').waitFor();
    await page.goBack();
    await waitForCount(page, expected.total);
    await page.context().close();
  });
});
