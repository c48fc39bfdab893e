// The grid: size slider and sort (remembered), every sort as the API orders it, thumbnails swapped in when ready.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, seed, waitForCount } from './app';
import { useBrowser } from './browser';

const SORTS = ['IMPORT', 'MTIME', 'NAME', 'EXT', 'FILESIZE', 'RESOLUTION', 'RATING'];

describe('the web app: grid', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('changes the column count with the size slider, and keeps size and sort across a reload', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 30 }, (_, i) => ({ name: `n${String((i * 7) % 30).padStart(2, '0')}` })));
    const grid = page.getByRole('grid', { name: 'Items' });
    await waitForCount(page, 30);
    const before = Number(await grid.getAttribute('aria-colcount'));
    await page.getByLabel('Thumbnail size').fill('0');
    await eventually(async () => Number(await grid.getAttribute('aria-colcount')) > before, true);
    const small = Number(await grid.getAttribute('aria-colcount'));
    expect(small).toBeGreaterThan(before);
    // Name starts A→Z (issue 24, point 13).
    await page.getByLabel('Sort by').selectOption('NAME');
    const byName = (await api<{ ids: string[] }>(page, '/item/ids', { orderBy: 'NAME' })).ids;
    expect(await eventually(() => gridIds(page), byName)).toEqual(byName);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('NAME');
    await page.goto(siteUrl);
    await page.locator('#api-status[data-state="ready"]').waitFor();
    await waitForCount(page, 30);
    expect(Number(await grid.getAttribute('aria-colcount'))).toBe(small);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('NAME');
    expect(await eventually(() => gridIds(page), byName)).toEqual(byName);
    await page.context().close();
  });

  it('shows every sort, both ways, in the order the API answers', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 12 }, (_, i) => ({ name: `s${(i * 5) % 12}`, star: i % 4, color: i % 2 ? '#112233' : undefined })));
    await waitForCount(page, 12);
    await page.getByLabel('Thumbnail size').fill('0');
    for (const field of SORTS) {
      await page.getByLabel('Sort by').selectOption(field);
      for (const descending of [true, false]) {
        const direction = page.getByRole('button', { name: /switch to (ascending|descending)$/ });
        const isDescending = (await direction.getAttribute('aria-label'))!.startsWith('Descending');
        if (isDescending !== descending) await direction.click();
        const expected = (await api<{ ids: string[] }>(page, '/item/ids', { orderBy: `${descending ? '-' : ''}${field}` })).ids;
        expect(await eventually(() => gridIds(page), expected), `${field} ${descending ? 'descending' : 'ascending'}`).toEqual(expected);
      }
    }
    await page.context().close();
  });

  it('shows a placeholder while a thumbnail is made, and swaps the thumbnail in without a reload', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, Array.from({ length: 40 }, (_, i) => ({ name: `img ${i}`, color: '#3366cc', size: [2000, 1500] as [number, number] })));
    await page.locator('.nav-link[data-view="untagged"]').click();
    const newest = ids.at(-1)!;
    const first = page.locator(`[role=gridcell][data-id="${newest}"]`);
    await first.waitFor();
    const ready = async () => (await api<{ data: { thumbnailReady: boolean }[] }>(page, '/item/get', { id: newest })).data[0]!.thumbnailReady;
    // The newest item's thumbnail is made last, so it is still pending right after the import.
    expect(await ready()).toBe(false);
    expect(await first.locator('.thumb-pending').count()).toBe(1);
    await first.getByRole('img', { name: 'img 39' }).and(page.locator('img')).waitFor({ timeout: 30_000 });
    expect(await ready()).toBe(true);
    expect(await first.locator('img').getAttribute('src')).toContain(newest);
    await page.context().close();
  });
});
