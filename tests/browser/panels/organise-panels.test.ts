/**
 * The bulk editor and the folder editor with real content: axe-core finds no serious or critical
 * violation, nothing scrolls sideways at 390 px, and screenshots at 1280 and 390 px go to
 * test-results/screenshots/organise/ (git-ignored) for a person to look at.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/app/bulk-edit/bulk-editor';
import type { BulkEditor } from '../../../src/app/bulk-edit/bulk-editor';
import '../../../src/app/folders/folder-editor';
import type { FolderEditor } from '../../../src/app/folders/folder-editor';
import { seriousViolations } from './axe';
import { mount, until } from './mount';
import { organiseLibrary } from './organise-library';

const OUT = '../../../test-results/screenshots/organise';

describe.each([
  [1280, 800],
  [390, 844],
])('organising panels at %i px', (width, height) => {
  it('bulk editor', async () => {
    await page.viewport(width, height);
    const { client, ids } = await organiseLibrary();
    const editor = mount<BulkEditor>('bulk-editor', { api: client, ids },
      `display:block;width:${Math.min(width, 360)}px;height:${height}px;border-left:1px solid #ddd`);
    await expect.element(page.getByText('40 items selected')).toBeVisible();
    await until(() => editor.shadowRoot?.querySelector('star-rating'));
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'r');
    await expect.element(page.getByRole('option', { name: 'reference' })).toBeVisible(); // the open listbox is checked too
    expect(await seriousViolations(editor)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/bulk-editor-${width}.png`, element: editor });
    await userEvent.keyboard('{Escape}');
    editor.scrollTop = editor.scrollHeight;
    await page.screenshot({ path: `${OUT}/bulk-editor-${width}-lower.png`, element: editor });
  });

  it('bulk editor keeps presence names readable in a narrow panel: the count and buttons wrap below', async () => {
    await page.viewport(width, height);
    const { client, ids } = await organiseLibrary();
    // Narrower than the inspector, as "3,001 of 40,000" with both buttons makes its rows at 300 px.
    const editor = mount<BulkEditor>('bulk-editor', { api: client, ids }, `display:block;width:240px;height:${height}px`);
    await expect.element(page.getByText('40 items selected')).toBeVisible();
    await until(() => editor.shadowRoot?.querySelector('.presence .name'));
    const names = [...editor.shadowRoot!.querySelectorAll<HTMLElement>('.presence .name')];
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(name.clientWidth, name.textContent!).toBeGreaterThanOrEqual(Math.min(name.scrollWidth, 60));
    await page.screenshot({ path: `${OUT}/bulk-editor-narrow-${width}.png`, element: editor });
  });

  it('folder editor, with a refused move', async () => {
    await page.viewport(width, height);
    const { client, travel } = await organiseLibrary();
    await client.post('/folder/update', { id: travel.id, iconColor: 'blue', tags: ['trip'], description: 'Everything from the road' });
    const elsewhere = await client.post<{ id: string }>('/folder/create', { name: 'Elsewhere' });
    const editor = mount<FolderEditor>('folder-editor', { api: client, folderId: travel.id, parent: null, open: true }, '');
    await expect.element(page.getByLabelText('Name')).toHaveValue('Travel');
    expect(await seriousViolations(editor)).toEqual([]);
    await page.screenshot({ path: `${OUT}/folder-editor-${width}.png` });
    await userEvent.selectOptions(page.getByLabelText('Parent folder'), elsewhere.id);
    // The parent picked is removed meanwhile (another tab): the save is refused.
    await client.post('/folder/remove', { folderId: elsewhere.id });
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(editor)).toEqual([]);
    expect(editor.shadowRoot!.querySelector('dialog')!.scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/folder-editor-${width}-refused.png` });
  });
});
