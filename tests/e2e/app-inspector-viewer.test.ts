// The inspector and viewer inside the app (issue 13, items 7 and 8), used as a person would, checked through the API.
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, cell, eventually, freshApp, pressInOneTask, reloadApp, seed, selectedIds, waitForCount } from './app';
import { useBrowser } from './browser';

interface ItemFields { name: string; star: number; tags: string[]; annotation: string; isDeleted: boolean }

const itemOf = async (page: Page, id: string) => (await api<{ data: ItemFields[] }>(page, '/item/get', { id })).data[0]!;
const inspector = (page: Page) => page.locator('item-inspector');
const viewerTitle = (page: Page) => page.locator('item-viewer dialog[open] h2.title');

describe('the web app: inspector and viewer', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('edits name, rating, a tag and the annotation of the selected item, and the edits survive a reload', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [first, second] = await seed(page, [{ name: 'old name', color: '#3366cc' }, { name: 'other', color: '#cc6633' }]);
    await waitForCount(page, 2);
    const order = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    await cell(page, order.indexOf(first!)).click();
    const name = inspector(page).getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('old name');
    // Typed as a person types: Ctrl+A takes the field's text, not every item of the grid.
    await name.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('new name');
    await name.press('Enter');
    await inspector(page).getByRole('radio', { name: '4 stars' }).click();
    const tagInput = inspector(page).getByRole('combobox', { name: 'Add a tag' });
    await tagInput.fill('sunset');
    await tagInput.press('Enter');
    const annotation = inspector(page).getByLabel('Annotation');
    // "/", "?" and "D" are the app's shortcuts outside fields; in a field they are text.
    await annotation.click();
    await page.keyboard.type('Dusk / shot from the pier?');
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await annotation.blur();
    const expected = { name: 'new name', star: 4, tags: ['sunset'], annotation: 'Dusk / shot from the pier?' };
    const read = async () => {
      const { name, star, tags, annotation } = await itemOf(page, first!);
      return { name, star, tags, annotation };
    };
    expect(await eventually(read, expected)).toEqual(expected);
    expect((await itemOf(page, second!)).star).toBe(0);
    // The grid shows the new name without a reload.
    await page.getByRole('img', { name: 'new name' }).first().waitFor();

    await reloadApp(page);
    await waitForCount(page, 2);
    await cell(page, order.indexOf(first!)).click();
    await expect.poll(() => inspector(page).getByLabel('Name', { exact: true }).inputValue()).toBe('new name');
    await expect.poll(() => inspector(page).getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => inspector(page).getByRole('button', { name: 'Remove tag sunset' }).count()).toBe(1);
    await expect.poll(() => inspector(page).getByLabel('Annotation').inputValue()).toBe('Dusk / shot from the pier?');
    expect(await read()).toEqual(expected);
    await page.context().close();
  });

  it('shows a rating given in the grid (number key) in the inspector without a reselect', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [id] = await seed(page, [{ name: 'only', color: '#22aa44' }]);
    await waitForCount(page, 1);
    await cell(page, 0).click();
    await expect.poll(() => inspector(page).getByLabel('Name', { exact: true }).inputValue()).toBe('only');
    await page.keyboard.press('3');
    expect(await eventually(async () => (await itemOf(page, id!)).star, 3)).toBe(3);
    await expect.poll(() => inspector(page).getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');
    await page.context().close();
  });

  it('Enter opens the viewer on the selected item, arrows follow the grid order, Esc closes', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 5 }, (_, i) => ({ name: `pic ${i}`, color: ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'][i] })));
    await waitForCount(page, 5);
    const order = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;
    const names = await Promise.all(order.map(async (id) => (await itemOf(page, id)).name));
    await cell(page, 1).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[1]);
    await expect.poll(() => page.locator('item-viewer image-stage img').first().getAttribute('src')).toContain(order[1]!);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[2]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[3]);
    // Two presses faster than an item can load: each steps on from the last.
    await pressInOneTask(page, ['ArrowLeft', 'ArrowLeft']);
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[1]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[3]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewerTitle(page).textContent()).toBe(names[0]);
    await page.keyboard.press('ArrowLeft'); // the first item has no previous one: it stays
    await page.waitForTimeout(200);
    expect(await viewerTitle(page).textContent()).toBe(names[0]);
    // The selection followed the viewer, and the API says so (once the last item/select has landed).
    expect(await eventually(() => selectedIds(page), [order[0]])).toEqual([order[0]]);
    await page.keyboard.press('Escape');
    await page.locator('item-viewer dialog[open]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index)).toBe('0');
    // Esc closed the viewer only: the item stays selected and in the inspector.
    expect(await selectedIds(page)).toEqual([order[0]]);
    await expect.poll(() => inspector(page).getByLabel('Name', { exact: true }).inputValue()).toBe(names[0]);
    await page.context().close();
  });

  it('keyboard only: find by search, open, rate in the inspector with Tab and arrows, close and trash', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, [{ name: 'red kite', color: '#ff0000' }, { name: 'blue whale', color: '#0000ff' }, { name: 'green frog', color: '#00ff00' }]);
    const whale = ids[1]!;
    await waitForCount(page, 3);
    await page.keyboard.press('/');
    await page.keyboard.type('whale');
    await waitForCount(page, 1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe(whale);
    await page.keyboard.press('Enter');
    await expect.poll(() => viewerTitle(page).textContent()).toBe('blue whale');
    await page.keyboard.press('Escape');
    await page.locator('item-viewer dialog[open]').waitFor({ state: 'detached' });
    // Tab from the grid until the rating has the focus, then rate with arrows.
    const visited: string[] = [];
    for (let step = 0; step < 40 && visited.at(-1) !== 'radio Rating'; step++) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => {
        let element = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return `${element?.getAttribute('role') ?? element?.tagName} ${element?.closest('[role=radiogroup]')?.getAttribute('aria-label') ?? element?.id ?? ''}`;
      }));
    }
    expect(visited.at(-1), visited.join(' → ')).toBe('radio Rating');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await eventually(async () => (await itemOf(page, whale)).star, 2)).toBe(2);
    // Back to the grid with Shift+Tab, then Delete trashes the item.
    let onCell = false;
    for (let step = 0; step < 40 && !onCell; step++) {
      await page.keyboard.press('Shift+Tab');
      onCell = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('role') === 'gridcell');
    }
    expect(onCell).toBe(true);
    await page.keyboard.press('Delete');
    await waitForCount(page, 0);
    const trashed = await api<{ data: { id: string; star: number }[] }>(page, '/item/get', { isDeleted: true });
    expect(trashed.data.map((item) => [item.id, item.star])).toEqual([[whale, 2]]);
    await page.context().close();
  });
});
