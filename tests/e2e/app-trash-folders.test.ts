// The Trash and folder deletion as a person uses them (issue 41, points 2 and 3): a single trashed
// item opens in the inspector and the viewer with Restore; the Trash has an item menu and keys for
// Restore and Delete for good; a sidebar folder is deleted from its menu or with the Delete key,
// after a confirm dialog that Escape closes. Each step is checked through the API; screenshots go
// to test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, cell, eventually, freshApp, gridIds, seed, waitForCount } from './app';
import { useBrowser } from './browser';

const SHOTS = 'test-results/screenshots';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const trashIds = async (page: Page) => (await api<{ ids: string[] }>(page, '/item/ids', { isDeleted: true })).ids.sort();
const liveIds = async (page: Page) => (await api<{ ids: string[] }>(page, '/item/ids', {})).ids.sort();
const viewerTitle = (page: Page) => page.locator('item-viewer dialog[open] h2.title').textContent();

/** Four pictures in the Trash, shown; their names in the Trash's order, and their ids by name. */
async function trashOfFour(page: Page) {
  // Added last first: the Trash lists the newest first, so its order reads A to D (the order is read from the grid all the same).
  const names = ['pic D', 'pic C', 'pic B', 'pic A'];
  const ids = await seed(page, names.map((name, i) => ({ name, color: ['#cc3333', '#3333cc', '#33cc33', '#cccc33'][i] })));
  for (const id of ids) await api(page, '/item/update', { id, isDeleted: true });
  await waitForCount(page, 0);
  await page.locator('.nav-link[data-view="trash"]').click();
  await waitForCount(page, 4);
  const nameOf = new Map(ids.map((id, i) => [id, names[i]!]));
  return { order: (await gridIds(page)).map((id) => nameOf.get(id)!), idOf: new Map(ids.map((id, i) => [names[i]!, id])) };
}

interface FolderNode {
  id: string;
  name: string;
  children: FolderNode[];
}
const shape = (folders: FolderNode[]): string => folders.map((f) => (f.children.length ? `${f.name}(${shape(f.children)})` : f.name)).join(',');
const tree = async (page: Page) => shape((await api<{ data: FolderNode[] }>(page, '/folder/get')).data);

