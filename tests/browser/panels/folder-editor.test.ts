/**
 * <folder-editor> in real Chromium through the real service worker: a person creates a nested folder
 * with a colour, a description and auto-tags, edits it, and tries to move it under its own subfolder;
 * each result is checked through folder/get.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { Folder, Item, Page } from '../../../src/app/api-types';
import '../../../src/app/folders/folder-editor';
import type { FolderEditor } from '../../../src/app/folders/folder-editor';
import { isolatedClient } from '../service-worker';
import { mount, nextEvent, recordEvents, until } from './mount';

const folderOf = async (client: Awaited<ReturnType<typeof isolatedClient>>['client'], id: string) =>
  (await client.get<Page<Folder>>('/folder/get', { id })).data[0]!;

describe('<folder-editor>', () => {
  it('creates a nested folder with colour and auto-tags, then edits it', async () => {
    const { client } = await isolatedClient();
    const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
    const editor = mount<FolderEditor>('folder-editor', { api: client, folderId: null, parent: travel.id, open: true }, '');
    await expect.element(page.getByRole('dialog', { name: 'New folder' })).toBeVisible();
    await until(() => editor.shadowRoot!.querySelector<HTMLSelectElement>('#parent')?.value === travel.id);

    await userEvent.fill(page.getByLabelText('Name'), 'Coast');
    await userEvent.fill(page.getByLabelText('Description'), 'Harbours and beaches');
    await userEvent.click(page.getByRole('radio', { name: 'Aqua' }));
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'sea');
    await userEvent.keyboard('{Enter}summer{Enter}');
    const saved = nextEvent<{ id: string }>(editor, 'folder-saved');
    await userEvent.click(page.getByRole('button', { name: 'Create folder' }));
    const { id } = await saved;
    expect(await folderOf(client, id)).toMatchObject({
      name: 'Coast', description: 'Harbours and beaches', iconColor: 'aqua', tags: ['sea', 'summer'], parent: travel.id,
    });
    const tree = (await client.get<Page<Folder>>('/folder/get')).data;
    expect(tree.map((f) => f.name)).toEqual(['Travel']);
    expect(tree[0]!.children.map((f) => f.id)).toEqual([id]);
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(editor.open).toBe(false);

    // The auto-tags reach items added to the folder.
    const { id: itemId } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/pier', folders: [id] });
    expect((await client.get<Page<Item>>('/item/get', { id: itemId })).data[0]!.tags).toEqual(expect.arrayContaining(['sea', 'summer']));

    // Edit: the dialog shows what the library holds; change name, colour, a tag and the parent.
    editor.folderId = id;
    editor.open = true;
    await expect.element(page.getByRole('dialog', { name: 'Edit folder' })).toBeVisible();
    await expect.element(page.getByLabelText('Name')).toHaveValue('Coast');
    await expect.element(page.getByRole('radio', { name: 'Aqua' })).toBeChecked();
    await userEvent.fill(page.getByLabelText('Name'), 'Coast 2026');
    await userEvent.click(page.getByRole('radio', { name: 'Pink' }));
    await userEvent.click(page.getByRole('button', { name: 'Remove tag summer' }));
    await userEvent.selectOptions(page.getByLabelText('Parent folder'), '');
    const edited = nextEvent<{ id: string }>(editor, 'folder-saved');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    expect(await edited).toEqual({ id });
    expect(await folderOf(client, id)).toMatchObject({
      name: 'Coast 2026', description: 'Harbours and beaches', iconColor: 'pink', tags: ['sea'], parent: null,
    });
  });

  it("offers neither the folder nor its subfolders as its parent, and shows the API's message when a save is refused", async () => {
    const { client } = await isolatedClient();
    const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
    await client.post<Folder>('/folder/create', { name: 'Coast', parent: travel.id });
    const other = await client.post<Folder>('/folder/create', { name: 'Other' });
    const editor = mount<FolderEditor>('folder-editor', { api: client, folderId: travel.id, parent: null, open: true }, '');
    await expect.element(page.getByLabelText('Name')).toHaveValue('Travel');
    const parents = page.getByLabelText('Parent folder');
    await expect.element(parents.getByRole('option', { name: 'Travel' })).toBeDisabled();
    await expect.element(parents.getByRole('option', { name: 'Coast' })).toBeDisabled();
    await expect.element(parents.getByRole('option', { name: 'Other' })).toBeEnabled();
    await userEvent.selectOptions(parents, other.id);

    // The parent picked was removed meanwhile (another tab): the API's message shows, nothing changes.
    const errors = recordEvents<{ message: string }>(editor, 'api-error');
    await client.post('/folder/remove', { folderId: other.id });
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await until(() => errors.length === 1);
    const refused = await client.post('/folder/update', { id: travel.id, parent: other.id }).catch((e: { body: { message: string } }) => e.body.message);
    expect(errors[0]!.message).toBe(refused);
    await expect.element(page.getByRole('alert')).toHaveTextContent(String(refused));
    await expect.element(page.getByRole('dialog', { name: 'Edit folder' })).toBeVisible();
    expect((await folderOf(client, travel.id)).parent).toBeNull();

    // Escape closes without saving.
    const closed = nextEvent(editor, 'folder-editor-close');
    await userEvent.keyboard('{Escape}');
    await closed;
    expect(editor.open).toBe(false);
  });

  it('opened again for another folder before the first one\'s read answers, shows and saves the second one only', async () => {
    const { client } = await isolatedClient();
    const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
    const coast = await client.post<Folder>('/folder/create', { name: 'Coast' });
    // Travel's read is held until Coast's dialog has shown Coast.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let late: Promise<unknown> | undefined;
    const slow = Object.create(client) as typeof client;
    slow.get = (async (path: string, query?: Record<string, unknown>) => {
      if (query?.id !== travel.id) return client.get(path, query as never);
      await held;
      return (late = client.get(path, query as never));
    }) as typeof client.get;
    const editor = mount<FolderEditor>('folder-editor', { api: slow, folderId: travel.id, parent: null, open: true }, '');
    await expect.element(page.getByRole('dialog', { name: 'Edit folder' })).toBeVisible();
    editor.close();
    editor.folderId = coast.id;
    editor.open = true;
    await expect.element(page.getByLabelText('Name')).toHaveValue('Coast');
    // Travel's answer arrives late: it must not take the place of Coast's name, nor of what is saved.
    release();
    await until(() => late !== undefined);
    await late;
    await new Promise((resolve) => setTimeout(resolve));
    await editor.updateComplete;
    await expect.element(page.getByLabelText('Name')).toHaveValue('Coast');
    await userEvent.click(page.getByRole('radio', { name: 'Aqua' }));
    const saved = nextEvent<{ id: string }>(editor, 'folder-saved');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    expect(await saved).toEqual({ id: coast.id });
    expect(await folderOf(client, coast.id)).toMatchObject({ name: 'Coast', iconColor: 'aqua' });
    expect(await folderOf(client, travel.id)).toMatchObject({ name: 'Travel', iconColor: '' });
  });
});
