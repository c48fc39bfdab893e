// What the viewer offers to change: in a published (read-only) library, no comment tools.
import { describe, expect, inject, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from '../node/fixtures/published-sites';
import { tempDir } from '../node/fixtures/temp-dirs';
import { cell, waitForCount } from './app';
import { openApp, useBrowser } from './browser';

const serve = serveForEachTest();

describe('the web app: the viewer and writes', () => {
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
});