describe('the web app: the Trash', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('opens a single trashed item in the inspector and the viewer, restores it, and deletes one for good by key and menu', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [red, blue, green] = await seed(page, [
      { name: 'red square', color: '#cc3333' },
      { name: 'blue square', color: '#3333cc' },
      { name: 'green square', color: '#33cc33' },
    ]);
    for (const id of [red, blue, green]) await api(page, '/item/update', { id, isDeleted: true });
    // The open app follows (live updates): every item has left the view before the Trash opens.
    await waitForCount(page, 0);
    await page.locator('.nav-link[data-view="trash"]').click();
    await waitForCount(page, 3);

    // One click shows the trashed item, read-only, with Restore.
    await cell(page, 0).click();
    const inspector = page.locator('#inspector');
    await inspector.getByText('In the trash.').waitFor();
    expect(await inspector.locator('#name').inputValue()).toBe('green square');
    expect(await inspector.locator('#name').getAttribute('readonly')).not.toBeNull();
    await shot(page, 'trash-inspector-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Show the inspector' }).click();
    await inspector.getByText('In the trash.').waitFor();
    await shot(page, 'trash-inspector-390');
    await page.getByRole('button', { name: 'Show the inspector' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Enter opens it in the viewer, which offers Restore too.
    await cell(page, 0).press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Viewer: green square' });
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Restore' }).click();
    expect(await eventually(() => trashIds(page), [red, blue].sort())).toEqual([red, blue].sort());
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await waitForCount(page, 2);

    // The inspector's Restore.
    await cell(page, 0).click();
    await inspector.getByText('In the trash.').waitFor();
    const shown = await inspector.locator('#name').inputValue();
    await inspector.getByRole('button', { name: 'Restore' }).click();
    await waitForCount(page, 1);
    const left = shown === 'blue square' ? red : blue;
    expect(await trashIds(page)).toEqual([left]);

    // Delete asks first; Escape keeps the item; the dialog's button deletes it for good.
    await cell(page, 0).click();
    await cell(page, 0).press('Delete');
    const confirm = page.getByRole('dialog', { name: /Delete 1 item for good/ });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await trashIds(page)).toEqual([left]);
    await cell(page, 0).press('Delete');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await waitForCount(page, 0);
    expect(await trashIds(page)).toEqual([]);
    expect(await liveIds(page)).toEqual([red, blue, green].filter((id) => id !== left).sort());
  });

  it('has an item menu in the Trash (right click, Shift+F10) and Alt+Delete restores', async () => {
    const page = await freshApp(browser(), siteUrl);
    const [one, two, three] = await seed(page, [{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    for (const id of [one, two, three]) await api(page, '/item/update', { id, isDeleted: true });
    // The open app follows (live updates): every item has left the view before the Trash opens.
    await waitForCount(page, 0);
    await page.locator('.nav-link[data-view="trash"]').click();
    await waitForCount(page, 3);

    await cell(page, 0).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Trashed items' });
    await menu.getByRole('menuitem', { name: 'Restore' }).click();
    await waitForCount(page, 2);
    expect(await trashIds(page)).toEqual([one, two].sort());

    await cell(page, 0).click();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /for good/ }).getByRole('button', { name: 'Delete for good' }).click();
    await waitForCount(page, 1);
    expect(await trashIds(page)).toHaveLength(1);

    await cell(page, 0).click();
    await page.keyboard.press('Alt+Delete');
    await waitForCount(page, 0);
    expect(await trashIds(page)).toEqual([]);
    expect(await liveIds(page)).toHaveLength(2);
  });

  it('keeps the keyboard in the grid after a restore from the inspector and a delete for good of the last item', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, [{ name: 'one' }, { name: 'two' }, { name: 'three' }]);
    for (const id of ids) await api(page, '/item/update', { id, isDeleted: true });
    await waitForCount(page, 0);
    await page.locator('.nav-link[data-view="trash"]').click();
    await waitForCount(page, 3);
    const focusedCell = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index ?? document.activeElement?.tagName);

    // The inspector's Restore, pressed from the keyboard: the button goes, the keyboard stays in the grid.
    await cell(page, 1).click();
    const inspector = page.locator('#inspector');
    await inspector.getByText('In the trash.').waitFor();
    await inspector.getByRole('button', { name: 'Restore' }).focus();
    await page.keyboard.press('Enter');
    await waitForCount(page, 2);
    await expect.poll(focusedCell).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedCell).toBe('0');

    // End, then Delete for good: the last cell goes, the focus moves to the new last one.
    await page.keyboard.press('End');
    await page.keyboard.press('Delete');
    await page.getByRole('dialog', { name: /for good/ }).getByRole('button', { name: 'Delete for good' }).click();
    await waitForCount(page, 1);
    await expect.poll(focusedCell).toBe('0');
    expect(await trashIds(page)).toHaveLength(1);
  });

  it('restores from the viewer, which says so and moves on to the item now in its place; the arrows go on from there', async () => {
    const page = await freshApp(browser(), siteUrl);
    const { order: [a, b, c, d], idOf } = await trashOfFour(page);
    await cell(page, 1).click();
    await cell(page, 1).press('Enter');
    await expect.poll(() => viewerTitle(page)).toBe(b);
    const viewer = page.getByRole('dialog', { name: /^Viewer: / });
    await viewer.getByRole('button', { name: 'Restore' }).click();
    // Told in the viewer (the page's toasts are behind it); B has left the Trash and C took its place.
    await viewer.getByRole('status').filter({ hasText: 'Restored 1 item' }).waitFor();
    await expect.poll(() => viewerTitle(page)).toBe(c);
    const left = [a, c, d].map((name) => idOf.get(name!)!).sort();
    expect(await eventually(() => trashIds(page), left)).toEqual(left);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerTitle(page)).toBe(d);
    // At the Trash's end it moves back to the item before.
    await viewer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => viewerTitle(page)).toBe(c);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewerTitle(page)).toBe(a);
    await viewer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => viewerTitle(page)).toBe(c);
    // Restoring the Trash's last item leaves nothing to show: the viewer closes and the page's toast says so.
    await viewer.getByRole('button', { name: 'Restore' }).click();
    await page.locator('item-viewer dialog[open]').waitFor({ state: 'detached' });
    await page.locator('.toast', { hasText: 'Restored 1 item' }).waitFor();
    await waitForCount(page, 0);
  });

  it('steps on from where the shown item was once another tab has restored it', async () => {
    const page = await freshApp(browser(), siteUrl);
    const { order: [, b, c], idOf } = await trashOfFour(page);
    await cell(page, 1).click();
    await cell(page, 1).press('Enter');
    await expect.poll(() => viewerTitle(page)).toBe(b);
    const other = await page.context().newPage();
    await other.goto(`${siteUrl}/api/v2/app/info`);
    await api(other, '/item/update', { id: idOf.get(b!), isDeleted: false });
    await other.close();
    // The grid behind the viewer shows C where B was (a press while its items are read again finds none there).
    await cell(page, 1).locator(`img[alt="${c}"]`).waitFor();
    // Next shows C, not D after it.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewerTitle(page)).toBe(c);
  });
});

