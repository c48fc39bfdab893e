// What the viewer offers to change, and what it says when a change is refused: in a published
// (read-only) library it offers no comment tools; in the visitor's own library a comment the API
// refuses is told inside the viewer (the page's toasts sit behind its modal dialog) and stays in the box.
import type { Browser, Locator, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from '../node/fixtures/published-sites';
import { tempDir } from '../node/fixtures/temp-dirs';
import { api, cell, freshApp, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';

const serve = serveForEachTest();

/** A fresh app with one picture, opened in the viewer as a person does (click, Enter). */
async function viewerOn(browser: Browser, siteUrl: string, picture: { name: string; color: string; size?: [number, number] }) {
  const page = await freshApp(browser, siteUrl);
  const [id] = await seed(page, [picture]);
  await waitForCount(page, 1);
  await cell(page, 0).click();
  await cell(page, 0).press('Enter');
  const viewer = page.getByRole('dialog', { name: `Viewer: ${picture.name}` });
  await viewer.getByRole('button', { name: 'Fit' }).waitFor();
  return { page, id: id!, viewer };
}

/** Another tab of the site runs `work` against the API, then closes. */
async function inAnotherTab(page: Page, siteUrl: string, work: (other: Page) => Promise<unknown>): Promise<void> {
  const other = await page.context().newPage();
  await other.goto(`${siteUrl}/api/v2/app/info`);
  await work(other);
  await other.close();
}

/** Another tab deletes the item for good; the viewer hears of it and says so, keeping the item in view. */
async function removedElsewhere(page: Page, siteUrl: string, viewer: Locator, id: string): Promise<void> {
  await inAnotherTab(page, siteUrl, async (other) => {
    await api(other, '/item/update', { id, isDeleted: true });
    await api(other, '/item/remove', { ids: [id] });
  });
  await viewer.getByRole('alert').filter({ hasText: 'This item was removed elsewhere' }).waitFor({ timeout: 15_000 });
}

describe('the web app: the viewer and writes', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('offers no comment tools for an item of a published library', async () => {
    const fixture = buildEagleLibrary({ name: 'Field notes', items: 3, plain: true });
    const out = await tempDir('published-viewer-');
    await publishCommand([await writeLibrary(fixture.files, fixture.name), '--out', out], quietProgress);
    const site = await serve({ '/': inject('siteDir'), '/published/notes/': out });
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await openApp(context, site.url);
      await page.getByRole('button', { name: /^Library: / }).click();
      await page.getByLabel('Open from a web address…').fill(`${site.url}/published/notes/`);
      await page.getByLabel('Open from a web address…').press('Enter');
      await page.locator('.read-only-badge').waitFor({ timeout: 30_000 });
      await waitForCount(page, 3);

      await cell(page, 0).click();
      await cell(page, 0).press('Enter');
      const viewer = page.getByRole('dialog', { name: /^Viewer: / });
      // The image's toolbar and the comments panel are drawn: what they leave out is left out.
      await viewer.getByRole('button', { name: 'Fit' }).waitFor();
      await viewer.getByRole('complementary', { name: 'Comments' }).getByText('No comments yet.').waitFor();
      expect(await viewer.getByRole('button', { name: 'Draw comment' }).count()).toBe(0);
      expect(await viewer.getByRole('button', { name: 'Add comment' }).count()).toBe(0);
      expect(await viewer.getByLabel(/Add a comment/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('says inside the viewer why a comment was refused, and keeps its text', async () => {
    const { page, id, viewer } = await viewerOn(browser(), siteUrl, { name: 'pier', color: '#3366cc' });
    // A comment stored empties the box.
    const box = viewer.getByLabel(/Add a comment/);
    await box.fill('First light');
    await viewer.getByRole('button', { name: 'Add comment' }).click();
    await viewer.getByRole('complementary', { name: 'Comments' }).getByText('First light').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // Another client deletes the item for good while it is open here: the API refuses the comment.
    await removedElsewhere(page, siteUrl, viewer, id);

    await box.fill('Dusk over the pier');
    await viewer.getByRole('button', { name: 'Add comment' }).click();
    await viewer.getByRole('alert').filter({ hasText: `no item with id "${id}"` }).waitFor();
    expect(await box.inputValue()).toBe('Dusk over the pier');
    await page.context().close();
  });

  it('shows what another tab changes on the item it shows, keeping the text being written', async () => {
    const { page, id, viewer } = await viewerOn(browser(), siteUrl, { name: 'jetty', color: '#2277aa', size: [400, 300] });
    const box = viewer.getByLabel(/Add a comment/);
    await box.fill('Half-written');

    await inAnotherTab(page, siteUrl, async (other) => {
      await api(other, '/item/addComment', { id, annotation: 'Written in the other tab', x: 10, y: 10, width: 50, height: 40 });
      await api(other, '/item/update', { id, name: 'jetty at dawn' });
    });

    await page.getByRole('dialog', { name: 'Viewer: jetty at dawn' }).waitFor({ timeout: 15_000 });
    await viewer.getByRole('complementary', { name: 'Comments' }).getByText('Written in the other tab').waitFor();
    expect(await box.inputValue()).toBe('Half-written');
    await page.context().close();
  });

  it('keeps the text of a comment on a drawn area that the API refused, in the area’s box', async () => {
    const { page, id, viewer } = await viewerOn(browser(), siteUrl, { name: 'harbour', color: '#cc6633', size: [400, 300] });
    await removedElsewhere(page, siteUrl, viewer, id);

    // Draw an area with the mouse, as a person does, and write about it.
    await viewer.getByRole('button', { name: 'Draw comment' }).click();
    const surface = (await viewer.locator('image-stage .surface').boundingBox())!;
    const at = (fx: number, fy: number) => [surface.x + surface.width * fx, surface.y + surface.height * fy] as const;
    await page.mouse.move(...at(0.4, 0.4));
    await page.mouse.down();
    await page.mouse.move(...at(0.5, 0.5), { steps: 4 });
    await page.mouse.move(...at(0.6, 0.6), { steps: 4 });
    await page.mouse.up();
    const card = viewer.locator('comment-card');
    await card.getByLabel(/New comment/).fill('The crane on the left');
    await card.getByRole('button', { name: 'Add comment' }).click();
    await viewer.getByRole('alert').filter({ hasText: `no item with id "${id}"` }).waitFor();
    // The box is back, over its area, with the text typed.
    await expect.poll(() => card.getByLabel(/New comment/).inputValue()).toBe('The crane on the left');
    await page.context().close();
  });
});
