// The library menu as a person uses it (issue 24, point 12): add an Eagle zip into the open library
// instead of a new one, rename the open library, and delete one after saying yes to the question.
// Each step is checked through the API; screenshots at 1280 and 390 px go to screenshots/.
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { buildEagleLibrary, zipOf } from '../node/fixtures/eagle-library';
import { api, eventually, freshApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';
import { shot } from './screenshot';

interface Entry { name: string; path: string }

const openMenu = (page: Page) => page.getByRole('button', { name: /^Library: / }).click();
const history = async (page: Page) => (await api<{ data: Entry[] }>(page, '/library/history')).data;

describe('the web app: the library menu manages libraries', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('adds a picked Eagle zip into the open library, which keeps its name and items', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, [{ name: 'mine one' }, { name: 'mine two' }]);
    const before = await api<Entry>(page, '/library/info');
    const fixture = buildEagleLibrary({ name: 'Trip', items: 6, plain: true });
    const zip = Buffer.from(await (await zipOf(fixture)).arrayBuffer());
    await openMenu(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add an Eagle zip to this library…' }).click();
    await (await chooser).setFiles({ name: 'Trip.library.zip', mimeType: 'application/zip', buffer: zip });

    const dialog = page.getByRole('dialog', { name: `Added Trip.library to "${before.name}"` });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await api<Entry>(page, '/library/info')).toMatchObject({ name: before.name, path: before.path });
    expect((await history(page)).map((entry) => entry.path)).toEqual([before.path]);
    expect(await api<number>(page, '/item/countAll')).toBe(2 + fixture.records.size);
    await waitForCount(page, 2 + fixture.records.size);
    await page.context().close();
  });

  for (const width of [1280, 390]) {
    it(`renames the open library and deletes another after asking (${width} px)`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: 800 });
      const first = await api<Entry>(page, '/library/info');
      const other = await api<Entry>(page, '/library/create', { name: 'Scratch' });
      await api(page, '/library/switch', { libraryPath: other.path });
      await page.locator('#library-name', { hasText: 'Scratch' }).waitFor({ state: 'attached' }); // hidden at 390 px (another change shows it)

      await openMenu(page);
      await page.getByRole('button', { name: 'Rename…' }).click();
      const field = page.getByRole('textbox', { name: 'Rename “Scratch”' });
      await field.fill('Scratch pad');
      await shot(page, 'library-rename');
      await field.press('Enter');
      await page.locator('#library-name', { hasText: 'Scratch pad' }).waitFor({ state: 'attached' }); // hidden at 390 px (another change shows it)
      expect(await api<Entry>(page, '/library/info')).toEqual(expect.objectContaining({ name: 'Scratch pad', path: other.path }));

      // A delete asks first; Cancel keeps everything.
      await page.getByRole('button', { name: 'Delete…' }).click();
      const question = page.getByRole('group', { name: /^Delete “Scratch pad” and every item/ });
      await question.waitFor();
      await shot(page, 'library-delete-question');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'hidden' });
      expect((await history(page)).map((entry) => entry.name)).toEqual(['Scratch pad', first.name]);

      await page.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('button', { name: 'Delete library' }).click();
      await page.locator('#library-name', { hasText: first.name }).waitFor({ state: 'attached' }); // hidden at 390 px (another change shows it)
      expect(await eventually(async () => (await history(page)).map((entry) => entry.path), [first.path])).toEqual([first.path]);
      expect((await api<Entry>(page, '/library/info')).path).toBe(first.path);
      // The last library cannot be deleted: the button says so instead of failing.
      await expect(page.getByRole('button', { name: 'Delete…' }).isDisabled()).resolves.toBe(true);
      await page.context().close();
    });
  }
});
