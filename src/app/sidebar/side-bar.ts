/**
 * The left panel: built-in views with counts, the folder tree (expandable, with counts), smart
 * folders and tags (starred first). Choosing an entry sets the view. "New smart folder", each
 * smart folder's Edit button and "Manage tags" ask the shell (`smart-folder-edit` {id | null},
 * `manage-tags`) to open their dialogs (sidebar-dialogs.ts); the folder
 * buttons (folder-buttons.ts) ask it to create or edit a folder.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Folder, SmartFolder } from '../api-types';
import { viewKey, type BuiltInView, type View } from '../search/view-state';
import { StoreController } from '../state/store';
import { formatCount } from '../ui/format';
import { icon, type IconName } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import { editFolderButton, newFolderButton } from './folder-buttons';
import type { SidebarStore } from './sidebar-store';
import './sidebar.css';

const BUILT_IN: { view: BuiltInView; label: string; icon: IconName }[] = [
  { view: 'all', label: 'All items', icon: 'all' },
  { view: 'unfiled', label: 'Unfiled', icon: 'unfiled' },
  { view: 'untagged', label: 'Untagged', icon: 'untagged' },
  { view: 'random', label: 'Random', icon: 'random' },
  { view: 'trash', label: 'Trash', icon: 'trash' },
];
const TAGS_SHOWN = 40;

export class SideBar extends LightElement {
  declare store: SidebarStore;
  declare current: View;
  declare private expanded: Set<string>;
  declare private allTags: boolean;
  static override properties = { store: { attribute: false }, current: { attribute: false }, expanded: { state: true }, allTags: { state: true } };

  constructor() {
    super();
    this.current = { kind: 'all' };
    this.expanded = new Set();
    this.allTags = false;
    new StoreController(this, () => (this.store ? [this.store] : []));
  }

  private choose(view: View): void {
    this.dispatchEvent(new CustomEvent<View>('view-selected', { detail: view, bubbles: true }));
  }

  private toggle(id: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(id)) next.add(id);
    this.expanded = next;
  }

  private ask(type: 'smart-folder-edit' | 'manage-tags', detail: string | null = null): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  private heading(id: string, text: string, action: TemplateResult): TemplateResult {
    return html`<div class="nav-heading-row"><h2 class="nav-heading" id=${id}>${text}</h2>${action}</div>`;
  }

  private entry(view: View, label: string, iconName: IconName, count: number | undefined, depth = 0, toggle?: TemplateResult, after?: TemplateResult): TemplateResult {
    const current = viewKey(view) === viewKey(this.current);
    return html`<li class="nav-item" style="--depth:${depth}">
      ${toggle ?? html`<span class="twisty-space"></span>`}
      <button class="nav-link" aria-current=${current ? 'page' : 'false'} data-view=${viewKey(view)} @click=${() => this.choose(view)}>
        ${icon(iconName, 16)}<span class="nav-label">${label}</span>
        ${count === undefined ? nothing : html`<span class="nav-count" aria-label="${formatCount(count)} items">${formatCount(count)}</span>`}
      </button>
      ${after ?? nothing}
    </li>`;
  }

  private folderTree(folders: readonly Folder[], depth: number): TemplateResult[] {
    return folders.flatMap((folder) => {
      const open = this.expanded.has(folder.id);
      const twisty = folder.children.length
        ? html`<button class="twisty" aria-expanded=${open ? 'true' : 'false'} aria-label="${open ? 'Collapse' : 'Expand'} ${folder.name}" @click=${() => this.toggle(folder.id)}>${icon('chevron', 14)}</button>`
        : undefined;
      const row = this.entry({ kind: 'folder', id: folder.id }, folder.name, 'folder', folder.imageCount, depth, twisty, editFolderButton(folder));
      return open ? [row, ...this.folderTree(folder.children, depth + 1)] : [row];
    });
  }

  private smartTree(folders: readonly SmartFolder[], depth: number): TemplateResult[] {
    return folders.flatMap((folder) => [
      this.entry({ kind: 'smart', id: folder.id }, folder.name, 'smart', folder.imageCount, depth, undefined,
        html`<button class="nav-action" aria-label="Edit ${folder.name}" title="Edit or remove" @click=${() => this.ask('smart-folder-edit', folder.id)}>${icon('edit', 14)}</button>`),
      ...this.smartTree(folder.children, depth + 1),
    ]);
  }

  override render() {
    const store = this.store;
    if (!store) return nothing;
    const tags = this.allTags ? store.tags : store.tags.slice(0, TAGS_SHOWN);
    return html`<nav class="sidebar-nav" aria-label="Library">
      <ul class="nav-list" aria-label="Views">
        ${BUILT_IN.map((entry) => this.entry({ kind: entry.view }, entry.label, entry.icon, store.counts[entry.view]))}
      </ul>
      ${this.heading('folders-heading', 'Folders', newFolderButton())}
      ${store.folders.length
        ? html`<ul class="nav-list" aria-labelledby="folders-heading">${this.folderTree(store.folders, 0)}</ul>`
        : html`<p class="nav-empty">No folders yet</p>`}
      ${this.heading('smart-heading', 'Smart folders', html`<button class="nav-action" aria-label="New smart folder" title="New smart folder" @click=${() => this.ask('smart-folder-edit')}>${icon('plus', 14)}</button>`)}
      ${store.smartFolders.length
        ? html`<ul class="nav-list" aria-labelledby="smart-heading">${this.smartTree(store.smartFolders, 0)}</ul>`
        : html`<p class="nav-empty">No smart folders yet</p>`}
      ${this.heading('tags-heading', 'Tags', html`<button class="nav-action" aria-label="Manage tags" title="Manage tags" @click=${() => this.ask('manage-tags')}>${icon('edit', 14)}</button>`)}
      ${store.tags.length
        ? html`<ul class="nav-list" aria-labelledby="tags-heading">
            ${tags.map((tag) => this.entry({ kind: 'tag', id: tag.name }, tag.name, tag.starred ? 'star' : 'tag', tag.count))}
          </ul>`
        : html`<p class="nav-empty">No tags yet</p>`}
      ${store.tags.length > TAGS_SHOWN
        ? html`<button class="btn nav-more" @click=${() => (this.allTags = !this.allTags)}>
            ${this.allTags ? 'Show fewer tags' : `Show all ${formatCount(store.tagTotal)} tags`}
          </button>`
        : nothing}
    </nav>`;
  }
}
customElements.define('side-bar', SideBar);
