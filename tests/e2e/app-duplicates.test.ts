// The Duplicates view as a person uses it: opened from the sidebar (or Shift+D), each group side by
// side; keeping one merges the others' tags and folders into it and moves them to the trash, and
// the toast's Undo puts everything back. Checked through the API; screenshots at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, seed } from './app';
import { seriousViolations } from './a11y-check';
import { useBrowser } from './browser';

interface Listed { id: string; name: string; tags: string[]; folders: string[]; isDeleted: boolean }

const itemsById = async (page: Page, ids: string[]) =>
  new Map((await api<{ data: Listed[] }>(page, '/item/get', { ids, isDeleted: undefined, limit: 100 })).data.map((item) => [item.id, item]));
const trashIds = async (page: Page) => (await api<{ data: { id: string }[] }>(page, '/item/get', { isDeleted: true, limit: 100 })).data.map((item) => item.id).sort();
const groupCount = async (page: Page) => (await api<{ total: number }>(page, '/item/duplicates', {})).total;

/** Three copies of one picture (same bytes) in different folders with different tags, a look-alike pair, and one other. */
async function library(page: Page) {
  const trips = (await api<{ id: string }>(page, '/folder/create', { name: 'Trips' })).id;
  const best = (await api<{ id: string }>(page, '/folder/create', { name: 'Best' })).id;
  const ids = await seed(page, [
    { name: 'beach', color: '#2a7fd4', size: [64, 48], tags: ['sea'], folders: [trips] },
    { name: 'beach copy', color: '#2a7fd4', size: [64, 48], tags: ['holiday'], folders: [best] },
    { name: 'beach again', color: '#2a7fd4', size: [64, 48], tags: ['summer'] },
    { name: 'sunset', color: '#e07020', size: [120, 90] },
    { name: 'sunset small', color: '#e07020', size: [60, 45] },
    { name: 'forest', color: '#1d6b2a', size: [64, 48] },
  ]);
  // The look-alike pair needs its pictures described (the page's media worker does it).
  expect(await eventually(() => groupCount(page), 2, 60_000)).toBe(2);
  return { ids, trips, best };
}

describe('the web app: Duplicates', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('keeps the chosen copy with every tag and folder, trashes the others, and Undo restores them', async () => {
    const page = await freshApp(browser(), siteUrl);
    const { ids, trips, best } = await library(page);
    const [beach, copy, again] = ids as [string, string, string];

    await page.getByRole('button', { name: 'Duplicates' }).click();
    const review = page.locator('#duplicates-dialog duplicate-review');
    await review.getByRole('heading', { name: '3 identical files' }).waitFor();
    await review.getByRole('heading', { name: '2 pictures that look the same' }).waitFor();
    await expect.poll(() => review.locator('img').count()).toBe(5);
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/duplicates-1280.png' });
    expect(await seriousViolations(page, '#duplicates-dialog')).toEqual([]);

    // Keep the copy in "Best" (not the one picked first), by its label; first, pick the smaller sunset in the other group.
    const lookAlike = review.locator('section', { has: page.getByRole('heading', { name: '2 pictures that look the same' }) });
    await lookAlike.getByRole('radio', { name: 'Keep sunset small' }).check();
    const group = review.locator('section', { has: page.getByRole('heading', { name: '3 identical files' }) });
    await group.getByRole('radio', { name: 'Keep beach copy' }).check();
    await group.getByRole('button', { name: 'Keep the chosen one, move 2 others to the trash' }).click();
    await review.getByRole('heading', { name: '3 identical files' }).waitFor({ state: 'detached' });
    // The other group moved up, and the person's pick there stays.
    expect(await lookAlike.getByRole('radio', { name: 'Keep sunset small' }).isChecked()).toBe(true);

    expect(await trashIds(page)).toEqual([beach, again].sort());
    const kept = (await itemsById(page, [copy])).get(copy)!;
    expect([...kept.tags].sort()).toEqual(['holiday', 'sea', 'summer']);
    expect([...kept.folders].sort()).toEqual([trips, best].sort());
    expect(await groupCount(page)).toBe(1);
    await page.screenshot({ path: 'screenshots/duplicates-merged-1280.png' });

    // The shell's toast offers Undo too, but under the open dialog the view's own Undo is the one to use.
    await review.getByRole('status').filter({ hasText: 'Kept "beach copy"; 2 others moved to the trash.' }).getByRole('button', { name: 'Undo' }).click();
    expect(await eventually(() => trashIds(page), [], 10_000)).toEqual([]);
    const restored = await itemsById(page, [beach, copy, again]);
    expect(restored.get(copy)).toMatchObject({ tags: ['holiday'], folders: [best], isDeleted: false });
    expect(restored.get(beach)).toMatchObject({ tags: ['sea'], folders: [trips], isDeleted: false });
    await review.getByRole('heading', { name: '3 identical files' }).waitFor();
    expect(await groupCount(page)).toBe(2);
    await page.context().close();
  }, 120_000);

  it('opens with Shift+D on a phone and merges with the keyboard alone', async () => {
    const page = await freshApp(browser(), siteUrl, { width: 390, height: 800 });
    const { ids } = await library(page);
    const [sunset, small] = [ids[3]!, ids[4]!];
    await page.keyboard.press('Shift+D');
    const review = page.locator('#duplicates-dialog duplicate-review');
    const group = review.locator('section', { has: page.getByRole('heading', { name: '2 pictures that look the same' }) });
    await group.waitFor();
    await expect.poll(() => review.locator('img').count()).toBe(5);
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/duplicates-390.png' });
    expect(await seriousViolations(page, '#duplicates-dialog')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // Folders by name, read by the view itself (a phone's drawer may not have loaded the tree).
    await review.getByText('In Trips').waitFor();
    await review.getByText('In Best').waitFor();

    // The larger picture is picked first; the arrow keys pick the small one, Tab reaches the button.
    const large = group.getByRole('radio', { name: 'Keep sunset', exact: true });
    expect(await large.isChecked()).toBe(true);
    await large.focus();
    await page.keyboard.press('ArrowRight');
    expect(await group.getByRole('radio', { name: 'Keep sunset small' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await eventually(() => trashIds(page), [sunset], 10_000)).toEqual([sunset]);
    expect((await itemsById(page, [small])).get(small)!.isDeleted).toBe(false);
    await page.context().close();
  }, 120_000);
});
