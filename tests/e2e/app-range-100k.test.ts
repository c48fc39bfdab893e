// The range selection that peers got wrong: on a 100,000-item library, shift-click item 10 then item
// 90,000 selects exactly 89,991 items, in display order, through pages the grid never loaded.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { api, cell, eventually, freshApp, reloadApp, seedAway, waitForCount } from './app';
import { useBrowser } from './browser';

const N = 100_000;

describe('the web app: a range over 100,000 items', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await freshApp(browser(), siteUrl);
    await seedAway(page, siteUrl, Array.from({ length: N }, (_, i) => ({ name: `b${i}` })));
  }, 600_000);

  it('shift-click from item 10 to item 90,000 selects exactly 89,991, mirrored to item/select', async () => {
    await reloadApp(page);
    await waitForCount(page, N);
    await cell(page, 10).click();
    // Scroll as a person would drag the scrollbar: straight to the row of item 90,000.
    await page.getByRole('grid').evaluate((grid, index) => {
      const columns = Number(grid.getAttribute('aria-colcount'));
      const rowHeight = (grid.querySelector('[role=row]') as HTMLElement).getBoundingClientRect().height;
      grid.scrollTop = Math.floor(index / columns) * rowHeight;
    }, 90_000);
    await cell(page, 90_000).locator('[alt], [role=img]').first().waitFor();
    await cell(page, 90_000).click({ modifiers: ['Shift'] });
    await page.locator('.status-selected', { hasText: '89,991 selected' }).waitFor({ timeout: 30_000 });
    const count = await eventually(async () => (await api<{ total: number }>(page, '/item/ids', { isSelected: true, limit: 1 })).total, 89_991, 30_000);
    expect(count).toBe(89_991);
    const inOrder = await api<{ ids: string[] }>(page, '/item/ids', { offset: 10, limit: 89_991 });
    const selected = await api<{ ids: string[] }>(page, '/item/ids', { isSelected: true });
    expect(new Set(selected.ids)).toEqual(new Set(inOrder.ids));
    await page.context().close();
  }, 120_000);
});
