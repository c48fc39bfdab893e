// <smart-folder-editor> through the real service worker: a person builds "width > 1920 AND
// type = png" from the getRules-driven form, watches the live count (smartFolder/count), sees the
// API's message beside an unfinished rule, saves, edits and removes. Checked through the API.
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ApiClient } from '../loose-client';
import '../../src/app/smart-folders/smart-folder-editor';
import type { SmartFolderEditor } from '../../src/app/smart-folders/smart-folder-editor';
import { seriousViolations } from './app/axe';
import { mount, until } from './app/mount';
import { screenshotAt } from './app/screenshots';
import { imageBase64 } from './images';
import { isolatedClient } from './service-worker';

afterEach(() => document.body.replaceChildren());

async function library() {
  const { client } = await isolatedClient();
  const add = async (name: string, width: number, type = 'image/png') =>
    (await client.post<{ id: string }>('/item/add', { name, base64: await imageBase64(width, 20, '#3366cc', type) })).id;
  const ids = { wide: await add('wide png', 2400), edge: await add('exactly 1920', 1920), jpeg: await add('wide jpeg', 2500, 'image/jpeg'), widest: await add('widest png', 3000), trashed: await add('trashed png', 3000) };
  await client.post('/item/update', { id: ids.trashed, isDeleted: true });
  return { client, ids };
}

async function openEditor(client: ApiClient, smartFolderId: string | null = null) {
  const editor = mount(document.createElement('smart-folder-editor'));
  editor.api = client;
  editor.smartFolderId = smartFolderId;
  await editor.updateComplete;
  await editor.loaded;
  await editor.updateComplete;
  const root = editor.shadowRoot!;
  const q = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const rule = <T extends Element>(g: number, r: number, selector: string) => q<T>(`[data-group="${g}"][data-rule="${r}"] ${selector}`);
  const button = (text: string) => [...root.querySelectorAll('button')].find((b) => b.textContent!.trim() === text || b.getAttribute('aria-label') === text)!;
  const countIs = (n: number) => until(() => q<HTMLOutputElement>('output').dataset.count, (c) => c === String(n));
  return { editor, root, q, rule, button, countIs };
}

const getItemIds = async (client: ApiClient, smartFolderId: string) =>
  (await client.get<{ data: { id: string }[] }>('/smartFolder/getItems', { smartFolderId, limit: 100 })).data.map((i) => i.id).sort();

