// Folders as a person arranges them in the sidebar: a tree built by drag & drop, items dragged from
// the grid onto a folder and taken out again, and the keyboard's way through the folder menu. Each
// step is checked through the API; screenshots of a drag and of the menu go to test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, cell, eventually, freshApp, gridIds, reloadApp, seed, waitForCount } from './app';
import { check } from './a11y-check';
import { useBrowser } from './browser';

interface FolderNode {
  id: string;
  name: string;
  parent: string | null;
  imageCount: number;
  children: FolderNode[];
}

const SHOTS = 'test-results/screenshots';

/** The tree as names: "Trips(Coast(Archive),Mountains)". */
const shape = (folders: FolderNode[]): string => folders.map((f) => (f.children.length ? `${f.name}(${shape(f.children)})` : f.name)).join(',');
const tree = async (page: Page) => shape((await api<{ data: FolderNode[] }>(page, '/folder/get')).data);
const folderRow = (page: Page, name: string) => page.locator('li.folder-row', { has: page.locator('.nav-label', { hasText: new RegExp(`^${name}$`) }) });

async function newFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await folderRow(page, name).waitFor();
}

/** Drags with the mouse, as a person does, pausing over the target (for a screenshot). */
async function dragByHand(page: Page, from: Locator, to: Locator, whileOver?: () => Promise<void>): Promise<void> {
  await from.hover();
  await page.mouse.down();
  // Straight onto the target, as locator.dragTo does: Playwright takes over the drag on that move.
  await to.hover();
  // A browser repeats dragover while the pointer rests; Playwright's drag only on moves: rest by moving a little.
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  try {
    await whileOver?.();
  } catch (error) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/folder-drag-failed.png` });
    throw error;
  }
  await page.mouse.up();
}

describe('the web app: folders by drag & drop', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('builds a folder tree two levels deep by dragging folders, refuses a folder into its own subfolder, and moves one back to the top', async () => {
    const page = await freshApp(browser(), siteUrl);
    for (const name of ['Trips', 'Coast', 'Mountains', 'Archive']) await newFolder(page, name);
    expect(await tree(page)).toBe('Trips,Coast,Mountains,Archive');

    await folderRow(page, 'Coast').dragTo(folderRow(page, 'Trips'));
    await eventually(() => tree(page), 'Trips(Coast),Mountains,Archive');
    await folderRow(page, 'Mountains').dragTo(folderRow(page, 'Trips'));
    await eventually(() => tree(page), 'Trips(Coast,Mountains),Archive');
    // Trips opened when things were dropped into it, so Coast is there to drop onto.
    await dragByHand(page, folderRow(page, 'Archive'), folderRow(page, 'Coast'), async () => {
      await page.locator('li.folder-row[data-drop="ok"]', { hasText: 'Coast' }).waitFor();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/folder-dragging-into-1280.png` });
    });
    expect(await eventually(() => tree(page), 'Trips(Coast(Archive),Mountains)')).toBe('Trips(Coast(Archive),Mountains)');
    await page.getByRole('button', { name: 'Collapse Coast' }).waitFor(); // opened by the drop: Archive shows

    // Into its own subfolder: the row shows the drop is refused, and the API's message is shown.
    await dragByHand(page, folderRow(page, 'Trips'), folderRow(page, 'Archive'), async () => {
      await page.locator('li.folder-row[data-drop="refused"]', { hasText: 'Archive' }).waitFor();
    });
    await page.locator('.toast[data-kind="error"]', { hasText: /cannot be moved under its own descendant/ }).waitFor();
    expect(await tree(page)).toBe('Trips(Coast(Archive),Mountains)');

    // Onto the Folders heading: back to the top level, with what it holds.
    await folderRow(page, 'Coast').dragTo(page.locator('.folders-heading-row'));
    expect(await eventually(() => tree(page), 'Trips(Mountains),Coast(Archive)')).toBe('Trips(Mountains),Coast(Archive)');
    const coast = (await api<{ data: FolderNode[] }>(page, '/folder/get')).data.find((f) => f.name === 'Coast')!;
    expect(coast.parent).toBeNull();
    await page.locator('.toast', { hasText: 'Moved “Coast” to the top level' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('adds 20 dragged items to a folder, then removes 5 (and one more by key) from it without trashing them', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 30 }, (_, i) => ({ name: `i${String(i).padStart(2, '0')}` })));
    const picked = await api<FolderNode>(page, '/folder/create', { name: 'Picked' });
    await reloadApp(page);
    await waitForCount(page, 30);
    const shown = await gridIds(page);

    await cell(page, 0).click();
    await cell(page, 19).click({ modifiers: ['Shift'] });
    await page.getByRole('heading', { name: '20 items selected' }).waitFor();
    await dragByHand(page, cell(page, 7), folderRow(page, 'Picked'), async () => {
      await page.locator('li.folder-row[data-drop="ok"]', { hasText: 'Picked' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/items-dragging-1280.png` });
    });
    const inFolder = async () => (await api<{ ids: string[] }>(page, '/item/ids', { folders: [picked.id], orderBy: 'IMPORT' })).ids.sort();
    expect(await eventually(inFolder, shown.slice(0, 20).sort())).toEqual(shown.slice(0, 20).sort());
    await folderRow(page, 'Picked').locator('.nav-count', { hasText: /^20$/ }).waitFor();
    await page.locator('.toast', { hasText: 'Added 20 items to “Picked”' }).waitFor();
    // The bulk editor, open for the same 20, reads them again: all of them are now in Picked.
    await page.locator('#bulk-editor li', { hasText: 'Picked' }).locator('.all', { hasText: 'all 20' }).waitFor();

    // In the folder: select 5, Remove from folder; they leave the folder, not the library.
    await folderRow(page, 'Picked').locator('.nav-link').click();
    await waitForCount(page, 20);
    const folderView = await gridIds(page);
    await cell(page, 0).click();
    await cell(page, 4).click({ modifiers: ['Shift'] });
    await page.getByRole('heading', { name: '5 items selected' }).waitFor();
    await page.getByRole('button', { name: 'Remove from folder' }).click();
    await waitForCount(page, 15);
    const left = folderView.slice(5).sort();
    expect(await inFolder()).toEqual(left);
    await folderRow(page, 'Picked').locator('.nav-count', { hasText: /^15$/ }).waitFor();
    expect((await api<{ total: number }>(page, '/item/get', { limit: 1 })).total).toBe(30);

    // Alt+Delete on the focused item does the same.
    await cell(page, 0).click();
    const gone = (await gridIds(page))[0]!;
    await page.keyboard.press('Alt+Delete');
    await waitForCount(page, 14);
    expect(await inFolder()).toEqual(left.filter((id) => id !== gone));
    expect((await api<{ total: number }>(page, '/item/get', { limit: 1 })).total).toBe(30);
    await page.context().close();
  }, 120_000);

  for (const width of [1280, 390]) {
    it(`moves, renames and nests folders from the keyboard through the folder menu at ${width} px`, async () => {
      const page = await freshApp(browser(), siteUrl, { width, height: width > 500 ? 800 : 844 });
      const home = await api<FolderNode>(page, '/folder/create', { name: 'Home' });
      const work = await api<FolderNode>(page, '/folder/create', { name: 'Work' });
      await api(page, '/folder/create', { name: 'Desk', parent: work.id });
      await reloadApp(page);
      const openSidebar = async () => {
        if (width > 500 || (await page.locator('#sidebar[data-open]').count())) return;
        await page.getByRole('button', { name: 'Show the sidebar' }).click();
        await page.locator('#sidebar[data-open]').waitFor();
      };
      await openSidebar();

      // Shift+F10 on Work: Move to… Home, with arrows and Enter only.
      await folderRow(page, 'Work').locator('.nav-link').focus();
      await page.keyboard.press('Shift+F10');
      const menu = page.getByRole('menu', { name: 'Folder Work' });
      await menu.waitFor();
      await check(page, 'folder-menu', width);
      await page.keyboard.press('End');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete folder…');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Move to…');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Move “Work” to' });
      await dialog.waitFor();
      expect(await dialog.getByRole('radio', { name: /^Desk/ }).isDisabled()).toBe(true); // inside Work
      await check(page, 'folder-move-dialog', width);
      await dialog.getByRole('radio', { name: 'Home' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      expect(await eventually(() => tree(page), 'Home(Work(Desk))')).toBe('Home(Work(Desk))');
      expect((await api<{ data: FolderNode[] }>(page, '/folder/get', { id: work.id })).data[0]!.parent).toBe(home.id);

      // The menu key on Home: Rename in place.
      await openSidebar();
      await folderRow(page, 'Home').locator('.nav-link').focus();
      await page.keyboard.press('ContextMenu');
      await page.getByRole('menu', { name: 'Folder Home' }).getByRole('menuitem', { name: 'Rename' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: 'New name of folder Home' });
      await field.fill('House');
      await field.press('Enter');
      expect(await eventually(() => tree(page), 'House(Work(Desk))')).toBe('House(Work(Desk))');

      // Right click on House: New subfolder… opens the folder editor with House as parent.
      await folderRow(page, 'House').locator('.nav-link').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'New subfolder…' }).click();
      const editor = page.getByRole('dialog', { name: 'New folder' });
      await editor.getByLabel('Name').fill('Garden');
      await editor.getByRole('button', { name: 'Create folder' }).click();
      expect(await eventually(() => tree(page), 'House(Work(Desk),Garden)')).toBe('House(Work(Desk),Garden)');

      // And by mouse at this width: Garden onto the Folders heading, pictured mid-drag.
      await openSidebar();
      await dragByHand(page, folderRow(page, 'Garden'), page.locator('.folders-heading-row'), async () => {
        await page.locator('.folders-heading-row[data-drop="ok"] .nav-drop-hint').waitFor();
        await page.screenshot({ path: `${SHOTS}/folder-dragging-${width}.png` });
      });
      expect(await eventually(() => tree(page), 'House(Work(Desk)),Garden')).toBe('House(Work(Desk)),Garden');
      await page.context().close();
    }, 120_000);
  }
});
