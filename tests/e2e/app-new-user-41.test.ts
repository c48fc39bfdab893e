// What a new user hit (issue 41, point 12), acted out as a person on the built site and
// checked through the API; screenshots at 1280 and 390 px go to screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, freshApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';

const SHOTS = 'screenshots';
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });
}

/** The visible parts of the status bar whose text is cut short (an ellipsis), by their text. */
function cutParts(bar: Locator): Promise<string[]> {
  return bar.evaluate((footer) => [...footer.querySelectorAll<HTMLElement>('*')]
    .filter((el) => el.offsetParent !== null && el.closest('.status-more[data-open="true"]') === null)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
    .map((el) => el.textContent!.trim()));
}

describe('the web app after a new user tried it (issue 41)', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('12: at 390 px the status bar keeps its first parts whole, and the rest opens behind a labelled button', async () => {
    const page = await freshApp(browser(), siteUrl, PHONE);
    await seed(page, [{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    await waitForCount(page, await api<number>(page, '/item/countAll'));
    const bar = page.locator('footer.status-bar');
    await page.locator('#storage-status').waitFor({ state: 'attached' });
    await shot(page, 'status-bar');
    expect(await cutParts(bar)).toEqual([]);
    expect(await bar.evaluate((footer) => footer.scrollWidth <= footer.clientWidth)).toBe(true);
    await expect(bar.getByText('3 items', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator('#api-status').isVisible()).resolves.toBe(true);
    const offline = page.getByRole('button', { name: 'Make AI search available offline' });
    expect(await offline.isVisible()).toBe(false);

    const more = bar.getByRole('button', { name: 'More status' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await offline.waitFor();
    await page.getByText('Own CLIP model…').waitFor();
    await page.locator('#storage-status').filter({ hasText: / used$/ }).waitFor();
    // Whole, not cut, inside the opened part.
    for (const part of [offline, page.locator('#storage-status')]) {
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'status-bar-more');
    // Escape closes it and gives the focus back to its button.
    await offline.focus();
    await page.keyboard.press('Escape');
    await offline.waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    // From the keyboard too.
    await page.keyboard.press('Enter');
    await offline.waitFor();

    // A wide screen has room for everything: no button, every part in the bar.
    await page.setViewportSize({ width: 1280, height: 800 });
    await offline.waitFor();
    expect(await more.isVisible()).toBe(false);
    expect(await cutParts(bar)).toEqual([]);
    await shot(page, 'status-bar');
    await page.context().close();
  });

});
