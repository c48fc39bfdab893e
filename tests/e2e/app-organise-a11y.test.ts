// The import panel, smart-folder editor and tag manager open in the app at 1280 and 390 px: no
// serious axe violation, no sideways scroll; screenshots go to test-results/screenshots/.
import { describe, inject, it } from 'vitest';
import { freshApp, reloadApp, seed, waitForCount } from './app';
import { check } from './a11y-check';
import { useBrowser } from './browser';

describe('the web app: import, smart folders and tags on large and small screens', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  for (const width of [1280, 390]) {
    it(`shows the import panel, smart-folder editor and tag manager usably at ${width} px`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: width > 500 ? 800 : 844 });
      await seed(page, Array.from({ length: 6 }, (_, i) => ({ name: `photo ${i}`, color: ['#e4572e', '#29335c', '#2a9d8f'][i % 3], size: [400, 300] as [number, number], tags: i % 2 ? ['travel', 'sea'] : ['texture'] })));
      await reloadApp(page);
      await waitForCount(page, 6);

      const transfer = await page.evaluateHandle(async () => {
        const transfer = new DataTransfer();
        for (let i = 0; i < 3; i++) {
          const canvas = new OffscreenCanvas(300, 200);
          const context = canvas.getContext('2d')!;
          context.fillStyle = `hsl(${i * 90} 60% 50%)`;
          context.fillRect(0, 0, 300, 200);
          transfer.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], `dropped ${i}.png`, { type: 'image/png' }));
        }
        return transfer;
      });
      await page.locator('main.content').dispatchEvent('drop', { dataTransfer: transfer });
      await page.locator('import-progress .summary[data-done="3"]').waitFor();
      await waitForCount(page, 9);
      await check(page, 'import-panel', width);
      // A clean finish closes the panel by itself (issue 24, point 17).
      await page.locator('import-dock[open]').waitFor({ state: 'detached', timeout: 15_000 });

      const openSidebar = async () => {
        if (width > 500 || (await page.locator('#sidebar[data-open]').count())) return;
        await page.getByRole('button', { name: 'Show the sidebar' }).click();
        await page.locator('#sidebar[data-open]').waitFor();
      };
      await openSidebar();
      await page.getByRole('button', { name: 'New smart folder' }).click();
      await page.locator('#smart-folder-dialog smart-folder-editor select[aria-label^="Property"]').first().waitFor();
      await check(page, 'smart-folder-dialog', width);
      await page.getByRole('button', { name: 'Close the smart folder editor' }).click();

      await openSidebar();
      await page.getByRole('button', { name: 'Manage tags' }).click();
      await page.locator('#tag-manager-dialog tag-manager').getByRole('button', { name: 'Rename travel' }).waitFor();
      await check(page, 'tag-manager-dialog', width);
      await page.context().close();
    }, 90_000);
  }
});
