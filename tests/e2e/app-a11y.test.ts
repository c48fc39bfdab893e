// Accessibility (axe-core finds no serious or critical violation) and small screens, on the main
// views at 1280 and 390 px; each view is also written as a screenshot to test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright';
import { api, eventually, freshApp, seed, waitForCount } from './app';
import { check } from './a11y-check';
import { appReady, useBrowser } from './browser';

const COLOURS = ['#e4572e', '#29335c', '#f3a712', '#a8c686', '#669bbc', '#8e5572', '#2a9d8f', '#e9c46a', '#264653', '#f4a261'];

async function library(page: Page): Promise<void> {
  const trips = await api<{ id: string }>(page, '/folder/create', { name: 'Trips' });
  await api(page, '/folder/create', { name: 'Japan 2025', parent: trips.id });
  await api(page, '/folder/create', { name: 'Moodboards' });
  await api(page, '/smartFolder/create', { name: 'Five stars', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'rating', method: 'equal', value: 5 }] }] });
  const names = ['harbour at dusk', 'red lantern', 'mountain lake', 'city lights', 'forest path', 'old door', 'market stall', 'river bend', 'night train', 'tea house'];
  await seed(page, Array.from({ length: 40 }, (_, i) => ({
    name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
    color: COLOURS[i % COLOURS.length],
    size: i % 3 ? [400, 300] : [300, 400],
    tags: i % 2 ? ['travel', 'colour'] : ['texture'],
    folders: i % 4 === 0 ? [trips.id] : [],
    star: i % 6,
  })));
  await eventually(async () => (await api<{ total: number }>(page, '/item/get', { limit: 1 })).total, 40);
  // Wait for the thumbnails, so the pictures show what a person sees.
  await eventually(async () => (await api<{ data: { thumbnailReady: boolean }[] }>(page, '/item/get', { limit: 100 })).data.every((item) => item.thumbnailReady), true, 60_000);
}

const WIDTHS = [1280, 1024, 390];
/**
 * 1024 px shows the same views as 1280 px, narrower: its layout is checked in every state, axe (about
 * 3 s a run under load) on its grid only; the other states' markup is axe-checked at 1280 and 390.
 */
const axeAt = (width: number, name: string) => width !== 1024 || name === 'grid';

describe('the web app: accessibility and small screens', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();
  /**
   * One origin for the file: the first run is checked at every width while the library is empty,
   * then one library serves every width (building it, thumbnails included, took about 20 s a width).
   */
  let context: BrowserContext;
  beforeAll(async () => {
    context = (await freshApp(browser(), siteUrl)).context();
  }, 60_000);
  afterAll(() => context?.close());

  /** A new tab of that width, loaded at it as a phone or a desktop would. */
  async function openAt(width: number): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.goto(`${siteUrl}/`);
    await appReady(page);
    return page;
  }

  it(`shows the first run with no serious axe violation and no sideways scroll at ${WIDTHS.join(', ')} px`, async () => {
    for (const width of WIDTHS) {
      const page = await openAt(width);
      await check(page, 'first-run', width);
      await page.close();
    }
  }, 60_000);

  describe('with a library', () => {
    beforeAll(async () => {
      const page = await openAt(WIDTHS[0]!);
      await library(page);
      await page.close();
    }, 120_000);

    for (const width of WIDTHS) {
      it(`has no serious axe violation and no sideways scroll at ${width} px${width === 1024 ? ' (axe on the grid)' : ''}`, async () => {
        const page = await openAt(width);
        const look = (name: string) => check(page, name, width, { axe: axeAt(width, name) });
        await waitForCount(page, 40);
        await page.locator('[role=gridcell] img').first().waitFor();
        await page.locator('[role=gridcell]').nth(1).click();
        await page.locator('[role=gridcell]').nth(3).click({ modifiers: ['Shift'] });
        await look('grid');

        await page.getByRole('searchbox', { name: 'Search items' }).fill('lantern');
        await page.getByRole('button', { name: 'Add filter' }).click();
        await look('filter-menu');
        await page.locator('#filter-menu').getByLabel('Tag', { exact: false }).fill('travel');
        await page.getByRole('button', { name: 'Apply' }).click();
        await waitForCount(page, 4);
        await look('search');

        await page.keyboard.press('Escape');
        await page.locator('body').press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await look('shortcuts');
        await page.keyboard.press('Escape');

        if (width < 500) {
          await page.getByRole('button', { name: 'Show the sidebar' }).click();
          await page.locator('#sidebar[data-open]').waitFor();
          await look('sidebar-drawer');
          await page.locator('.nav-link[data-view="trash"]').click();
          await page.locator('#sidebar[data-open]').waitFor({ state: 'detached' });
        } else {
          await page.locator('.nav-link[data-view="trash"]').click();
        }
        await waitForCount(page, 0);
        await look('trash');
        await page.close();
      }, 120_000);
    }
  });
});