describe('<smart-folder-editor>', () => {
  it('builds "width > 1920 AND type = png", counts live, saves, and getItems holds exactly those items', async () => {
    const { client, ids } = await library();
    const { editor, q, rule, button, countIs, root } = await openEditor(client);
    const saved: string[] = [];
    editor.addEventListener('smart-folder-saved', (e) => saved.push((e as CustomEvent<{ id: string }>).detail.id));
    // The form comes from getRules: every property is offered.
    const rules = await client.get<Record<string, unknown>>('/smartFolder/getRules');
    expect([...rule<HTMLSelectElement>(0, 0, 'select').options].map((o) => o.value)).toEqual(Object.keys(rules));

    await userEvent.click(q('input[name="name"]'));
    await userEvent.keyboard('Big PNGs');
    await userEvent.selectOptions(rule(0, 0, 'select[aria-label^="Property"]'), 'width');
    await userEvent.selectOptions(rule(0, 0, 'select[aria-label^="Condition"]'), '>');
    // An unfinished rule is not counted (no request that can only fail): the editor says what to do.
    await editor.updateComplete;
    expect(rule(0, 0, '.error')).toBeNull();
    expect(q('output').textContent).toBe('Fill in the rules to see matches');

    await userEvent.click(rule(0, 0, 'input[aria-label^="Value"]'));
    await userEvent.keyboard('1920');
    await countIs(3);
    await userEvent.click(button('+ Add rule to group 1'));
    expect(root.activeElement).toBe(rule(0, 1, 'select[aria-label^="Property"]'));
    await userEvent.selectOptions(rule(0, 1, 'select[aria-label^="Property"]'), 'type');
    await userEvent.click(rule(0, 1, 'input[aria-label^="Value"]'));
    await userEvent.keyboard('png');
    await countIs(2);
    const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'width', method: '>', value: [1920] }, { property: 'type', method: 'equal', value: 'png' }] }];
    expect(await client.post('/smartFolder/count', { conditions })).toEqual({ count: 2 });
    expect(await seriousViolations(editor)).toEqual([]);
    await screenshotAt('smart-folder-editor', 1280);
    await screenshotAt('smart-folder-editor', 390, 900);

    await userEvent.click(button('Create smart folder'));
    await until(() => saved.length, (n) => n === 1);
    expect(await getItemIds(client, saved[0]!)).toEqual([ids.wide, ids.widest].sort());
    const stored = (await client.get<{ data: { name: string; conditions: unknown }[] }>('/smartFolder/get', { id: saved[0]! })).data[0]!;
    expect(stored).toMatchObject({ name: 'Big PNGs', conditions });
  });

  it('edits a saved smart folder (any rule, excluded group, date between) and removes it', async () => {
    const { client, ids } = await library();
    const created = await client.post<{ id: string }>('/smartFolder/create', {
      name: 'PNG or wide', conditions: [{ match: 'AND', rules: [{ property: 'width', method: '>', value: [1920] }, { property: 'type', method: 'equal', value: 'png' }] }],
    });
    const { editor, q, rule, button, countIs, root } = await openEditor(client, created.id);
    expect(q<HTMLInputElement>('input[name="name"]').value).toBe('PNG or wide');
    expect(rule<HTMLInputElement>(0, 0, 'input').value).toBe('1920');
    await countIs(2);
    await userEvent.selectOptions(q('select[aria-label="Group 1: match all or any rule"]'), 'OR');
    await countIs(4);
    // A second group that excludes the JPEG by name.
    await userEvent.click(button('+ Add group'));
    expect(root.activeElement).toBe(rule(1, 0, 'select[aria-label^="Property"]'));
    await userEvent.selectOptions(q('select[aria-label="Group 2: include or exclude"]'), 'FALSE');
    await userEvent.selectOptions(rule(1, 0, 'select[aria-label^="Condition"]'), 'contain');
    await userEvent.click(rule(1, 0, 'input'));
    await userEvent.keyboard('jpeg');
    await countIs(3);
    // Dates come with between and two date fields; today's imports are inside this range.
    await userEvent.click(button('+ Add rule to group 2'));
    await userEvent.selectOptions(rule(1, 1, 'select[aria-label^="Property"]'), 'createTime');
    await userEvent.selectOptions(rule(1, 1, 'select[aria-label^="Condition"]'), 'between');
    expect(rule(1, 1, 'input[type="date"][aria-label^="To date"]')).toBeTruthy();
    await userEvent.click(button('Remove rule 2 of group 2'));
    await countIs(3);

    const saved = new Promise<string>((resolve) => editor.addEventListener('smart-folder-saved', (e) => resolve((e as CustomEvent<{ id: string }>).detail.id), { once: true }));
    await userEvent.click(button('Save changes'));
    expect(await saved).toBe(created.id);
    expect(await getItemIds(client, created.id)).toEqual([ids.wide, ids.edge, ids.widest].sort());

    const removed = new Promise<string>((resolve) => editor.addEventListener('smart-folder-removed', (e) => resolve((e as CustomEvent<{ id: string }>).detail.id), { once: true }));
    await userEvent.click(button('Remove…'));
    await userEvent.click(button('Remove'));
    expect(await removed).toBe(created.id);
    expect((await client.get<{ total: number }>('/smartFolder/get')).total).toBe(0);
  });

  it('drops the error of a load that a newer one replaced (another smart folder opened meanwhile)', async () => {
    const { client } = await library();
    const wide = await client.post<{ id: string }>('/smartFolder/create', { name: 'Wide', conditions: [{ match: 'AND', rules: [{ property: 'width', method: '>', value: [1920] }] }] });
    // The first folder's read fails, but only once the second folder is open.
    let failOld = (_error: Error) => {};
    const oldRead = new Promise<never>((_, reject) => (failOld = reject));
    const slow = Object.create(client) as ApiClient;
    slow.get = ((path: string, query?: { id?: string }) => (query?.id === 'old-folder' ? oldRead : client.get(path, query as never))) as ApiClient['get'];
    const editor = mount(document.createElement('smart-folder-editor'));
    const errors: string[] = [];
    editor.addEventListener('api-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
    editor.api = slow;
    editor.smartFolderId = 'old-folder';
    await editor.updateComplete;
    editor.smartFolderId = wide.id;
    await editor.updateComplete;
    await editor.loaded;
    await editor.updateComplete;
    failOld(new Error('the old read failed'));
    await oldRead.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve));
    expect(errors).toEqual([]);
    expect(editor.shadowRoot!.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('Wide');
  });

  it('reports a failed save as api-error with the API message', async () => {
    const { client } = await library();
    const { editor, button, q } = await openEditor(client);
    const errors: string[] = [];
    editor.addEventListener('api-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
    await userEvent.click(button('Create smart folder'));
    await until(() => errors.length, (n) => n > 0);
    expect(errors[0]).toMatch(/name|value/);
    await editor.updateComplete;
    expect(q('.error')?.textContent).toBeTruthy();
    expect((await client.get<{ total: number }>('/smartFolder/get')).total).toBe(0);
  });

  it('counts only complete rules, and shows an unfinished rule\'s API message beside it on save', async () => {
    const { client } = await library();
    const { editor, root, rule, q, button } = await openEditor(client);
    let counts = 0;
    editor.addEventListener('counted', () => (counts += 1));
    await userEvent.selectOptions(rule(0, 0, 'select[aria-label^="Property"]'), 'width');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await editor.updateComplete;
    // Nothing was counted (the rule has no value yet) and nothing is red before a save.
    expect(counts).toBe(0);
    expect(root.querySelector('.error')).toBeNull();
    expect(q('output').textContent).toBe('Fill in the rules to see matches');
    await userEvent.click(q('input[name="name"]'));
    await userEvent.keyboard('Wide');
    await userEvent.click(button('Create smart folder'));
    const message = await until(() => rule(0, 0, '.error')?.textContent ?? '', (text) => text.length > 0);
    expect(message).toMatch(/^value: must be/);
    expect(rule(0, 0, 'input').getAttribute('aria-invalid')).toBe('true');
    expect((await client.get<{ total: number }>('/smartFolder/get')).total).toBe(0);
    // Filled in, it is counted again.
    await userEvent.click(rule(0, 0, 'input[aria-label^="Value"]'));
    await userEvent.keyboard('1920');
    await until(() => q<HTMLOutputElement>('output').dataset.count, (c) => c !== '');
    expect(counts).toBe(1);
  });
});
