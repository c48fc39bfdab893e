// The web app's shell and sidebar, used as a person would, checked against the API.
import { describe, expect, inject, it } from 'vitest';
import { api, eventually, freshApp, gridIds, reloadApp, seed, selectedIds, waitForCount } from './app';
import { useBrowser } from './browser';
import { solidPng } from './png';

describe('the web app: shell and sidebar', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('shows a first-run panel in an empty library, and imports picked files into the grid', async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.getByRole('heading', { name: /is empty/ }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import files' }).first().click();
    const png = (color: string) => Buffer.from(solidPng(color).split(',')[1]!, 'base64');
    await (await chooser).setFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: png('#ff0000') },
      { name: 'blue.png', mimeType: 'image/png', buffer: png('#0000ff') },
    ]);
    await waitForCount(page, 2);
    const names = (await api<{ data: { name: string }[] }>(page, '/item/get', {})).data.map((item) => item.name).sort();
    expect(names).toEqual(['blue', 'red']);
    expect(await page.getByRole('img', { name: 'red' }).count()).toBe(1);
    await expect(page.locator('.status-storage').textContent()).resolves.toMatch(/used/);
    await page.context().close();
  });

  it('counts every built-in view as the API does, and each view lists the API items in order', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Trips' });
    const ids = await seed(page, Array.from({ length: 40 }, (_, i) => ({ name: `item ${i}`, tags: i % 3 ? ['sky'] : [], folders: i % 4 ? [] : [folder.id] })));
    for (const id of ids.slice(0, 5)) await api(page, '/item/update', { id, isDeleted: true });
    // The open app follows the writes (live updates): no reload.
    await waitForCount(page, 35);
    const views = [
      ['all', {}],
      ['unfiled', { isUnfiled: true }],
      ['untagged', { isUntagged: true }],
      ['trash', { isDeleted: true }],
      [`folder:${folder.id}`, { folders: [folder.id] }],
      ['tag:sky', { tags: ['sky'] }],
    ] as const;
    for (const [view, filter] of views) {
      const expected = await api<{ ids: string[]; total: number }>(page, '/item/ids', { ...filter, orderBy: '-IMPORT' });
      const link = page.locator(`.nav-link[data-view="${view}"]`);
      await expect.poll(() => link.locator('.nav-count').textContent(), { timeout: 10_000 }).toBe(String(expected.total));
      await link.click();
      await waitForCount(page, expected.total);
      const shown = await eventually(async () => (await gridIds(page)).length > 0, true).then(() => gridIds(page));
      expect(shown.length).toBeGreaterThanOrEqual(Math.min(expected.total, 12));
      expect(shown).toEqual(expected.ids.slice(0, shown.length));
    }
    await page.context().close();
  });

  it('opens nested folders, smart folders and starred tags from the sidebar', async () => {
    const page = await freshApp(browser(), siteUrl);
    const parent = await api<{ id: string }>(page, '/folder/create', { name: 'Holiday' });
    const child = await api<{ id: string }>(page, '/folder/create', { name: 'Beach', parent: parent.id });
    const ids = await seed(page, [
      { name: 'sand', folders: [child.id], tags: ['sea'] },
      { name: 'waves', folders: [child.id], tags: ['sea', 'blue'] },
      { name: 'hotel', folders: [parent.id], tags: ['blue'] },
    ]);
    const smart = await api<{ id: string }>(page, '/smartFolder/create', {
      name: 'Blue things',
      conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'tags', method: 'union', value: ['blue'] }] }],
    });
    await api(page, '/tag/update', { originalName: 'sea', starred: true });
    await expect.poll(() => page.locator('.nav-link[data-view^="tag:"] .nav-label').allTextContents(), { timeout: 10_000 }).toEqual(['sea', 'blue']);
    await page.getByRole('button', { name: 'Expand Holiday' }).click();
    await page.locator(`.nav-link[data-view="folder:${child.id}"]`).click();
    await waitForCount(page, 2);
    expect((await gridIds(page)).sort()).toEqual([ids[0], ids[1]].sort());
    await page.locator(`.nav-link[data-view="smart:${smart.id}"]`).click();
    const expected = await api<{ data: { id: string }[] }>(page, `/smartFolder/getItems?smartFolderId=${smart.id}`);
    await waitForCount(page, expected.data.length);
    expect((await gridIds(page)).sort()).toEqual(expected.data.map((item) => item.id).sort());
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Blue things');
    await page.context().close();
  });

  it('creates and switches libraries from the library menu', async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.getByRole('button', { name: /^Library: / }).click();
    await page.getByLabel('New library').fill('Moodboard');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.locator('#library-name', { hasText: 'Moodboard' }).waitFor();
    expect((await api<{ name: string }>(page, '/library/info')).name).toBe('Moodboard');
    await page.getByRole('button', { name: /^Library: / }).click();
    await page.locator('.library-entry', { hasText: 'My Library' }).click();
    await page.locator('#library-name', { hasText: 'My Library' }).waitFor();
    expect((await api<{ name: string }>(page, '/library/info')).name).toBe('My Library');
    await page.context().close();
  });

  it("shows the API's message as a toast when a request fails", async () => {
    const page = await freshApp(browser(), siteUrl);
    await page.goto(`${siteUrl}/?view=smart:NO_SUCH_FOLDER`);
    const toast = page.locator('.toast[data-kind="error"]');
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toMatch(/No smart folder with id "NO_SUCH_FOLDER"/);
    await page.context().close();
  });

  it('shows a shuffled Random view that pages as one shuffle, and reshuffles', async () => {
    const page = await freshApp(browser(), siteUrl);
    await seed(page, Array.from({ length: 40 }, (_, i) => ({ name: `r${i}` })));
    await waitForCount(page, 40);
    await page.getByLabel('Thumbnail size').fill('0');
    await page.locator('.nav-link[data-view="random"]').click();
    await waitForCount(page, 40);
    const seedOf = () => Number(new URL(page.url()).searchParams.get('seed'));
    const first = await api<{ ids: string[] }>(page, '/item/ids', { orderBy: 'RANDOM', seed: seedOf() });
    expect(await eventually(() => gridIds(page), first.ids)).toEqual(first.ids);
    await page.getByRole('button', { name: 'Shuffle' }).click();
    const second = await api<{ ids: string[] }>(page, '/item/ids', { orderBy: 'RANDOM', seed: seedOf() });
    expect(second.ids).not.toEqual(first.ids);
    expect(await eventually(() => gridIds(page), second.ids)).toEqual(second.ids);
    await page.context().close();
  });

  it('shows the item and the folder that item/open and folder/open ask for', async () => {
    const page = await freshApp(browser(), siteUrl);
    const folder = await api<{ id: string }>(page, '/folder/create', { name: 'Asked for' });
    const ids = await seed(page, Array.from({ length: 300 }, (_, i) => ({ name: `o${i}`, tags: i === 20 ? ['rare'] : [], folders: i < 3 ? [folder.id] : [] })));
    await waitForCount(page, 300);
    await page.locator('.nav-link[data-view="tag:rare"]').click();
    await waitForCount(page, 1);
    await api(page, '/item/open', { id: ids[20] });
    await page.locator(`[role=gridcell][data-id="${ids[20]}"][aria-selected="true"]`).waitFor();
    // An item the view leaves out: the app goes to All items, scrolls to it and selects it.
    await api(page, '/item/open', { id: ids[5] });
    const cell = page.locator(`[role=gridcell][data-id="${ids[5]}"][aria-selected="true"]`);
    await cell.waitFor();
    expect(await cell.getAttribute('data-index')).toBe('294');
    expect(await eventually(() => selectedIds(page), [ids[5]])).toEqual([ids[5]]);
    await page.keyboard.press('Escape');
    await api(page, '/folder/open', { id: folder.id });
    await waitForCount(page, 3);
    expect(await page.locator('.nav-link[aria-current="page"]').getAttribute('data-view')).toBe(`folder:${folder.id}`);
    await page.context().close();
  });

  it('resizes and collapses the side panels, and remembers them after a reload', async () => {
    const page = await freshApp(browser(), siteUrl);
    const sidebar = page.locator('#sidebar');
    const before = (await sidebar.boundingBox())!.width;
    const handle = page.getByRole('separator', { name: 'Resize the sidebar' });
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + 200, { steps: 4 });
    await page.mouse.up();
    await eventually(async () => Math.round((await sidebar.boundingBox())!.width - before), 80);
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    expect(Math.round((await sidebar.boundingBox())!.width - before)).toBe(70);
    await page.getByRole('button', { name: 'Show the inspector' }).click();
    await page.locator('#inspector-panel').waitFor({ state: 'detached' });
    await reloadApp(page);
    expect(Math.round((await sidebar.boundingBox())!.width - before)).toBe(70);
    expect(await page.locator('#inspector-panel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show the inspector' }).getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });
});
