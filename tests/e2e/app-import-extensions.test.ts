// Import in the app keeps a file's extension, whatever it is (issue 41, point 7): a person picks
// `setup.exe` and `mystery.xyz` with "Add files…"; the API lists them as "setup" + exe and
// "mystery" + xyz, not as extension-less items.
import { describe, expect, inject, it } from 'vitest';
import { api, freshApp, waitForCount } from './app';
import { useBrowser } from './browser';

describe('the web app: import keeps unknown extensions', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('picks setup.exe and mystery.xyz and lists them with their extensions', async () => {
    const page = await freshApp(browser(), siteUrl);
    try {
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.locator('import-progress').getByRole('button', { name: 'Add files…' }).click();
      await (await chooser).setFiles([
        { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
        { name: 'mystery.xyz', mimeType: '', buffer: Buffer.from('no type anyone knows') },
      ]);
      await waitForCount(page, 2);
      const { data } = await api<{ data: { name: string; ext: string }[] }>(page, '/item/get', { fields: ['name', 'ext'] });
      expect(Object.fromEntries(data.map((item) => [item.name, item.ext]))).toEqual({ setup: 'exe', mystery: 'xyz' });
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
