// A listing bigger than the most ids the grid keeps (docs/decisions/grid-id-windows.md): a person
// scrolls with the wheel, jumps with the End key and with the scrollbar, shift-clicks a range
// across id windows and drags it onto a folder, selects all and tags everything from the bulk
// editor, checked through the API. All the while the page holds at most MAX_WINDOWS windows of ids,
// far fewer than the listing, its selection included: a range or select-all is positions, and the
// bulk actions page through the worker's resolved selection (item/selection).
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { MAX_WINDOWS, WINDOW } from '../../src/app/grid/listing-ids';
import { api, cell, eventually, freshApp, reloadApp, seedAway, waitForCount } from './app';
import { useBrowser } from './browser';

/** Above the most ids the grid may hold (HELD_BOUND, 24,100), so no listing fits in its windows. */
const N = 30_000;
/** The windows' bound plus the first page's ids. */
const HELD_BOUND = MAX_WINDOWS * WINDOW + 100;

const SHOTS = 'test-results/screenshots';

/** The listing's ids the page holds: the grid's windows plus those its selection names (data-ids-held). */
const idsHeld = (page: Page) => page.getByRole('grid').evaluate((grid) => Number((grid as HTMLElement).dataset.idsHeld));
const idAt = async (page: Page, index: number) => (await api<{ ids: string[] }>(page, '/item/ids', { offset: index, limit: 1 })).ids[0];

const folderRow = (page: Page, name: string) => page.locator('li.folder-row', { has: page.locator('.nav-label', { hasText: new RegExp(`^${name}$`) }) });

