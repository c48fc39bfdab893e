/**
 * The sidebar's tags (issue 41, point 9): grouped by their tag groups, groups first and collapsible
 * from the keyboard, then the tags in no group, each group and tag in its colour. Screenshots at 1280
 * and 390 px go to test-results/screenshots/sidebar/ (git-ignored) for a person to look at.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/app/ui/theme.css';
import '../../../src/app/sidebar/side-bar';
import type { SideBar } from '../../../src/app/sidebar/side-bar';
import { SidebarStore } from '../../../src/app/sidebar/sidebar-store';
import { isolatedClient } from '../service-worker';
import { seriousViolations } from './axe';
import { mount, until } from './mount';

const OUT = '../../../test-results/screenshots/sidebar';

async function groupedLibrary() {
  const { client } = await isolatedClient();
  await client.post('/item/add', {
    items: [
      { name: 'Harbour', bookmarkURL: 'https://example.com/1', tags: ['harbour', 'sunset', 'blue hour'] },
      { name: 'Alley', bookmarkURL: 'https://example.com/2', tags: ['street', 'sunset', 'draft'] },
      { name: 'Cat', bookmarkURL: 'https://example.com/3', tags: ['cat', 'draft'] },
    ],
  });
  await client.post('/tagGroup/create', { name: 'Places', tags: ['harbour', 'street'], color: 'blue' });
  await client.post('/tagGroup/create', { name: 'Light', tags: ['sunset', 'blue hour'], color: 'orange' });
  await client.post('/tag/update', { originalName: 'sunset', color: 'red' });
  const store = new SidebarStore(client);
  await store.load();
  return store;
}

/** The text of each visible row of the Tags list, in order (group rows start with "group:"). */
function tagRows(sidebar: SideBar): string[] {
  const list = sidebar.querySelector('ul[aria-labelledby="tags-heading"]')!;
  return [...list.querySelectorAll<HTMLElement>('.tag-group-toggle, .nav-item .nav-link')]
    .map((row) => `${row.classList.contains('tag-group-toggle') ? 'group:' : ''}${row.querySelector('.nav-label')!.textContent}`);
}

describe('sidebar tags', () => {
  it('lists tags under their groups, groups first, then the tags in no group, with colours', async () => {
    const store = await groupedLibrary();
    const sidebar = mount<SideBar>('side-bar', { store }, 'display:block;width:260px');
    await until(() => sidebar.querySelector('.tag-group-toggle'));
    expect(tagRows(sidebar)).toEqual(['group:Places', 'harbour', 'street', 'group:Light', 'sunset', 'blue hour', 'draft', 'cat']);
    const places = page.getByRole('button', { name: /^Places\W+blue/ });
    await expect.element(places).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByRole('button', { name: /^sunset\W+red/ })).toBeVisible();
    const dot = sidebar.querySelector('[data-group] .colour-dot') as HTMLElement;
    expect(getComputedStyle(dot).backgroundColor).toBe('rgb(62, 99, 221)'); // blue
    expect(await seriousViolations(sidebar)).toEqual([]);
  });

  it('a group closes and opens from the keyboard, and its tags open their view', async () => {
    const store = await groupedLibrary();
    const sidebar = mount<SideBar>('side-bar', { store }, 'display:block;width:260px');
    const places = page.getByRole('button', { name: /^Places/ });
    await expect.element(places).toBeVisible();
    (places.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(places).toHaveAttribute('aria-expanded', 'false');
    expect(tagRows(sidebar)).toEqual(['group:Places', 'group:Light', 'sunset', 'blue hour', 'draft', 'cat']);
    expect(document.activeElement).toBe(places.element());
    await userEvent.keyboard(' ');
    await expect.element(places).toHaveAttribute('aria-expanded', 'true');
    expect(tagRows(sidebar)).toContain('street');
    const chosen = new Promise<unknown>((resolve) => sidebar.addEventListener('view-selected', (e) => resolve((e as CustomEvent).detail), { once: true }));
    await userEvent.click(page.getByRole('button', { name: /^street/ }));
    expect(await chosen).toEqual({ kind: 'tag', id: 'street' });
  });
});

describe.each([
  [1280, 800],
  [390, 844],
])('sidebar tags at %i px', (width, height) => {
  it('screenshot', async () => {
    await page.viewport(width, height);
    const store = await groupedLibrary();
    const sidebar = mount<SideBar>('side-bar', { store }, `display:block;width:${Math.min(width, 280)}px;background:#fff;border-right:1px solid #ddd`);
    await until(() => sidebar.querySelector('.tag-group-toggle'));
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/sidebar-tags-${width}.png`, element: sidebar });
  });
});