describe('the web app: deleting folders', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('deletes a folder and its subfolders from the folder menu and with Delete, after a confirm dialog; items stay', async () => {
    const page = await freshApp(browser(), siteUrl);
    const travel = await api<{ id: string }>(page, '/folder/create', { name: 'Travel' });
    const rome = await api<{ id: string }>(page, '/folder/create', { name: 'Rome', parent: travel.id });
    const keep = await api<{ id: string }>(page, '/folder/create', { name: 'Keep' });
    const [inRome, inBoth] = await seed(page, [{ name: 'colosseum', folders: [rome.id] }, { name: 'map', folders: [travel.id, keep.id] }]);
    const row = (id: string) => page.locator(`li.folder-row[data-folder="${id}"] .nav-link`);
    await row(travel.id).click();
    await waitForCount(page, 1);

    // The menu's "Delete folder…" asks, saying subfolders go and items stay; Escape keeps everything.
    await row(travel.id).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete folder…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Travel”?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/1 subfolder.*stay in the library/s);
    await shot(page, 'folder-delete-confirm-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'folder-delete-confirm-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await tree(page)).toBe('Travel(Rome),Keep');

    // Delete on the focused row, then the dialog's button.
    await row(travel.id).focus();
    await page.keyboard.press('Delete');
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await page.locator(`li.folder-row[data-folder="${travel.id}"]`).waitFor({ state: 'detached' });
    expect(await tree(page)).toBe('Keep');
    // The view of the removed folder went back to All items; both items stay.
    expect(await page.locator('.nav-link[data-view="all"]').getAttribute('aria-current')).toBe('page');
    expect(await liveIds(page)).toEqual([inRome, inBoth].sort());
    const unfiled = (await api<{ ids: string[] }>(page, '/item/ids', { isUnfiled: true })).ids;
    expect(unfiled).toEqual([inRome]);
  });
});

describe('the web app: folder dialogs and Escape', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('warns of a sibling with the same name and refuses a name over 255 characters, naming the field', async () => {
    const page = await freshApp(browser(), siteUrl);
    await api(page, '/folder/create', { name: 'Travel' });
    await page.locator('li.folder-row .nav-link', { hasText: 'Travel' }).waitFor();
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    const name = dialog.getByLabel('Name');
    await name.fill('travel');
    await dialog.getByText('There is already a folder named “Travel” at the top level.').waitFor();
    await shot(page, 'folder-dialog-duplicate-1280');
    await name.fill('x'.repeat(300));
    await dialog.getByText('Name: at most 255 characters (this one has 300).').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create folder' }).isDisabled()).toBe(true);
    await shot(page, 'folder-dialog-too-long-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'folder-dialog-too-long-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A duplicate is allowed once the person has been told.
    await name.fill('Travel');
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tree(page)).toBe('Travel,Travel');
  });

  it('closes every dialog of the app with Escape, as the shortcuts list says', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Travel' });
    await seed(page, [{ name: 'red', color: '#cc3333', tags: ['warm'] }]);
    const open = page.locator('dialog[open]');
    const row = page.locator(`li.folder-row[data-folder="${folder.id}"] .nav-link`);
    await waitForCount(page, 1);
    await row.waitFor();
    const dialogs: [string, () => Promise<unknown>][] = [
      ['shortcut help', () => page.keyboard.press('?')],
      ['new folder', () => page.getByRole('button', { name: 'New folder' }).click()],
      ['edit folder', () => page.getByRole('button', { name: 'Edit folder Travel…' }).click()],
      ['move folder', async () => {
        await row.click({ button: 'right' });
        await page.getByRole('menuitem', { name: 'Move to…' }).click();
      }],
      ['delete folder', async () => {
        await row.focus();
        await page.keyboard.press('Delete');
      }],
      ['smart folder editor', () => page.getByRole('button', { name: 'New smart folder' }).click()],
      ['tag manager', () => page.getByRole('button', { name: 'Manage tags' }).click()],
      ['add from URL', async () => {
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await page.locator('import-progress').getByRole('button', { name: 'Add from URL…' }).click();
      }],
      ['sync', async () => {
        await page.getByRole('button', { name: /My Library/ }).click();
        await page.getByRole('button', { name: 'Sync…' }).click();
      }],
      ['viewer', () => cell(page, 0).dblclick()],
      ['quick look', async () => {
        await cell(page, 0).click();
        await cell(page, 0).press(' ');
      }],
    ];
    for (const [what, show] of dialogs) {
      await page.locator('.nav-link[data-view="all"]').click();
      await show();
      await open.first().waitFor({ timeout: 5000 }).catch(() => {
        throw new Error(`${what}: no dialog opened`);
      });
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => {
        const all = (root: Document | ShadowRoot): Element[] => [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
        return !all(document).some((e) => e.tagName === 'DIALOG' && (e as HTMLDialogElement).open);
      }, undefined, { timeout: 5000 }).catch(() => {
        throw new Error(`${what}: Escape left the dialog open`);
      });
    }
    expect(await tree(page)).toBe('Travel');
  });
});
