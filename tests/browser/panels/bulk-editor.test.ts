/**
 * <bulk-editor> in real Chromium through the real service worker: a person tags 500 selected items in
 * one bulk edit, removes a tag only some carry, sets the rating, trashes and restores, each checked
 * through the API afterwards.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { Folder, Item, Page, Tag } from '../../../src/app/api-types';
import '../../../src/app/bulk-edit/bulk-editor';
import type { BulkEditor } from '../../../src/app/bulk-edit/bulk-editor';
import { ApiClient, isolatedClient } from '../service-worker';
import { mount, nextEvent, recordEvents, until } from './mount';

async function setup(count: number) {
  const { client, library } = await isolatedClient();
  const items = Array.from({ length: count }, (_, i) => ({
    name: `bookmark ${i}`, bookmarkURL: `https://example.com/${i}`, tags: i % 2 ? ['odd', 'kept'] : ['kept'],
  }));
  const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
  const all = async () => {
    const [kept, trashed] = await Promise.all([
      client.post<Page<Item>>('/item/get', { ids, limit: 1000 }),
      client.post<Page<Item>>('/item/get', { ids, limit: 1000, isDeleted: true }),
    ]);
    return [...kept.data, ...trashed.data];
  };
  const tagCount = async (name: string) => (await client.get<Page<Tag>>('/tag/get', { name })).data.find((t) => t.name === name)?.count ?? 0;
  const editor = mount<BulkEditor>('bulk-editor', { api: client, ids });
  await expect.element(page.getByText('500 items selected')).toBeVisible();
  await until(() => editor.shadowRoot?.querySelector('tag-editor'));
  return { client, library, ids, all, tagCount, editor };
}

describe('<bulk-editor>', () => {
  it('tags 500 selected items in one edit with no lost write, then removes a tag only some carry', async () => {
    const { ids, all, tagCount, editor } = await setup(500);
    await expect.element(page.getByText('250 of 500')).toBeVisible(); // "odd": only some carry it
    await expect.element(page.getByText('all 500')).toBeVisible(); // "kept": every item

    const changed = nextEvent<{ ids: string[] }>(editor, 'items-changed', 30_000);
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'reviewed');
    await userEvent.keyboard('{Enter}');
    expect((await changed).ids.sort()).toEqual([...ids].sort());
    expect(await tagCount('reviewed')).toBe(500);
    expect((await all()).filter((i) => i.tags.includes('reviewed') && i.tags.includes('kept'))).toHaveLength(500);
    await expect.element(page.getByRole('status')).toHaveTextContent('Adding tag “reviewed”: done for 500 items (500 changed).');

    const removed = nextEvent<{ ids: string[] }>(editor, 'items-changed', 30_000);
    await userEvent.click(page.getByRole('button', { name: 'Remove tag odd from 250 items' }));
    expect((await removed).ids).toHaveLength(250);
    expect(await tagCount('odd')).toBe(0);
    expect((await all()).every((i) => !i.tags.includes('odd') && i.tags.includes('reviewed'))).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Remove tag odd from 250 items' })).not.toBeInTheDocument();
  }, 60_000);

  it('sets the rating, adds to and removes from a folder, trashes and restores', async () => {
    const { client, ids, all, editor } = await setup(500);
    const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
    const coast = await client.post<Folder>('/folder/create', { name: 'Coast', parent: travel.id });
    await editor.load();
    const changes = recordEvents<{ ids: string[] }>(editor, 'items-changed');

    await userEvent.click(page.getByRole('radio', { name: '3 stars' }));
    await until(() => changes.length === 1, 30_000);
    expect((await all()).every((i) => i.star === 3)).toBe(true);

    await userEvent.selectOptions(page.getByLabelText('Add to folder'), coast.id);
    await until(() => changes.length === 2, 30_000);
    expect((await client.get<Page<Folder>>('/folder/get', { id: coast.id })).data[0]!.imageCount).toBe(500);
    await userEvent.click(page.getByRole('button', { name: 'Remove folder Travel / Coast from 500 items' }));
    await until(() => changes.length === 3, 30_000);
    expect((await all()).every((i) => i.folders.length === 0)).toBe(true);

    await userEvent.click(page.getByRole('button', { name: 'Move to trash' }));
    await until(() => changes.length === 4, 30_000);
    expect((await all()).every((i) => i.isDeleted)).toBe(true);
    expect(await client.get<number>('/item/countAll')).toBe(0);
    await expect.element(page.getByText('500 items in the trash')).toBeVisible();

    await userEvent.click(page.getByRole('button', { name: 'Restore' }));
    await until(() => changes.length === 5, 30_000);
    expect(await client.get<number>('/item/countAll')).toBe(500);
    expect(changes.map((c) => c.ids.length)).toEqual([500, 500, 500, 500, 500]);
    expect(ids).toHaveLength(500);
  }, 60_000);

  /** An editor of 500 items whose item/get requests wait while `shut()` holds them, until `open()`. */
  async function gatedEditor() {
    const { client, library } = await isolatedClient();
    const items = Array.from({ length: 500 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}` }));
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
    let open = () => {};
    let gate: Promise<void> = Promise.resolve();
    const api = new ApiClient({
      library,
      fetch: async (url, init) => {
        if (url.endsWith('/item/get')) await gate;
        return fetch(url, init);
      },
    });
    const editor = mount<BulkEditor>('bulk-editor', { api, ids });
    await until(() => editor.shadowRoot?.querySelector('tag-editor'));
    await expect.element(page.getByRole('status')).not.toHaveTextContent('Reading the selection');
    const shut = () => (gate = new Promise((resolve) => (open = resolve)));
    return { client, ids, editor, shut, open: () => open() };
  }

  it('applies a tag entered while the selection is read again, once the read ends', async () => {
    const { client, editor, shut, open } = await gatedEditor();
    // item/get waits, so the editor stays in "Reading the selection" as long as the test needs.
    shut();
    const reread = editor.load(); // as after an outside change to the selected items
    await expect.element(page.getByRole('status')).toHaveTextContent('Reading the selection');
    const changed = nextEvent<{ ids: string[]; count: number }>(editor, 'items-changed', 30_000);
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'late');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('status')).toHaveTextContent('Then: Adding tag “late”.');
    open();
    await reread;
    expect((await changed).count).toBe(500);
    const tag = (await client.get<Page<Tag>>('/tag/get', { name: 'late' })).data.find((t) => t.name === 'late');
    expect(tag?.count).toBe(500);
    await expect.element(page.getByRole('status')).toHaveTextContent('Adding tag “late”: done for 500 items (500 changed).');
    await expect.element(page.getByText('all 500')).toBeVisible();
  }, 60_000);

  it('refuses a tag still waiting when the selection changes before its turn, and says so', async () => {
    const { client, ids, editor, shut, open } = await gatedEditor();
    shut();
    void editor.load();
    await expect.element(page.getByRole('status')).toHaveTextContent('Reading the selection');
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'meant for 500');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('status')).toHaveTextContent('Then: Adding tag “meant for 500”.');
    const errors = recordEvents<{ message: string }>(editor, 'api-error');
    editor.ids = ids.slice(0, 10); // the person selects other items meanwhile
    open();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Adding tag “meant for 500” was not applied: the selection changed before its turn.');
    await expect.element(page.getByText('10 items selected')).toBeVisible();
    expect(errors.map((e) => e.message)).toEqual(['Adding tag “meant for 500” was not applied: the selection changed before its turn.']);
    expect((await client.post<Page<Item>>('/item/get', { tags: ['meant for 500'], limit: 1 })).total).toBe(0);
  }, 60_000);

  it('says what was and was not applied when the API refuses a batch', async () => {
    const { client, library } = await isolatedClient();
    const items = Array.from({ length: 1500 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}` }));
    const ids = [
      ...(await client.post<{ ids: string[] }>('/item/add', { items: items.slice(0, 1000) })).ids,
      ...(await client.post<{ ids: string[] }>('/item/add', { items: items.slice(1000) })).ids,
    ];
    // The second batch reaches the worker with a bad entry 7, as a buggy client would send it: the API refuses all of it.
    let updates = 0;
    const api = new ApiClient({
      library,
      fetch: (url, init) => {
        if (url.endsWith('/item/update') && ++updates === 2) {
          const body = JSON.parse(String(init!.body));
          body.items[7].star = 9;
          init = { ...init, body: JSON.stringify(body) };
        }
        return fetch(url, init);
      },
    });
    const editor = mount<BulkEditor>('bulk-editor', { api, ids });
    await expect.element(page.getByText('1,500 items selected')).toBeVisible();
    await until(() => editor.shadowRoot?.querySelector('star-rating'));
    const errors = recordEvents<{ message: string }>(editor, 'api-error');
    const changed = nextEvent<{ ids: string[] }>(editor, 'items-changed', 30_000);
    await userEvent.click(page.getByRole('radio', { name: '2 stars' }));
    expect((await changed).ids).toEqual(ids.slice(0, 1000));
    await until(() => errors.length === 1, 30_000);
    const message = `Rating 2 of 5 stopped: 1,000 items of 1,500 done, 500 items not changed. item ${ids[1007]}.star: `;
    expect(errors[0]!.message.startsWith(message)).toBe(true);
    await expect.element(page.getByRole('alert')).toHaveTextContent(message);
    const stars = await client.post<Page<Item>>('/item/get', { ids, fields: ['star'], limit: 1000, rating: 2 });
    expect(stars.data.map((i) => i.id).sort()).toEqual(ids.slice(0, 1000).sort());
  }, 60_000);

  it('shows the first 30 tags of a long list, all on request, and a mixed rating as mixed', async () => {
    const { client } = await isolatedClient();
    const items = Array.from({ length: 35 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, tags: [`tag ${String(i).padStart(2, '0')}`] }));
    const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
    await client.post('/item/update', { id: ids[0], star: 5 });
    const editor = mount<BulkEditor>('bulk-editor', { api: client, ids });
    const rows = () => editor.shadowRoot!.querySelectorAll('ul[aria-label="Tags of the selection"] > li').length;
    await until(() => rows() === 30);
    await expect.element(page.getByText('Mixed')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Show all 35 tags' }));
    await until(() => rows() === 35);
    await expect.element(page.getByText('1 of 35').first()).toBeVisible();
  });
});
