/**
 * <item-inspector>: the right-hand panel for one item. Shows its preview and facts, edits name, rating,
 * tags, folders, annotation, URL and comments through the API, and tells the shell with `item-changed`
 * (detail {id}) after each write or `api-error` (detail {message}) when the API refused.
 * With several items selected it shows their count (bulk editing is part 2). It re-reads its item when
 * another element says `item-changed` for it (a comment added in the viewer, say).
 * An item in the trash is shown read-only, with Restore (`restore-items` {ids}) and Delete for good
 * (`delete-items` {ids}), which the shell carries out.
 */
import { LitElement, html, noChange, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ApiClient } from '../api-client';
import type { Comment, Folder, Item, Page } from '../api-types';
import { hasPicture } from '../ai/has-picture';
import { ItemComments } from '../comments/item-comments';
import '../comments/comment-list';
import type { CommentAdd } from '../comments/comment-list';
import '../content-text/content-text-panel';
import { define } from '../ui/define';
import { emit, errorMessage, writeThrough } from '../ui/events';
import { formatBytes } from '../ui/format';
import { mediaKind } from '../ui/media-kind';
import { icons } from '../ui/panel-icons';
import { mediaUrl } from '../ui/media-url';
import { WriteQueue } from '../ui/write-queue';
import { readItem } from '../ui/read-item';
import { defaultCommentPlace, defaultPlaceHint } from './comment-place';
import { folderOptions, type FolderOption } from './folder-options';
import './folder-picker';
import { inspectorStyles } from './inspector-styles';
import { formatDate, formatDimensions, hexColor } from './item-facts';
import './star-rating';
import './tag-editor';

type ItemChange = Partial<Pick<Item, 'name' | 'star' | 'tags' | 'folders' | 'annotation' | 'url'>>;

export class ItemInspector extends LitElement {
  static override properties = {
    api: { attribute: false },
    itemId: { attribute: false },
    selectionCount: { attribute: false },
    library: { attribute: false },
    readOnly: { attribute: false },
    item: { state: true },
    comments: { state: true },
    folders: { state: true },
    missing: { state: true },
  };

  declare api: ApiClient;
  declare itemId: string | null;
  declare selectionCount: number;
  /** Set only when `api` works on a library other than the current one (media URLs must name it). */
  declare library: string | undefined;
  /** An item of a published library: shown, not edited. */
  declare readOnly: boolean;
  declare item: Item | null;
  declare comments: Comment[];
  declare folders: FolderOption[];
  declare missing: boolean;
  private loading = 0;
  /** Bumped when a write starts and when it ends: a read that overlapped one may hold what the write replaced. */
  private writeMarks = 0;
  private renderedItemId: string | null = null;
  private readonly writes = new WriteQueue();

  constructor() {
    super();
    this.itemId = null;
    this.selectionCount = 0;
    this.readOnly = false;
    this.item = null;
    this.comments = [];
    this.folders = [];
    this.missing = false;
  }

