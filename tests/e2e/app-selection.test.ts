// Selection and keyboard, as a person uses them, checked against item/select (isSelected) and the items.
import { describe, expect, inject, it } from 'vitest';
import { api, cell, eventually, freshApp, gridIds, pressInOneTask, seed, selectedIds, waitForCount } from './app';
import { useBrowser } from './browser';

const focusedIndex = (page: import('playwright').Page) => page.evaluate(() => Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1));

describe('the web app: selection and keyboard', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('selects by click, Ctrl+click, Shift+click, Ctrl+A and Esc, mirrored to item/select', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 60 }, (_, i) => ({ name: `i${i}` })));
    await waitForCount(page, 60);
    await page.getByLabel('Thumbnail size').fill('0');
    await waitForCount(page, 60);
    const order = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    const asImported = (ids: string[]) => [...ids].sort((a, b) => order.indexOf(b) - order.indexOf(a));
    await cell(page, 2).click();
    expect(await eventually(() => selectedIds(page), [order[2]])).toEqual([order[2]]);
    await cell(page, 5).click({ modifiers: ['Control'] });
    expect(await eventually(() => selectedIds(page), asImported([order[2]!, order[5]!]))).toEqual(asImported([order[2]!, order[5]!]));
    await cell(page, 9).click({ modifiers: ['Shift'] });
    const range = asImported(order.slice(5, 10));
    expect(await eventually(() => selectedIds(page), range)).toEqual(range);
    await expect(page.locator('.status-selected').textContent()).resolves.toBe('5 selected');
    await page.keyboard.press('Control+a');
    expect((await eventually(() => selectedIds(page).then((ids) => ids.length), 60))).toBe(60);
    await page.keyboard.press('Escape');
    expect(await eventually(() => selectedIds(page), [])).toEqual([]);
    await page.context().close();
  });

  it('moves a roving focus with arrows, Home/End and PageDown, and extends the selection with Shift', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 200 }, (_, i) => ({ name: `k${i}` })));
    await waitForCount(page, 200);
    const columns = Number(await page.getByRole('grid').getAttribute('aria-colcount'));
    await cell(page, 0).click();
    expect(await page.locator('[role=gridcell][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focusedIndex(page)).toBe(1 + columns);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const order = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    const expected = order.slice(1 + columns, 4 + columns).reverse();
    expect(await eventually(() => selectedIds(page), expected)).toEqual(expected);
    // End, then Home before the last page has come: End's late answer must not take the focus and the selection back.
    await pressInOneTask(page, ['End', 'Home']);
    expect(await eventually(() => focusedIndex(page), 0)).toBe(0);
    await page.keyboard.press('PageDown');
    const afterPage = await focusedIndex(page);
    expect(afterPage).toBeGreaterThan(columns);
    expect(afterPage).toBeLessThan(199);
    await page.keyboard.press(' ');
    await page.getByRole('dialog', { name: `Preview of k${199 - afterPage}` }).waitFor();
    await page.keyboard.press(' ');
    await page.getByRole('dialog', { name: /^Preview of/ }).waitFor({ state: 'hidden' });
    expect(await eventually(() => selectedIds(page), [order[afterPage]])).toEqual([order[afterPage]]);
    await page.keyboard.press('End');
    expect(await eventually(() => focusedIndex(page), 199)).toBe(199);
    expect(await eventually(() => selectedIds(page), [order[199]])).toEqual([order[199]]);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.context().close();
  });

  it('trashes item after item when Delete is pressed again before the last trash ended', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 6 }, (_, i) => ({ name: `cull ${i}` })));
    await waitForCount(page, 6);
    const order = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    await cell(page, 2).click();
    expect(await eventually(() => selectedIds(page), [order[2]])).toEqual([order[2]]);
    // Both keys arrive before the first trash has answered: the second is for the item the focus moves on to.
    await pressInOneTask(page, ['Delete', 'Delete']);
    await waitForCount(page, 4);
    const trashed = (await api<{ ids: string[] }>(page, '/item/ids', { isDeleted: true })).ids;
    expect([...trashed].sort()).toEqual([order[2]!, order[3]!].sort());
    expect(await gridIds(page)).toEqual([order[0], order[1], order[4], order[5]]);
    await expect.poll(() => page.getByText('Moved 1 item to the trash').count()).toBe(2);
    await page.context().close();
  });

  it('a keyboard-only session finds an item by search, opens it, rates it and trashes it, with undo', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, [{ name: 'red kite' }, { name: 'blue whale' }, { name: 'green frog' }, { name: 'blue jay' }]);
    await waitForCount(page, 4);
    await page.keyboard.press('/');
    await page.keyboard.type('whale');
    await waitForCount(page, 1);
    await page.keyboard.press('ArrowDown');
    expect(await eventually(() => focusedIndex(page), 0)).toBe(0);
    expect(await gridIds(page)).toEqual([ids[1]]);
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: /blue whale/ });
    await preview.waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await page.keyboard.press('4');
    const item = async () => (await api<{ data: { star: number; isDeleted: boolean }[] }>(page, '/item/get', { id: ids[1], isDeleted: undefined })).data[0];
    expect(await eventually(async () => (await item())?.star, 4)).toBe(4);
    await page.keyboard.press('Delete');
    await waitForCount(page, 0);
    const trashed = await api<{ data: { id: string }[] }>(page, '/item/get', { isDeleted: true });
    expect(trashed.data.map((i) => i.id)).toEqual([ids[1]]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await waitForCount(page, 1);
    expect((await api<{ total: number }>(page, '/item/get', { isDeleted: true })).total).toBe(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe('whale');
    await page.context().close();
  });
});
