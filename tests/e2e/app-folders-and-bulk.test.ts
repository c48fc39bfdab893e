// Bulk edit and folders as a person uses them from the shell, checked through the API.
import { describe, expect, inject, it } from 'vitest';
import { api, cell, eventually, freshApp, reloadApp, seed, selectedIds, waitForCount } from './app';
import { seriousViolations } from './a11y-check';
import { useBrowser } from './browser';
import { PHONE, shot } from './screenshot';

interface FolderNode {
  id: string;
  name: string;
  iconColor: string;
  parent: string | null;
  children: FolderNode[];
}

const tagCount = async (page: import('playwright').Page, name: string) =>
  (await api<{ data: { name: string; count: number }[] }>(page, '/tag/get')).data.find((tag) => tag.name === name)?.count ?? 0;

describe('the web app: bulk edit and folders', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('tags every selected item at once from the bulk editor, and the sidebar counts it', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 40 }, (_, i) => ({ name: `b${i}`, tags: i % 2 ? ['odd'] : [] })));
    await reloadApp(page);
    await waitForCount(page, 40);
    await cell(page, 0).click();
    expect(await page.locator('#bulk-editor').count()).toBe(0); // one item: the inspector alone
    await page.keyboard.press('Control+a');
    expect(await eventually(() => selectedIds(page).then((ids) => ids.length), 40)).toBe(40);
    const panel = page.locator('#inspector-panel');
    await panel.getByRole('heading', { name: '40 items selected' }).waitFor();
    expect(await panel.locator('item-inspector').count()).toBe(0); // the bulk editor takes its place
    await panel.getByText('20 of 40').waitFor(); // "odd" is on only some of the selection
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('combobox', { name: 'Add a tag' }).fill('reviewed');
    await page.keyboard.press('Enter');
    expect(await eventually(() => tagCount(page, 'reviewed'), 40)).toBe(40);
    await page.locator('[data-view="tag:reviewed"] .nav-count', { hasText: /^40$/ }).waitFor({ timeout: 10_000 });
    await panel.getByText('all 40').first().waitFor();
    await page.context().close();
  });

  it('moves a shift-clicked range to the trash from the bulk editor, and the items that take their places are not selected', async () => {
    const page = await freshApp(browser(), siteUrl);
    const ids = await seed(page, Array.from({ length: 30 }, (_, i) => ({ name: `r${String(i).padStart(2, '0')}` })));
    await reloadApp(page);
    await waitForCount(page, 30);
    await cell(page, 0).click();
    await cell(page, 9).click({ modifiers: ['Shift'] });
    const panel = page.locator('#inspector-panel');
    await panel.getByRole('heading', { name: '10 items selected' }).waitFor();
    const picked = await selectedIds(page);
    expect(picked).toHaveLength(10);
    await panel.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByRole('status').filter({ hasText: 'Moving to the trash: done for 10 items' }).first().waitFor();
    await waitForCount(page, 20);
    expect(await eventually(() => selectedIds(page).then((selected) => selected.length), 0)).toBe(0);
    await panel.getByRole('heading', { name: '10 items selected' }).waitFor({ state: 'detached' });
    const trashed = await api<{ data: { id: string }[] }>(page, '/item/get', { isDeleted: true, limit: 100 });
    expect(trashed.data.map((item) => item.id).sort()).toEqual([...picked].sort());
    expect(ids).toEqual(expect.arrayContaining(picked));
    await page.context().close();
  });

  it('keeps the selection on its items when a bulk rating moves them in a view sorted by rating, and the next edit goes to them', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 30 }, (_, i) => ({ name: `s${String(i).padStart(2, '0')}` })));
    await reloadApp(page);
    await waitForCount(page, 30);
    await page.getByLabel('Sort by').selectOption('RATING');
    await cell(page, 5).click();
    const anchor = await cell(page, 5).getAttribute('data-id');
    await cell(page, 9).click({ modifiers: ['Shift'] });
    const panel = page.locator('#inspector-panel');
    await panel.getByRole('heading', { name: '5 items selected' }).waitFor();
    const picked = await eventually(() => selectedIds(page).then((ids) => ids.length), 5).then(() => selectedIds(page));
    await panel.getByRole('radio', { name: '5 stars' }).click();
    await panel.getByText('Rating 5 of 5: done for 5 items').waitFor();
    // Rated 5, they lead the view now; the cells marked selected are theirs, not those that took their places.
    const marked = () => page.locator('[role=gridcell][aria-selected="true"]').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.id!).sort());
    expect(await eventually(marked, [...picked].sort())).toEqual([...picked].sort());
    expect((await api<{ ids: string[] }>(page, '/item/ids', { orderBy: '-RATING', limit: 5 })).ids.sort()).toEqual([...picked].sort());
    await panel.getByRole('heading', { name: '5 items selected' }).waitFor();
    await panel.getByRole('combobox', { name: 'Add a tag' }).fill('top');
    await page.keyboard.press('Enter');
    expect(await eventually(() => tagCount(page, 'top'), 5)).toBe(5);
    expect((await api<{ data: { id: string }[] }>(page, '/item/get', { tags: ['top'] })).data.map((item) => item.id).sort()).toEqual([...picked].sort());
    // A Shift-click now ranges from the first item picked, where it is now (among the first five).
    await cell(page, 9).click({ modifiers: ['Shift'] });
    expect(await eventually(async () => (await selectedIds(page)).includes(anchor!), true)).toBe(true);
    await page.context().close();
  });

  it('keeps every row of the bulk editor inside its panel, however long a tag or folder name', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await freshApp(browser(), siteUrl, viewport);
      const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Holiday photographs from the coast, sorted by the day they were taken' });
      await seed(page, Array.from({ length: 30 }, (_, i) => ({ name: `b${i}`, tags: ['reference-pictures-for-the-lighthouse-poster'], folders: i % 3 ? [folder.id] : [] })));
      await reloadApp(page);
      await waitForCount(page, 30);
      await cell(page, 0).click();
      await page.keyboard.press('Control+a');
      if (viewport === PHONE) await page.getByRole('button', { name: 'Show the inspector' }).click();
      const panel = page.locator('#inspector-panel');
      await panel.getByRole('heading', { name: '30 items selected' }).waitFor();
      await panel.getByText('20 of 30').waitFor();
      await shot(page, 'bulk-editor-long-names');
      // Every part of every presence row (name, count, buttons) lies within the panel's width.
      const outside = await page.evaluate(() => {
        const box = document.querySelector('#inspector-panel')!.getBoundingClientRect();
        const rows = [...document.querySelector('bulk-editor')!.shadowRoot!.querySelectorAll('.presence li')];
        return rows.flatMap((row) => [...row.children].filter((part) => {
          const rect = part.getBoundingClientRect();
          return rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
        }).map((part) => part.textContent!.trim()));
      });
      expect(outside).toEqual([]);
      await panel.getByRole('button', { name: /^Remove folder .* from 20 items/ }).waitFor();
      await page.context().close();
    }
  });

  it('creates a folder from the sidebar, then nests another under it through Edit folder', async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.getByRole('button', { name: 'New folder' }).click();
    let dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Name').fill('Trips');
    await dialog.getByRole('radio', { name: 'Green' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await page.locator('.nav-link', { hasText: 'Trips' }).waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Name').fill('Coast');
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await page.locator('.nav-link', { hasText: 'Coast' }).hover();
    await page.getByRole('button', { name: 'Edit folder Coast…' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit folder' });
    await dialog.getByLabel('Parent folder').selectOption({ label: 'Trips' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Expand Trips' }).waitFor(); // the tree shows Trips with a child

    const roots = (await api<{ data: FolderNode[] }>(page, '/folder/get')).data.filter((f) => f.parent === null);
    expect(roots.map((f) => ({ name: f.name, iconColor: f.iconColor, children: f.children.map((c) => c.name) }))).toEqual([
      { name: 'Trips', iconColor: 'green', children: ['Coast'] },
    ]);
    await page.context().close();
  });
});