/** A drag as a hand does it (tests/e2e/app-folder-drag.test.ts): press, move onto the target, rest, release. */
async function dragByHand(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.hover();
  await page.mouse.down();
  await to.hover();
  const box = (await to.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('li.folder-row[data-drop="ok"]').waitFor();
  await page.mouse.up();
}

/** The index of the first cell whose row is fully in view, once the grid has drawn the rows there. */
async function firstVisibleIndex(page: Page): Promise<number> {
  const read = () => page.getByRole('grid').evaluate(async (grid) => {
    // Two frames: the virtualizer draws the rows of a new scroll position on the next render.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    const box = grid.getBoundingClientRect();
    const cells = [...grid.querySelectorAll<HTMLElement>('[role=gridcell]')].filter((cell) => {
      const top = cell.getBoundingClientRect().top;
      return top >= box.top && top < box.bottom;
    });
    return Math.min(...cells.map((cell) => Number(cell.dataset.index)));
  });
  await expect.poll(read, { timeout: 20_000 }).toBeLessThan(Infinity);
  return read();
}

describe('the web app: a big listing in id windows', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  let page: Page;
  let folder: { id: string };

  beforeAll(async () => {
    page = await freshApp(browser(), siteUrl);
    await seedAway(page, siteUrl, Array.from({ length: N }, (_, i) => ({ name: `w${i}` })));
    folder = await api<{ id: string }>(page, '/folder/create', { name: 'Ranged' });
  }, 600_000);

  it('scrolls, jumps to the end and through the scrollbar, drags a range across windows to a folder, selects all and tags all', async () => {
    await reloadApp(page);
    await waitForCount(page, N);
    const grid = page.getByRole('grid');
    // The first screen needs no window of ids: only the first page's.
    expect(await idsHeld(page)).toBeLessThanOrEqual(100);

    // The wheel: a few screens down, the cells there show their items.
    await cell(page, 0).click();
    for (let step = 0; step < 6; step++) await page.mouse.wheel(0, 1500);
    const scrolled = await firstVisibleIndex(page);
    expect(scrolled).toBeGreaterThan(0);
    await expect.poll(() => cell(page, scrolled).getAttribute('data-id'), { timeout: 20_000 }).toBe(await idAt(page, scrolled));

    // End: the last item is focused and selected.
    await cell(page, scrolled).click();
    await page.keyboard.press('End');
    await cell(page, N - 1).locator('.cell-name', { hasText: /^w\d+$/ }).waitFor({ timeout: 30_000 });
    expect(await cell(page, N - 1).getAttribute('data-id')).toBe(await idAt(page, N - 1));
    await page.locator('.status-selected', { hasText: '1 selected' }).waitFor();

    // The scrollbar dragged to the middle of the track. Headless Chromium's scrollbars are overlays
    // with no width to grab, so the drag is its outcome: the scroll box moved.
    await grid.evaluate((el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
    const middle = await firstVisibleIndex(page);
    expect(middle).toBeGreaterThan(N * 0.3);
    expect(middle).toBeLessThan(N * 0.7);
    await expect.poll(() => cell(page, middle).getAttribute('data-id'), { timeout: 20_000 }).toBe(await idAt(page, middle));
    if (process.env.GRID_SHOTS) await page.screenshot({ path: `${process.env.GRID_SHOTS}/grid-jump-1280.png` });

    // A range from here to three windows further on, shift-clicked.
    await cell(page, middle).click();
    await grid.evaluate((el, rows) => (el.scrollTop += rows * (el.querySelector('[role=row]') as HTMLElement).getBoundingClientRect().height), Math.ceil((3 * WINDOW) / Number(await grid.getAttribute('aria-colcount'))));
    const further = await firstVisibleIndex(page);
    expect(Math.floor(further / WINDOW) - Math.floor(middle / WINDOW)).toBeGreaterThanOrEqual(3);
    await cell(page, further).locator('.cell-name', { hasText: 'w' }).waitFor({ timeout: 30_000 });
    await cell(page, further).click({ modifiers: ['Shift'] });
    const size = further - middle + 1;
    await page.locator('.status-selected', { hasText: `${size.toLocaleString('en')} selected` }).waitFor({ timeout: 30_000 });
    const expected = (await api<{ ids: string[] }>(page, '/item/ids', { offset: middle, limit: size })).ids;
    const mirrored = async () => (await api<{ ids: string[] }>(page, '/item/ids', { isSelected: true })).ids.sort();
    expect(await eventually(mirrored, [...expected].sort(), 30_000)).toEqual([...expected].sort());
    expect(await idsHeld(page)).toBeLessThanOrEqual(HELD_BOUND);

    // The range dragged onto a folder: every item of it lands there, read from the worker's selection.
    await dragByHand(page, cell(page, further), folderRow(page, 'Ranged'));
    await page.locator('.toast', { hasText: `Added ${size.toLocaleString('en')} items to “Ranged”` }).waitFor({ timeout: 120_000 });
    const inFolder = await api<{ ids: string[]; total: number }>(page, '/item/ids', { folders: [folder.id] });
    expect(inFolder.total).toBe(size);
    expect(inFolder.ids.sort()).toEqual([...expected].sort());

    // Select all, then one tag for everything from the bulk editor.
    await page.keyboard.press('Control+a');
    await page.locator('.status-selected', { hasText: `${N.toLocaleString('en')} selected` }).waitFor({ timeout: 60_000 });
    const panel = page.locator('#inspector-panel');
    await panel.getByRole('heading', { name: `${N.toLocaleString('en')} items selected` }).waitFor({ timeout: 60_000 });
    // Every cell shows selected, though the page holds no list of them.
    await expect.poll(() => page.locator('[role=gridcell][aria-selected="false"]').count()).toBe(0);
    const heldAll = await idsHeld(page);
    console.log(`ids held after select-all of ${N}: ${heldAll}`);
    expect(heldAll).toBeLessThanOrEqual(HELD_BOUND);
    expect(await eventually(() => api<{ total: number }>(page, '/item/selection', { limit: 1 }).then((answer) => answer.total), N, 30_000)).toBe(N);
    // The editor reads the whole selection first, with progress; a person waits for it to finish.
    await panel.getByRole('progressbar', { name: 'Reading the selection' }).waitFor({ state: 'detached', timeout: 240_000 });
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/selection-all-1280.png` });
    await panel.getByRole('combobox', { name: 'Add a tag' }).fill('windowed');
    await page.keyboard.press('Enter');
    const tagged = () => api<{ total: number }>(page, '/item/get', { tags: ['windowed'], limit: 1 }).then((answer) => answer.total);
    expect(await eventually(tagged, N, 300_000)).toBe(N);
    await panel.getByText(`Adding tag “windowed”: done for ${N.toLocaleString('en')} items`).waitFor({ timeout: 120_000 });

    // However far the person went, the grid kept a bounded number of ids.
    const held = await idsHeld(page);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(HELD_BOUND);
    expect(held).toBeLessThan(N / 1.5);
  }, 900_000);

  it('after a jump on a phone-sized screen, the cells there show their items', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await reloadApp(page);
    await waitForCount(page, N);
    const grid = page.getByRole('grid');
    await grid.evaluate((el) => (el.scrollTop = el.scrollHeight * 0.62));
    const there = await firstVisibleIndex(page);
    await expect.poll(() => cell(page, there).getAttribute('data-id'), { timeout: 20_000 }).toBe(await idAt(page, there));
    await cell(page, there).locator('.cell-name', { hasText: 'w' }).waitFor({ timeout: 30_000 });
    if (process.env.GRID_SHOTS) await page.screenshot({ path: `${process.env.GRID_SHOTS}/grid-jump-390.png` });
    expect(await idsHeld(page)).toBeLessThanOrEqual(HELD_BOUND);
    // Select all on a phone: the status says how many, and the page still holds a bounded number of ids.
    await cell(page, there).click();
    await page.keyboard.press('Control+a');
    await page.locator('.status-selected', { hasText: `${N.toLocaleString('en')} selected` }).waitFor({ timeout: 60_000 });
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/selection-all-390.png` });
    expect(await idsHeld(page)).toBeLessThanOrEqual(HELD_BOUND);
    await page.context().close();
  }, 120_000);
});
