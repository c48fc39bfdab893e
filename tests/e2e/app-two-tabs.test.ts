// Two tabs of the built app stay in step through GET /api/v2/events: what a person does in tab A
// (rename a tag in the tag manager, drop an image, create a folder, trash an item) shows in tab B
// (its sidebar, its open tag manager, its inspector, its grid)
// without a reload, and the API agrees.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, gridIds, generatedImages, seed, waitForCount } from './app';
import { openApp, useBrowser } from './browser';
import { appContext } from './reused-origin';

interface Listed { id: string; name: string; tags: string[]; isDeleted?: boolean }

describe('the web app: two tabs in step', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('shows in tab B, without a reload, a tag renamed, an image dropped, a folder made and an item trashed in tab A', async () => {
    const context = await appContext(browser(), siteUrl, { width: 1280, height: 800 });
    try {
      const a = await openApp(context, siteUrl);
      const [tabby, rex] = await seed(a, [{ name: 'tabby', tags: ['cat'] }, { name: 'rex', tags: ['dog'] }]);
      const b = await openApp(context, siteUrl);
      await a.reload();
      await a.locator('#api-status[data-state="ready"]').waitFor();
      await waitForCount(b, 2);
      // A mark in B's window: a reload would lose it.
      await b.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // B shows the cat in its inspector.
      await b.locator(`[role=gridcell][data-id="${tabby}"]`).click();
      const chipsB = b.locator('#inspector tag-editor .chip span');
      await chipsB.filter({ hasText: /^cat$/ }).waitFor();

      // B's tag manager is open too.
      await b.getByRole('button', { name: 'Manage tags' }).click();
      const managerB = b.locator('#tag-manager-dialog tag-manager');
      await managerB.getByRole('button', { name: 'Rename cat' }).waitFor();

      // A renames the tag in the tag manager.
      await a.getByRole('button', { name: 'Manage tags' }).click();
      const manager = a.locator('#tag-manager-dialog tag-manager');
      await manager.getByRole('button', { name: 'Rename cat' }).click();
      await a.keyboard.type('feline');
      await a.keyboard.press('Enter');
      await manager.getByRole('button', { name: 'Rename feline' }).waitFor();
      await a.getByRole('button', { name: 'Close the tag manager' }).click();

      await managerB.getByRole('button', { name: 'Rename feline' }).waitFor({ timeout: 10_000 });
      expect(await managerB.getByRole('button', { name: 'Rename cat' }).count()).toBe(0);
      await b.getByRole('button', { name: 'Close the tag manager' }).click();
      await b.locator('[data-view="tag:feline"]').waitFor({ timeout: 10_000 });
      expect(await b.locator('[data-view="tag:cat"]').count()).toBe(0);
      await chipsB.filter({ hasText: /^feline$/ }).waitFor({ timeout: 10_000 });
      expect(await chipsB.allTextContents()).toEqual(['feline']);
      const tags = (await api<{ data: { name: string }[] }>(b, '/tag/get')).data.map((tag) => tag.name).sort();
      expect(tags).toEqual(['dog', 'feline']);

      // A drops an image onto its grid: it lands in B's grid.
      const transfer = await generatedImages(a, 1, 'dropped in A');
      await a.locator('main.content').dispatchEvent('dragenter', { dataTransfer: transfer });
      await a.locator('main.content').dispatchEvent('drop', { dataTransfer: transfer });
      await waitForCount(b, 3);
      const added = (await api<{ data: Listed[] }>(b, '/item/get', { ext: 'png', fields: ['id', 'name'] })).data;
      expect(added.map((item) => item.name)).toEqual(['dropped in A 0']);
      expect(await eventually(async () => (await gridIds(b)).includes(added[0]!.id), true)).toBe(true);

      // A creates a folder from its sidebar: it shows in B's sidebar.
      await a.getByRole('button', { name: 'New folder' }).click();
      const dialog = a.getByRole('dialog', { name: 'New folder' });
      await dialog.getByLabel('Name').fill('Made in A');
      await dialog.getByRole('button', { name: 'Create folder' }).click();
      await b.locator('.nav-link', { hasText: 'Made in A' }).waitFor({ timeout: 10_000 });
      const folders = (await api<{ data: { name: string }[] }>(b, '/folder/get')).data.map((folder) => folder.name);
      expect(folders).toEqual(['Made in A']);

      // A trashes rex with the Delete key: it leaves B's grid, and B's Trash counts it.
      await a.locator(`[role=gridcell][data-id="${rex}"]`).click();
      await a.keyboard.press('Delete');
      await waitForCount(b, 2);
      expect(await eventually(async () => (await gridIds(b)).includes(rex!), false)).toBe(false);
      await eventually(() => b.locator('[data-view="trash"] .nav-count').textContent(), '1');
      expect(await b.locator('[data-view="trash"] .nav-count').textContent()).toBe('1');
      const trashed = (await api<{ data: Listed[] }>(b, '/item/get', { isDeleted: true, fields: ['id'] })).data.map((item) => item.id);
      expect(trashed).toEqual([rex]);

      // B never reloaded, and still shows the cat it had selected.
      expect(await b.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await b.locator(`[role=gridcell][data-id="${tabby}"]`).getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  }, 120_000);
});