  private readonly onOutsideChange = (event: Event): void => {
    const { id } = (event as CustomEvent<{ id?: string }>).detail ?? {};
    if (event.target !== this && id && id === this.itemId) void this.load();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('item-changed', this.onOutsideChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('item-changed', this.onOutsideChange);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if ((changed.has('itemId') || changed.has('api')) && this.api) void this.load();
  }

  /** Reads the item, its comments and the folder tree again (also after a failed write). */
  async load(): Promise<void> {
    const ticket = ++this.loading;
    const marks = this.writeMarks;
    const id = this.itemId;
    if (!id) {
      this.item = null;
      return;
    }
    try {
      const [page, comments, tree] = await Promise.all([
        readItem(this.api, id),
        this.api.get('/item/getComments', { id }),
        this.api.get('/folder/get', { limit: 1000 }),
      ]);
      if (ticket !== this.loading) return; // another item was chosen meanwhile
      // A write crossed this read (a live reload racing an edit): read again rather than show the item from before it.
      if (marks !== this.writeMarks) return this.load();
      this.item = page;
      this.missing = !this.item;
      this.comments = comments;
      this.folders = folderOptions(tree.data);
    } catch (error) {
      if (ticket !== this.loading) return;
      this.item = null;
      this.missing = true;
      emit(this, 'api-error', { message: errorMessage(error) });
    }
  }

  private async change(change: ItemChange): Promise<void> {
    const item = this.item;
    if (!item) return;
    const updated = await this.marked(() => this.writes.run(() => writeThrough(this, item.id, () => this.api.post('/item/update', { id: item.id, ...change }).then((answer) => ('items' in answer ? answer.items[0]! : answer)))));
    if (updated && this.item?.id === updated.id) this.item = updated;
    else if (!updated) await this.load(); // show what the library really holds
  }

  private changeText(field: 'name' | 'annotation' | 'url', event: Event): void {
    const input = event.target as HTMLInputElement | HTMLTextAreaElement;
    const value = field === 'name' ? input.value.trim() : input.value;
    if (!this.item || value === this.item[field]) return;
    if (field === 'name' && !value) {
      input.value = this.item.name; // an item keeps a name
      return;
    }
    void this.change({ [field]: value });
  }

  /**
   * A text field's value: what the item holds, except in the field the person is typing in, which a
   * re-render (another field's write coming back) must not wipe before its own change is sent.
   */
  private fieldValue(id: 'name' | 'annotation' | 'url', value: string) {
    const typing = this.shadowRoot?.activeElement?.id === id && this.renderedItemId === this.item?.id;
    return typing ? noChange : live(value);
  }

  protected override updated(): void {
    this.renderedItemId = this.item?.id ?? null;
  }

  private comment(): ItemComments {
    return new ItemComments(this.api, this.item!.id);
  }

  /** Runs a write between two write marks, so reads that overlap it read again. */
  private async marked<T>(write: () => Promise<T>): Promise<T> {
    this.writeMarks += 1;
    try {
      return await write();
    } finally {
      this.writeMarks += 1;
    }
  }

  /** One comment write, then the item's comments read again; true once stored. */
  private async commentWrite(write: (comments: ItemComments) => Promise<unknown>): Promise<boolean> {
    if (!this.item) return false;
    const comments = this.comment();
    const [written, list] = await this.marked(() =>
      this.writes.run(async () => {
        const written = await writeThrough(this, comments.itemId, () => write(comments));
        return [written !== undefined, await comments.list().catch(() => undefined)] as const;
      }),
    );
    if (list && this.item?.id === comments.itemId) this.comments = list;
    return written;
  }

  private renderPalette(item: Item) {
    if (!item.palettes?.length) return html`<span class="muted">—</span>`;
    return html`<ul class="palette" aria-label="Colour palette">
      ${item.palettes.map((p) => {
        const hex = hexColor(p.color);
        return html`<li><span class="swatch" style="background:${hex}" role="img" aria-label="${hex}, ${Math.round(p.ratio)}%" title="${hex} · ${Math.round(p.ratio)}%"></span></li>`;
      })}
    </ul>`;
  }

  /** Tags or folders of a read-only item, as text. */
  private plainList(label: string, values: readonly string[], empty: string) {
    return values.length
      ? html`<ul class="plain-list" aria-label=${label}>${values.map((value) => html`<li>${value}</li>`)}</ul>`
      : html`<span class="muted">${empty}</span>`;
  }

  private renderItem(item: Item) {
    // A trashed item is not edited (restore it first).
    const readOnly = this.readOnly || item.isDeleted;
    return html`
      <figure class="preview">
        <img src=${mediaUrl(item.thumbnailURL, this.library)} alt=${item.name} decoding="async" />
      </figure>
      ${item.notKept ? html`<p class="not-kept" role="note"><strong>Original not kept.</strong> ${item.notKept}</p>` : nothing}
      ${hasPicture(item)
        ? html`<button type="button" class="find-similar" title="Show the items that look most like this one (AI search)"
            @click=${() => emit(this, 'find-similar', { id: item.id })}>${icons.similar} Find similar</button>`
        : nothing}
      <div class="field">
        <label for="name">Name</label>
        <input id="name" type="text" ?readonly=${readOnly} .value=${this.fieldValue('name', item.name)} @change=${(e: Event) => this.changeText('name', e)}
          @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()} />
      </div>
      <div class="field">
        <span class="label">Rating</span>
        <star-rating .value=${item.star} ?readOnly=${readOnly} @rating-change=${(e: CustomEvent<{ value: number }>) => this.change({ star: e.detail.value })}></star-rating>
      </div>
      <div class="field">
        <span class="label">Tags</span>
        ${readOnly
          ? this.plainList('Tags', item.tags, 'No tags')
          : html`<tag-editor .api=${this.api} .tags=${item.tags} @tags-change=${(e: CustomEvent<{ tags: string[] }>) => this.change({ tags: e.detail.tags })}></tag-editor>`}
      </div>
      <div class="field">
        <span class="label">Folders</span>
        ${readOnly
          ? this.plainList('Folders', item.folders.map((id) => this.folders.find((o) => o.id === id)?.path ?? id), 'In no folder')
          : html`<folder-picker .options=${this.folders} .folders=${item.folders}
              @folders-change=${(e: CustomEvent<{ folders: string[] }>) => this.change({ folders: e.detail.folders })}></folder-picker>`}
      </div>
      <div class="field">
        <label for="annotation">Annotation</label>
        <textarea id="annotation" rows="3" ?readonly=${readOnly} placeholder=${readOnly ? '' : 'Notes about this item'} .value=${this.fieldValue('annotation', item.annotation)}
          @change=${(e: Event) => this.changeText('annotation', e)}></textarea>
      </div>
      <div class="field">
        <label for="url">URL</label>
        <div class="row">
          <input id="url" type="url" ?readonly=${readOnly} placeholder=${readOnly ? '' : 'https://…'} .value=${this.fieldValue('url', item.url)} @change=${(e: Event) => this.changeText('url', e)}
            @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()} />
          ${item.url ? html`<a class="open" href=${item.url} target="_blank" rel="noopener noreferrer" aria-label="Open the URL in a new tab">${icons.external}</a>` : nothing}
        </div>
      </div>
      <section aria-labelledby="info-heading">
        <h3 id="info-heading">Information</h3>
        <dl class="facts">
          <dt>Type</dt><dd>${item.ext ? item.ext.toUpperCase() : '—'}</dd>
          <dt>Size</dt><dd>${item.fileURL ? formatBytes(item.size) : 'No file (a link)'}</dd>
          <dt>Dimensions</dt><dd>${formatDimensions(item)}</dd>
          <dt>Imported</dt><dd>${formatDate(item.importedAt)}</dd>
          <dt>Modified</dt><dd>${formatDate(item.modificationTime)}</dd>
          <dt>Palette</dt><dd>${this.renderPalette(item)}</dd>
        </dl>
      </section>
      <content-text-panel .api=${this.api} .itemId=${item.id} .itemRead=${item}></content-text-panel>
      <section aria-labelledby="comments-heading">
        <h3 id="comments-heading">Comments <span class="count">${this.comments.length || ''}</span></h3>
        <comment-list ?readOnly=${readOnly} .comments=${this.comments} .addHint=${defaultPlaceHint(item)} .imageSize=${mediaKind(item) === 'image' ? { width: item.width, height: item.height } : undefined}
          @comment-add=${(e: CustomEvent<CommentAdd>) => (e.detail.written = this.commentWrite((c) => c.add(defaultCommentPlace(item), e.detail.annotation)))}
          @comment-save=${(e: CustomEvent<{ commentId: string; annotation: string }>) => this.commentWrite((c) => c.update(e.detail.commentId, { annotation: e.detail.annotation }))}
          @comment-remove=${(e: CustomEvent<{ commentId: string }>) => this.commentWrite((c) => c.remove(e.detail.commentId))}
        ></comment-list>
      </section>
    `;
  }

  override render() {
    if (this.selectionCount > 1) {
      return html`<div class="empty" role="status"><strong>${this.selectionCount.toLocaleString()} items selected</strong>
        <span>Select a single item to see and edit its details.</span></div>`;
    }
    if (!this.itemId) return html`<div class="empty"><strong>No item selected</strong><span>Pick an item to see its details here.</span></div>`;
    if (this.missing) return html`<div class="empty" role="status"><strong>Item not found</strong><span>It may have been removed.</span></div>`;
    if (!this.item) return html`<div class="empty" aria-busy="true"><span>Loading…</span></div>`;
    if (this.item.isDeleted) return html`<div class="panel" aria-label="Item details">${this.trashBanner(this.item)}${this.renderItem(this.item)}</div>`;
    return html`<div class="panel" aria-label="Item details">${this.renderItem(this.item)}</div>`;
  }

  private trashBanner(item: Item) {
    return html`<div class="trash-banner" role="status">
      <span><strong>In the trash.</strong> Restore it to edit it.</span>
      ${this.readOnly
        ? nothing
        : html`<span class="row">
            <button type="button" class="btn" @click=${() => emit(this, 'restore-items', { ids: [item.id] })}>Restore</button>
            <button type="button" class="btn danger" @click=${() => emit(this, 'delete-items', { ids: [item.id] })}>Delete for good…</button>
          </span>`}
    </div>`;
  }

  static override styles = inspectorStyles;
}

define('item-inspector', ItemInspector);
