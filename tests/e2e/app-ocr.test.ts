// Text in pictures (issue 43 point 2), acted out on the built site: paste a picture of printed
// text and open it (its text shows once found), search a word of it in the search box, open the
// item, read the text in the inspector and copy it; checked through the API and the clipboard. Screenshots at 1280 and 390 px (screenshots/).
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, cell, freshApp, waitForCount } from './app';
import { useBrowser } from './browser';
import { shot } from './screenshot';

const inspector = (page: Page) => page.locator('item-inspector');

/** Draws two lines of text in the page and puts the picture on the clipboard, as "Copy image" elsewhere does. */
async function copyPictureOfText(page: Page, lines: string[]): Promise<void> {
  await page.evaluate(async (lines) => {
    const canvas = new OffscreenCanvas(560, 60 + lines.length * 44);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#111111';
    context.font = '30px sans-serif';
    context.textBaseline = 'top';
    lines.forEach((line, i) => context.fillText(line, 24, 30 + i * 44));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': await canvas.convertToBlob({ type: 'image/png' }) })]);
  }, lines);
}

describe('the web app: text in pictures', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('finds a pasted picture by a word printed in it, and shows and copies its text', async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    await copyPictureOfText(page, ['Lighthouse keeper', 'Logbook entries 1907']);
    await page.keyboard.press('Control+V');
    await waitForCount(page, 1);
    const [id] = (await api<{ ids: string[] }>(page, '/item/ids', {})).ids;

    // Opened at once: OCR runs in the page's media worker, and the text shows up in the open inspector when found.
    await cell(page, 0).click();
    const found = inspector(page).locator('content-text-panel').getByRole('heading', { name: 'Text in the picture' });
    await found.waitFor({ timeout: 120_000 });
    expect((await api<{ text: string } | null>(page, `/item/contentText?id=${id}`))?.text).toMatch(/Logbook/);

    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('nowhere');
    await waitForCount(page, 0);
    await search.fill('lighthouse');
    await waitForCount(page, 1);
    await cell(page, 0).click();
    const panel = inspector(page).locator('content-text-panel');
    await panel.getByRole('heading', { name: 'Text in the picture' }).waitFor({ timeout: 15_000 });
    expect(await panel.locator('pre').textContent()).toMatch(/Lighthouse keeper/);
    await panel.getByRole('button', { name: 'Copy text' }).scrollIntoViewIfNeeded();
    await shot(page, 'ocr-inspector');
    await panel.getByRole('button', { name: 'Copy text' }).click();
    await panel.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const stored = await api<{ text: string }>(page, `/item/contentText?id=${id}`);
    expect(copied).toBe(stored.text);
    expect(copied).toMatch(/Logbook entries/);
    // On a phone the inspector is a drawer, opened from the header.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Show the inspector' }).click();
    await page.locator('#inspector-panel[data-open]').waitFor();
    await panel.getByRole('button', { name: 'Copy text' }).scrollIntoViewIfNeeded();
    await shot(page, 'ocr-inspector');
    await page.context().close();
  }, 180_000);
});
