// Smart folders and tags from the sidebar, as a person uses them: the smart-folder editor and the tag
// manager open in dialogs; what they save shows in the sidebar and grid. Checked through the API.
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { useBrowser } from './browser';

/** A JPEG drawn in the page (the node helper only makes PNGs). */
async function addJpeg(page: Page, name: string, width: number): Promise<string> {
  const base64 = await page.evaluate(async (width) => {
    const canvas = new OffscreenCanvas(width, 10);
    canvas.getContext('2d')!.fillRect(0, 0, width, 10);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  }, width);
  return (await api<{ ids: string[] }>(page, '/item/add', { items: [{ name, base64 }] })).ids[0]!;
}

const tagCounts = async (page: Page) =>
  Object.fromEntries((await api<{ data: { name: string; count: number }[] }>(page, '/tag/get', { limit: 100 })).data.map((t) => [t.name, t.count]));

describe('the web app: smart folders and tags from the sidebar', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('builds "width > 1920 AND type = png" in the editor and shows exactly smartFolder/getItems', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, [
      { name: 'wide png', color: '#3366cc', size: [2400, 10] },
      { name: 'exactly 1920', color: '#3366cc', size: [1920, 10] },
      { name: 'widest png', color: '#cc6633', size: [3000, 10] },
      { name: 'small png', color: '#cc6633' },
      { name: 'a bookmark' },
    ]);
    await addJpeg(page, 'wide jpeg', 2500);
    await reloadApp(page);

    // Saving without a name: the API's message reaches the shell's toasts.
    await page.getByRole('button', { name: 'New smart folder' }).click();
    const editor = page.locator('#smart-folder-dialog smart-folder-editor');
    await editor.locator('select[aria-label^="Property"]').first().waitFor();
    await editor.getByRole('button', { name: 'Create smart folder' }).click();
    await page.locator('.toast[data-kind="error"]', { hasText: /name/i }).waitFor();

    const rule = (r: number, selector: string) => editor.locator(`[data-group="0"][data-rule="${r}"] ${selector}`);
    await editor.locator('input[name="name"]').fill('Big PNGs');
    await rule(0, 'select[aria-label^="Property"]').selectOption('width');
    await rule(0, 'select[aria-label^="Condition"]').selectOption('>');
    await rule(0, 'input[aria-label^="Value"]').fill('1920');
    await editor.getByRole('button', { name: '+ Add rule to group 1' }).click();
    await rule(1, 'select[aria-label^="Property"]').selectOption('type');
    await rule(1, 'input[aria-label^="Value"]').fill('png');
    await editor.locator('output[data-count="2"]').waitFor();
    await editor.getByRole('button', { name: 'Create smart folder' }).click();

    // The dialog closes, the sidebar lists it with its count, and the grid shows it.
    await page.locator('#smart-folder-dialog').waitFor({ state: 'hidden' });
    const [folder] = (await api<{ data: { id: string; name: string }[] }>(page, '/smartFolder/get', {})).data;
    expect(folder!.name).toBe('Big PNGs');
    const link = page.locator(`[data-view="smart:${folder!.id}"]`);
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(await link.locator('.nav-count').textContent()).toBe('2');
    await waitForCount(page, 2);
    const expected = (await api<{ data: { id: string }[] }>(page, `/smartFolder/getItems?smartFolderId=${folder!.id}`)).data.map((i) => i.id);
    expect(expected).toHaveLength(2);
    expect((await gridIds(page)).sort()).toEqual([...expected].sort());

    // Edit it from its row (width > 2500 leaves only the widest), then remove it.
    await page.getByRole('button', { name: 'Edit Big PNGs' }).click();
    await rule(0, 'input[aria-label^="Value"]').fill('2500');
    await editor.locator('output[data-count="1"]').waitFor();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('#smart-folder-dialog').waitFor({ state: 'hidden' });
    await waitForCount(page, 1);
    expect(await link.locator('.nav-count').textContent()).toBe('1');
    // A smart folder nested in it (an Eagle import brings such), opened: removing the parent removes it too.
    const child = await api<{ id: string }>(page, '/smartFolder/create', { name: 'Five stars', conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'rating', method: 'equal', value: 5 }] }] });
    await api(page, '/smartFolder/update', { id: child.id, parent: folder!.id });
    await page.reload();
    const childLink = page.locator(`[data-view="smart:${child.id}"]`);
    await childLink.click();
    await page.locator(`[data-view="smart:${child.id}"][aria-current="page"]`).waitFor();
    await page.getByRole('button', { name: 'Edit Big PNGs' }).click();
    await editor.getByRole('button', { name: 'Remove…' }).click();
    await editor.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('#smart-folder-dialog').waitFor({ state: 'hidden' });
    expect((await api<{ data: unknown[] }>(page, '/smartFolder/get', {})).data).toEqual([]);
    // The dialog closes first; the sidebar then reads its tree again and opens All items.
    await link.waitFor({ state: 'detached' });
    await childLink.waitFor({ state: 'detached' });
    await page.locator('[data-view="all"][aria-current="page"]').waitFor();
    await page.context().close();
  }, 60_000);

  it('renames and merges tags in the tag manager; tag/get and the sidebar follow', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, [
      ...Array.from({ length: 3 }, (_, i) => ({ name: `cat ${i}`, tags: ['cat'] })),
      ...Array.from({ length: 2 }, (_, i) => ({ name: `kitty ${i}`, tags: ['kitty'] })),
      { name: 'rex', tags: ['dog'] },
    ]);
    await reloadApp(page);
    await page.getByRole('button', { name: 'Manage tags' }).click();
    const manager = page.locator('#tag-manager-dialog tag-manager');
    await manager.getByRole('button', { name: 'Merge kitty into another tag' }).click();
    await page.keyboard.type('cat');
    await page.keyboard.press('Enter');
    await manager.getByRole('button', { name: 'Merge kitty into another tag' }).waitFor({ state: 'detached' });
    await manager.getByRole('button', { name: 'Rename dog' }).click();
    await page.keyboard.type('hound');
    await page.keyboard.press('Enter');
    await manager.getByRole('button', { name: 'Rename hound' }).waitFor();

    expect(await eventually(() => tagCounts(page), { cat: 5, hound: 1 })).toEqual({ cat: 5, hound: 1 });
    await page.getByRole('button', { name: 'Close the tag manager' }).click();
    await eventually(() => page.locator('[data-view="tag:cat"] .nav-count').textContent(), '5');
    expect(await page.locator('[data-view="tag:cat"] .nav-count').textContent()).toBe('5');
    expect(await page.locator('[data-view="tag:hound"] .nav-count').textContent()).toBe('1');
    expect(await page.locator('[data-view="tag:kitty"], [data-view="tag:dog"]').count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
