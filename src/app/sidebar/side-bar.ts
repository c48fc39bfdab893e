/**
 * The left panel: built-in views with counts, the folder tree (expandable, with counts), smart
 * folders and tags (starred first). Choosing an entry sets the view. "New smart folder", each
 * smart folder's Edit button and "Manage tags" ask the shell (`smart-folder-edit` {id | null},
 * `manage-tags`, `find-duplicates`) to open their dialogs (sidebar-dialogs.ts); the folder
 * buttons (folder-buttons.ts) ask it to create or edit a folder. Folder rows are dragged and
 * dropped (folder-drop.ts), have a context menu (folder-menu.ts) and rename in place; what the
 * person asks for goes to the shell as `folder-new` {parent}, `folder-edit`, `folder-move`,
 * `folder-move-to` {id}, `folder-rename` {id, name} and `items-to-folder`. `jobs` shows the
 * progress of items being added to or removed from a folder on its row.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Folder, SmartFolder, Tag } from '../api-types';
import type { FolderActions } from '../folders/folder-actions';
import { viewKey, type BuiltInView, type View } from '../search/view-state';
import { StoreController } from '../state/store';
import { folderCountWords } from '../folders/folder-count';
import { formatCount, plural } from '../ui/format';
import { icon, type IconName } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import { editFolderButton, newFolderButton } from './folder-buttons';
import { FolderDrop } from './folder-drop';
import type { FolderMenu } from './folder-menu';
import { FolderRename } from './folder-rename';
import './folder-menu';

/** The Publish dialog and its code load when first asked for. */
const publishDialog = () => import('../publish/publish-dialog');
import type { SidebarStore } from './sidebar-store';
import { colourDot, colouredLabel, renderTagList } from './sidebar-tags';
import { tagSections } from './tag-sections';
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
  declare jobs: FolderActions | undefined;
  declare current: View;
  /** A published library: its views are browsed, nothing in it is created, edited or moved. */
  declare readOnly: boolean;
  declare private expanded: Set<string>;
  declare private allTags: boolean;
  declare private collapsedGroups: Set<string>;
  static override properties = {
    store: { attribute: false },
    jobs: { attribute: false },
    current: { attribute: false },
    readOnly: { type: Boolean },
    expanded: { state: true },
    allTags: { state: true },
    collapsedGroups: { state: true },
  };
  private readonly drop = new FolderDrop(this);
  private readonly rename = new FolderRename(this);

  constructor() {
    super();
    this.current = { kind: 'all' };
    this.readOnly = false;
    this.expanded = new Set();
    this.allTags = false;
    this.collapsedGroups = new Set();
    new StoreController(this, () => [this.store, this.jobs].filter((store) => !!store));
  }

  /** The folder tree's roots (for the drop rules). */
  roots(): readonly Folder[] {
    return this.store?.folders ?? [];
  }

  /** Opens a folder's children (a drop into it, or a drag hovering it). */
  expand(id: string): void {
    if (!this.expanded.has(id)) this.expanded = new Set([...this.expanded, id]);
  }

  private choose(view: View): void {
    this.dispatchEvent(new CustomEvent<View>('view-selected', { detail: view, bubbles: true }));
  }

  private toggle(id: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(id)) next.add(id);
    this.expanded = next;
  }

  private ask(type: 'smart-folder-edit' | 'manage-tags' | 'find-duplicates', detail: string | null = null): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  private heading(id: string, text: string, action: TemplateResult): TemplateResult {
    return html`<div class="nav-heading-row"><h2 class="nav-heading" id=${id}>${text}</h2>${this.editing(action)}</div>`;
  }

  /** An editing control, left out of a read-only library. */
  private editing(control: TemplateResult): TemplateResult | typeof nothing {
    return this.readOnly ? nothing : control;
  }

  /** `countWords` says what the number counts when "N items" alone would mislead (a folder with subfolders). */
  private link(view: View, label: string, iconName: IconName, count: number | undefined, countWords = count === undefined ? '' : plural(count, 'item'), colour = ''): TemplateResult {
    const current = viewKey(view) === viewKey(this.current);
    return html`<button class="nav-link" aria-current=${current ? 'page' : 'false'} data-view=${viewKey(view)} @click=${() => this.choose(view)}>
      ${icon(iconName, 16)}${colourDot(colour)}${colouredLabel(label, colour)}
      ${count === undefined ? nothing : html`<span class="nav-count" aria-label=${countWords} title=${countWords}>${formatCount(count)}</span>`}
    </button>`;
  }

  private entry(view: View, label: string, iconName: IconName, count: number | undefined, depth = 0, toggle?: TemplateResult, after?: TemplateResult): TemplateResult {
    return html`<li class="nav-item" style="--depth:${depth}">
      ${toggle ?? html`<span class="twisty-space"></span>`}
      ${this.link(view, label, iconName, count)}
      ${after ?? nothing}
    </li>`;
  }

  private tagEntry(tag: Tag, depth: number): TemplateResult {
    return html`<li class="nav-item" style="--depth:${depth}" data-colour=${tag.color || nothing}>
      <span class="twisty-space"></span>
      ${this.link({ kind: 'tag', id: tag.name }, tag.name, tag.starred ? 'star' : 'tag', tag.count, plural(tag.count, 'item'), tag.color)}
    </li>`;
  }

  private toggleGroup(id: string): void {
    const next = new Set(this.collapsedGroups);
    if (!next.delete(id)) next.add(id);
    this.collapsedGroups = next;
  }

  private folderRow(folder: Folder, depth: number): TemplateResult {
    const open = this.expanded.has(folder.id);
    const twisty = folder.children.length
      ? html`<button class="twisty" aria-expanded=${open ? 'true' : 'false'} aria-label="${open ? 'Collapse' : 'Expand'} ${folder.name}" @click=${() => this.toggle(folder.id)}>${icon('chevron', 14)}</button>`
      : html`<span class="twisty-space"></span>`;
    const job = this.jobs?.job?.folder === folder.id ? this.jobs.job : null;
    if (this.readOnly) {
      return html`<li class="nav-item folder-row" style="--depth:${depth}" data-folder=${folder.id}>
        ${twisty}${this.link({ kind: 'folder', id: folder.id }, folder.name, 'folder', folder.imageCount, folderCountWords(folder))}
      </li>`;
    }
    return html`<li class="nav-item folder-row" style="--depth:${depth}" data-folder=${folder.id} data-drop=${this.drop.stateOf(folder.id) ?? nothing}
      ?data-dragging=${this.drop.dragging === folder.id}
      draggable=${this.rename.editing === folder.id ? 'false' : 'true'}
      @dragstart=${(e: DragEvent) => this.drop.start(e, folder.id)} @dragend=${() => this.drop.end()}
      @dragenter=${(e: DragEvent) => this.drop.overTarget(e, folder.id)} @dragover=${(e: DragEvent) => this.drop.overTarget(e, folder.id)} @dragleave=${(e: DragEvent) => this.drop.leave(e, folder.id)}
      @drop=${(e: DragEvent) => this.drop.drop(e, folder.id)}
      @contextmenu=${(e: MouseEvent) => this.menu?.fromPointer(e, folder)} @keydown=${(e: KeyboardEvent) => this.menu?.fromKey(e, folder)}>
      ${twisty}
      ${this.rename.editing === folder.id ? this.rename.field(folder) : this.link({ kind: 'folder', id: folder.id }, folder.name, 'folder', folder.imageCount, folderCountWords(folder))}
      ${editFolderButton(folder)}
      ${job ? html`<progress class="folder-progress" aria-label=${job.label} max=${Math.max(1, job.total)} .value=${job.done}></progress>` : nothing}
    </li>`;
  }

  private folderTree(folders: readonly Folder[], depth: number): TemplateResult[] {
    return folders.flatMap((folder) => {
      const row = this.folderRow(folder, depth);
      return this.expanded.has(folder.id) ? [row, ...this.folderTree(folder.children, depth + 1)] : [row];
    });
  }

  private get menu(): FolderMenu | null {
    return this.querySelector('folder-menu');
  }

  /** The Folders heading takes dropped folders to the top level. */
  private foldersHeading(): TemplateResult {
    return html`<div class="nav-heading-row folders-heading-row" data-drop=${this.drop.stateOf(null) ?? nothing}
      @dragenter=${(e: DragEvent) => this.drop.overTarget(e, null)} @dragover=${(e: DragEvent) => this.drop.overTarget(e, null)} @dragleave=${(e: DragEvent) => this.drop.leave(e, null)}
      @drop=${(e: DragEvent) => this.drop.drop(e, null)}>
      <h2 class="nav-heading" id="folders-heading">Folders</h2>
      ${this.drop.dragging ? html`<span class="nav-drop-hint">Drop here: top level</span>` : nothing}
      ${this.editing(newFolderButton())}
    </div>`;
  }

  private smartTree(folders: readonly SmartFolder[], depth: number): TemplateResult[] {
    return folders.flatMap((folder) => [
      this.entry({ kind: 'smart', id: folder.id }, folder.name, 'smart', folder.imageCount, depth, undefined,
        this.readOnly
          ? undefined
          : html`<button class="nav-action" aria-label="Publish ${folder.name}" title="Publish…" @click=${() => void publishDialog().then((m) => m.openPublishDialog({ kind: 'smart-folder', id: folder.id, name: folder.name }))}>${icon('upload', 14)}</button><button class="nav-action" aria-label="Edit ${folder.name}" title="Edit or remove" @click=${() => this.ask('smart-folder-edit', folder.id)}>${icon('edit', 14)}</button>`),
      ...this.smartTree(folder.children, depth + 1),
    ]);
  }

  override render() {
    const store = this.store;
    if (!store) return nothing;
    const sections = tagSections(store.tags, store.tagGroups);
    return html`<nav class="sidebar-nav" aria-label="Library">
      <ul class="nav-list" aria-label="Views">
        ${BUILT_IN.map((entry) => this.entry({ kind: entry.view }, entry.label, entry.icon, store.counts[entry.view]))}
        ${this.readOnly ? nothing : html`<li class="nav-item"><span class="twisty-space"></span>
          <button class="nav-link" aria-keyshortcuts="Shift+D" title="Find duplicates (Shift+D)" @click=${() => this.ask('find-duplicates')}>${icon('duplicates', 16)}<span>Duplicates</span></button></li>`}
      </ul>
      ${this.foldersHeading()}
      ${store.folders.length
        ? html`<ul class="nav-list" aria-labelledby="folders-heading">${this.folderTree(store.folders, 0)}</ul>`
        : html`<p class="nav-empty">No folders yet</p>`}
      <folder-menu @folder-rename-start=${(e: CustomEvent<{ id: string }>) => void this.rename.begin(e.detail.id)}
        @folder-new=${(e: CustomEvent<{ parent: string }>) => this.expand(e.detail.parent)}
        @folder-publish=${(e: CustomEvent<{ id: string; name: string }>) => void publishDialog().then((m) => m.openPublishDialog({ kind: 'folder', ...e.detail }))}></folder-menu>
      ${this.heading('smart-heading', 'Smart folders', html`<button class="nav-action" aria-label="New smart folder" title="New smart folder" @click=${() => this.ask('smart-folder-edit')}>${icon('plus', 14)}</button>`)}
      ${store.smartFolders.length
        ? html`<ul class="nav-list" aria-labelledby="smart-heading">${this.smartTree(store.smartFolders, 0)}</ul>`
        : html`<p class="nav-empty">No smart folders yet</p>`}
      ${this.heading('tags-heading', 'Tags', html`<button class="nav-action" aria-label="Manage tags" title="Manage tags" @click=${() => this.ask('manage-tags')}>${icon('edit', 14)}</button>`)}
      ${store.tags.length || store.tagGroups.length
        ? html`<ul class="nav-list" aria-labelledby="tags-heading">${renderTagList({
            sections,
            ungroupedShown: this.allTags ? Infinity : TAGS_SHOWN,
            collapsed: this.collapsedGroups,
            toggle: (id) => this.toggleGroup(id),
            tagEntry: (tag, depth) => this.tagEntry(tag, depth),
          })}</ul>`
        : html`<p class="nav-empty">No tags yet</p>`}
      ${sections.ungrouped.length > TAGS_SHOWN
        ? html`<button class="btn nav-more" @click=${() => (this.allTags = !this.allTags)}>
            ${this.allTags ? 'Show fewer tags' : `Show all ${formatCount(store.tagTotal)} tags`}
          </button>`
        : nothing}
    </nav>`;
  }
}
customElements.define('side-bar', SideBar);
