/**
 * <item-inspector> in real Chromium through the real service worker: a person edits every field with
 * clicks and keys, and each edit is checked through the API and survives a fresh inspector.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ApiClient } from '../../loose-client';
import type { Comment, Folder, Item, Page } from '../../../src/app/api-types';
import '../../../src/app/inspector/item-inspector';
import type { ItemInspector } from '../../../src/app/inspector/item-inspector';
import type { CommentList } from '../../../src/app/comments/comment-list';
import '../../../src/app/viewer/item-viewer';
import type { ItemViewer } from '../../../src/app/viewer/item-viewer';
import { imageBase64 } from '../images';
import { isolatedClient } from '../service-worker';
import { mount, nextEvent, recordEvents, until } from './mount';

async function setup() {
  const { client, library } = await isolatedClient();
  const { id } = await client.post<{ id: string }>('/item/add', { name: 'sunset', base64: await imageBase64(64, 48, '#e07020'), tags: ['alpha'] });
  await client.post('/item/add', { bookmarkURL: 'https://example.com/b', tags: ['beta-tag'] });
  const projects = await client.post<Folder>('/folder/create', { name: 'Projects' });
  const summer = await client.post<Folder>('/folder/create', { name: 'Summer', parent: projects.id });
  const item = async () => (await client.get<Page<Item>>('/item/get', { id })).data[0]!;
  const inspector = mount<ItemInspector>('item-inspector', { api: client, library, itemId: id, selectionCount: 1 });
  await until(() => inspector.shadowRoot?.querySelector('#name'));
  return { client, id, summer, item, inspector };
}

describe('<item-inspector>', () => {
  it('edits name, rating, tags, folders, annotation and URL through the API', async () => {
    const { id, summer, item, inspector } = await setup();
    const changed = recordEvents<{ id: string }>(inspector, 'item-changed');
    await expect.element(page.getByRole('img', { name: 'sunset' })).toBeVisible();

    await userEvent.fill(page.getByLabelText('Name'), 'golden hour');
    await userEvent.keyboard('{Enter}');
    await until(() => changed.length === 1);
    expect((await item()).name).toBe('golden hour');

    await userEvent.click(page.getByRole('radio', { name: '3 stars' }));
    await until(() => changed.length === 2);
    await userEvent.keyboard('{ArrowRight}'); // focus stays on the group: one more star
    await until(() => changed.length === 3);
    expect((await item()).star).toBe(4);

    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'bet');
    await expect.element(page.getByRole('option', { name: 'beta-tag' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await until(() => changed.length === 4);
    await userEvent.keyboard('brand new{Enter}');
    await until(() => changed.length === 5);
    await userEvent.click(page.getByRole('button', { name: 'Remove tag alpha' }));
    await until(() => changed.length === 6);
    expect((await item()).tags).toEqual(['beta-tag', 'brand new']);

    await userEvent.selectOptions(page.getByLabelText('Add to folder'), summer.id);
    await until(() => changed.length === 7);
    expect((await item()).folders).toEqual([summer.id]);
    await expect.element(page.getByRole('button', { name: 'Remove from folder Projects / Summer' })).toBeVisible();

    await userEvent.fill(page.getByLabelText('Annotation'), 'Shot from the pier.');
    await userEvent.keyboard('{Tab}'); // leaving the annotation saves it
    await until(() => changed.length === 8);
    await userEvent.fill(page.getByLabelText('URL'), 'https://example.com/pier');
    await userEvent.keyboard('{Enter}');
    await until(() => changed.length === 9);
    expect(await item()).toMatchObject({ annotation: 'Shot from the pier.', url: 'https://example.com/pier' });
    expect(changed.every((detail) => detail.id === id)).toBe(true);

    // A fresh inspector (as after a reload) shows what the library holds.
    inspector.remove();
    const again = mount<ItemInspector>('item-inspector', { api: inspector.api, library: inspector.library, itemId: id });
    await until(() => again.shadowRoot?.querySelector('#name'));
    await expect.element(page.getByLabelText('Name')).toHaveValue('golden hour');
    await expect.element(page.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    await expect.element(page.getByLabelText('Annotation')).toHaveValue('Shot from the pier.');
    await expect.element(page.getByText('brand new')).toBeVisible();
    await expect.element(page.getByText('64 × 48')).toBeVisible();
    await expect.element(page.getByText('PNG')).toBeVisible();
  });

  it('offers the recently used tags when the tag box gets focus', async () => {
    const { item, inspector } = await setup();
    await userEvent.click(page.getByRole('combobox', { name: 'Add a tag' }));
    await expect.element(page.getByRole('listbox', { name: 'Recent tags' })).toBeVisible();
    await expect.element(page.getByRole('option', { name: 'alpha' })).not.toBeInTheDocument(); // already on the item
    const written = nextEvent(inspector, 'item-changed');
    await userEvent.click(page.getByRole('option', { name: 'beta-tag' }));
    await written;
    expect((await item()).tags).toEqual(['alpha', 'beta-tag']);
  });

  it('adds, edits and removes comments in place', async () => {
    const { client, id, inspector } = await setup();
    const comments = () => client.get<Comment[]>('/item/getComments', { id });

    await userEvent.fill(page.getByLabelText(/Add a comment/), 'Lovely light');
    let written = nextEvent(inspector, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Add comment' }));
    await written;
    expect(await comments()).toMatchObject([{ annotation: 'Lovely light', x: 0, y: 0, width: 64, height: 48 }]);

    await userEvent.click(page.getByRole('button', { name: /^Edit comment/ }));
    await userEvent.fill(page.getByRole('textbox', { name: 'Comment on the whole image' }), 'Lovely evening light');
    written = nextEvent(inspector, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await written;
    expect((await comments())[0]?.annotation).toBe('Lovely evening light');
    await expect.element(page.getByText('Lovely evening light')).toBeVisible();

    written = nextEvent(inspector, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: /^Remove comment/ }));
    await written;
    expect(await comments()).toEqual([]);
    await expect.element(page.getByText('No comments yet.')).toBeVisible();
  });

  it('reports the API message when a write is refused and keeps the stored value', async () => {
    const { item, inspector } = await setup();
    const error = nextEvent<{ message: string }>(inspector, 'api-error');
    await userEvent.fill(page.getByLabelText('Name'), 'x'.repeat(1100));
    await userEvent.keyboard('{Enter}');
    expect((await error).message).toMatch(/name/);
    expect((await item()).name).toBe('sunset');
    await expect.element(page.getByLabelText('Name')).toHaveValue('sunset');
  });

  it('follows changes made elsewhere, such as a comment drawn in the viewer', async () => {
    await page.viewport(1100, 680); // wide enough for the viewer's comments column
    const { client, id, inspector } = await setup();
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library: inspector.library, itemId: id }, '');
    await until(() => viewer.item?.id === id);
    await userEvent.fill(page.getByLabelText(/Add a comment/).last(), 'From the viewer');
    await userEvent.click(page.getByRole('button', { name: 'Add comment' }).last());
    await until(() => inspector.shadowRoot!.querySelector<CommentList>('comment-list')?.comments.length === 1);
    await expect.element(page.getByText('From the viewer').first()).toBeInTheDocument();
  });

  it('a reload that overlapped an edit does not bring back the item from before it', async () => {
    // A live batch reloads the inspector (its item/get held here) while the person adds a tag; the
    // reload answers last. Shown, the old tags would then be the base of the next tag added.
    const { client, item, inspector } = await setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated = Object.create(client) as ApiClient;
    gated.get = (async (path: string, query?: Parameters<ApiClient['get']>[1]) => {
      const answer = await client.get(path, query); // read now, answer late
      if (path === '/item/get') await held;
      return answer;
    }) as ApiClient['get'];
    inspector.api = gated;
    await inspector.updateComplete;
    const reading = inspector.load();
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'first');
    await userEvent.keyboard('{Enter}');
    await until(async () => (await item()).tags.includes('first'));
    release();
    await reading;
    await expect.element(page.getByRole('button', { name: 'Remove tag first' })).toBeVisible();
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'second');
    await userEvent.keyboard('{Enter}');
    await until(async () => (await item()).tags.length === 3);
    expect((await item()).tags).toEqual(['alpha', 'first', 'second']);
  });

  it('cuts a long unbroken tag inside its column instead of widening every field past the panel', async () => {
    const { id, item, inspector } = await setup();
    const long = 'an-exceptionally-long-tag-name-that-no-column-of-the-inspector-can-hold';
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), long);
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('button', { name: `Remove tag ${long}` })).toBeVisible();
    // The chip shows before the write is stored: wait for the write, as the other tag tests do.
    await until(async () => (await item()).tags.includes(long));
    expect((await item()).tags).toEqual(['alpha', long]);
    expect(inspector.scrollWidth, `inspector of item ${id}`).toBe(inspector.clientWidth);
    const panel = inspector.getBoundingClientRect();
    const remove = inspector.shadowRoot!.querySelector('tag-editor')!.shadowRoot!.querySelector(`[aria-label="Remove tag ${long}"]`)!.getBoundingClientRect();
    expect(remove.right).toBeLessThanOrEqual(panel.right);
  });

  it('shows the count when several items are selected', async () => {
    const { inspector } = await setup();
    inspector.selectionCount = 3;
    await expect.element(page.getByText('3 items selected')).toBeVisible();
  });
});
