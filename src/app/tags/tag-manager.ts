/**
 * <tag-manager>: every tag with its count in a virtualised list (@tanstack/virtual-core, only the
 * rows in view are in the DOM, so 5,000 tags stay responsive), searchable; rename, merge into a
 * picked tag, star, colour; tag groups created, renamed, coloured, removed, and tags moved in and
 * out by drag & drop or with each row's group menu (the keyboard way).
 * Events (bubbling, composed): `tags-changed`, `api-error` {message}.
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import { html, LitElement, nothing } from 'lit';
import { ApiClientError, type ApiClient } from '../api-client';
import { NewestAnswer } from '../state/newest-answer';
import { loadTagGroups, loadTags } from './tag-api';
import { renderGroupList, type GroupHandlers } from './tag-group-list';
import { visibleTags, withGroups, type GroupFilter, type Tag, type TagGroup } from './tag-list';
import { tagManagerStyles } from './tag-manager.styles';
import { renderTagRow, type RowHandlers } from './tag-row';
import type { InputOf } from '../../client/api-client';

/** A colour the row's picker offers: the API's own list. */
type Colour = InputOf<'POST /tag/update'>['color'];

const DRAG_TYPE = 'application/x-tag-name';
const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error));

/** `sending`: its request is on its way; a second submit (a double click) sends nothing. */
type DialogState = ({ kind: 'merge'; source: Tag; error: string } | { kind: 'rename-group'; group: TagGroup; error: string }) & { sending?: boolean } | null;

export class TagManager extends LitElement {
  static override properties = {
    api: { attribute: false }, tags: { state: true }, groups: { state: true }, query: { state: true },
    filter: { state: true }, renaming: { state: true }, dialog: { state: true }, narrow: { state: true },
  };
  declare api: ApiClient | undefined;
  declare private tags: Tag[];
  declare private groups: TagGroup[];
  declare private query: string;
  declare private filter: GroupFilter;
  declare private renaming: string | null;
  declare private dialog: DialogState;
  declare private narrow: boolean;
  private shown: Tag[] = [];
  private cleanup: (() => void) | undefined;
  private resize: ResizeObserver | undefined;
  private readonly answers = new NewestAnswer();
  /** Resolves once the tags and groups asked for last are loaded. */
  loaded: Promise<void> = Promise.resolve();

  private readonly virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
    count: 0,
    getScrollElement: () => this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null,
    estimateSize: () => this.rowHeight,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    overscan: 10,
    onChange: () => this.requestUpdate(),
  });

  constructor() {
    super();
    Object.assign(this, { tags: [], groups: [], query: '', filter: { kind: 'all' }, renaming: null, dialog: null, narrow: false });
  }

  private get rowHeight(): number {
    return this.narrow ? 120 : 46;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize = new ResizeObserver(([entry]) => {
      // Below ~900 px the one-line row leaves the name no room beside the list of groups.
      const narrow = (entry?.contentRect.width ?? 1000) < 900;
      if (narrow !== this.narrow) {
        this.narrow = narrow;
        this.virtualizer.measure();
      }
    });
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cleanup?.();
    this.cleanup = undefined;
    this.resize?.disconnect();
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('api') && this.api) void this.reload();
    if (changed.has('tags') || changed.has('query') || changed.has('filter')) {
      this.shown = visibleTags(this.tags, this.query, this.filter);
      this.virtualizer.setOptions({ ...this.virtualizer.options, count: this.shown.length });
    }
  }

  override firstUpdated(): void {
    this.cleanup = this.virtualizer._didMount();
  }

  override updated(): void {
    this.virtualizer._willUpdate();
  }

  /**
   * Reads every tag and group again (after a change, or when another tab changed them): one read
   * of both, and only the newest read's answer is shown (an older, slower one never brings back
   * the groups from before a change).
   */
  reload(): Promise<void> {
    const api = this.api!;
    const ticket = this.answers.ticket();
    this.loaded = Promise.all([loadTags(api), loadTagGroups(api)])
      .then(([tags, groups]) => {
        if (!this.answers.keep(ticket)) return;
        this.groups = groups;
        this.tags = withGroups(tags, groups);
        if (this.filter.kind === 'group' && !groups.some((g) => g.id === (this.filter as { id: string }).id)) this.filter = { kind: 'all' };
      })
      .catch((error) => this.fail(error));
    return this.loaded;
  }

  /** Runs one change through the API, then reloads; failures become `api-error` and stay visible. */
  private async change(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action();
      await this.reload();
      this.dispatchEvent(new CustomEvent('tags-changed', { bubbles: true, composed: true }));
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    }
  }

  private fail(error: unknown): void {
    this.dispatchEvent(new CustomEvent('api-error', { detail: { message: messageOf(error) }, bubbles: true, composed: true }));
  }

  private moveToGroup(name: string, groupId: string): Promise<boolean> {
    const tag = this.tags.find((t) => t.name === name);
    if (!tag || (groupId ? tag.groups.length === 1 && tag.groups[0] === groupId : tag.groups.length === 0)) return Promise.resolve(true);
    return this.change(async () => {
      if (groupId) await this.api!.post('/tagGroup/addTags', { groupId, tags: [name], removeFromSource: true });
      else for (const id of tag.groups) await this.api!.post('/tagGroup/removeTags', { groupId: id, tags: [name] });
    });
  }

  private readonly rowHandlers: RowHandlers = {
    star: (tag) => void this.change(() => this.api!.post('/tag/update', { originalName: tag.name, starred: !tag.starred })),
    colour: (tag, color) => void this.change(() => this.api!.post('/tag/update', { originalName: tag.name, color: color as Colour })),
    startRename: (tag) => {
      this.renaming = tag.name;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('input.rename')?.select());
    },
    rename: (tag, name) => {
      this.renaming = null;
      const next = name.trim();
      // The field goes, so the keyboard waits on the row's star, then follows the new name's row
      // once the reload brings it (rows are reused by position: the star held may be another tag's).
      const held = this.focusRow(tag.name);
      if (!next || next === tag.name) return;
      void this.change(() => this.api!.post('/tag/update', { originalName: tag.name, name: next })).then(async (done) => {
        const star = await held;
        const active = (this.renderRoot as ShadowRoot).activeElement;
        const stillHere = active === star || (active === null && document.activeElement === document.body);
        if (done && stillHere) await this.focusRow(next);
      });
    },
    cancelRename: () => (this.renaming = null),
    merge: (tag) => this.openDialog({ kind: 'merge', source: tag, error: '' }),
    moveToGroup: (tag, groupId) => void this.moveToGroup(tag.name, groupId),
    dragStart: (tag, event) => {
      event.dataTransfer?.setData(DRAG_TYPE, tag.name);
      event.dataTransfer?.setData('text/plain', tag.name);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
  };

  private readonly groupHandlers: GroupHandlers = {
    show: (filter) => (this.filter = filter),
    drop: (filter, event) => {
      event.preventDefault();
      const name = event.dataTransfer?.getData(DRAG_TYPE);
      if (name && filter.kind !== 'all') void this.moveToGroup(name, filter.kind === 'group' ? filter.id : '');
    },
    create: (name) => void this.change(() => this.api!.post('/tagGroup/create', { name })),
    rename: (group) => this.openDialog({ kind: 'rename-group', group, error: '' }),
    colour: (group, color) => void this.change(() => this.api!.post('/tagGroup/update', { id: group.id, name: group.name, color: color as Colour })),
    remove: (group) => void this.change(() => this.api!.post('/tagGroup/remove', { id: group.id })),
  };

  /**
   * Puts the keyboard on a tag's row, scrolled into the virtual list's window first; a tag the
   * search or group shown leaves out sends it to the search box. Resolves to the element focused.
   */
  private async focusRow(name: string): Promise<HTMLElement | undefined> {
    await this.updateComplete;
    const index = this.shown.findIndex((tag) => tag.name === name);
    const star = () => this.renderRoot.querySelector<HTMLElement>(`li[data-tag="${CSS.escape(name)}"] .star`);
    if (index >= 0 && !star()) {
      this.virtualizer.scrollToIndex(index);
      await new Promise(requestAnimationFrame);
      await this.updateComplete;
    }
    const target = index >= 0 ? star() : this.renderRoot.querySelector<HTMLElement>('input.search');
    target?.focus();
    return target ?? undefined;
  }

  private openDialog(state: DialogState): void {
    this.dialog = state;
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector('dialog')?.showModal();
      this.renderRoot.querySelector<HTMLInputElement>('dialog input')?.focus();
    });
  }

  private closeDialog(): void {
    this.renderRoot.querySelector('dialog')?.close();
    this.dialog = null;
  }

  private async submitDialog(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const state = this.dialog;
    if (!state || state.sending) return;
    const value = ((event.target as HTMLFormElement).elements.namedItem('value') as HTMLInputElement).value.trim();
    this.dialog = { ...state, sending: true };
    try {
      if (state.kind === 'merge') {
        if (!this.tags.some((t) => t.name === value)) throw new Error(value ? `There is no tag "${value}" to merge into.` : 'Pick the tag to merge into.');
        await this.api!.post('/tag/merge', { source: state.source.name, target: value });
      } else {
        await this.api!.post('/tagGroup/update', { id: state.group.id, name: value });
      }
    } catch (error) {
      this.dialog = { ...state, error: messageOf(error), sending: false } as DialogState;
      if (error instanceof ApiClientError) this.fail(error);
      return;
    }
    this.closeDialog();
    // The dialog gives the keyboard back to its opener, the merged tag's Merge button, which a
    // second Enter would press, opening the dialog again for a tag that is gone: the search box instead.
    if (state.kind === 'merge') this.renderRoot.querySelector<HTMLInputElement>('input.search')?.focus();
    await this.change(async () => {});
  }

  override render() {
    const items = this.virtualizer.getVirtualItems();
    const ungrouped = this.tags.filter((t) => t.groups.length === 0).length;
    return html`<section class=${this.narrow ? 'narrow' : ''} aria-labelledby="title">
      <header>
        <h2 id="title">Tags</h2>
        <input type="search" class="search" aria-label="Search tags" placeholder="Search ${this.tags.length.toLocaleString()} tags"
          .value=${this.query} @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
      </header>
      <div class="body">
        ${renderGroupList({ groups: this.groups, filter: this.filter, total: this.tags.length, ungrouped, on: this.groupHandlers })}
        <div class="list">
        <p class="shown" aria-live="polite">${this.shown.length.toLocaleString()} ${this.shown.length === 1 ? 'tag' : 'tags'}${this.query ? ` matching “${this.query}”` : ''}</p>
        <div class="scroller">
          <ul class="rows" role="list" aria-label="Tags" style="height: ${this.virtualizer.getTotalSize()}px">
            ${items.map((row) => {
              const tag = this.shown[row.index];
              return tag ? renderTagRow({ tag, index: row.index, setSize: this.shown.length, start: row.start, renaming: this.renaming === tag.name, groups: this.groups, on: this.rowHandlers }) : nothing;
            })}
          </ul>
        </div>
        </div>
      </div>
      ${this.renderDialog()}
    </section>`;
  }

  private renderDialog() {
    const state = this.dialog;
    if (!state) return html`<dialog></dialog>`;
    const merge = state.kind === 'merge';
    const title = merge ? `Merge “${state.source.name}” into…` : `Rename group “${state.group.name}”`;
    return html`<dialog aria-labelledby="dialog-title" @close=${() => (this.dialog = null)}>
      <form @submit=${this.submitDialog} novalidate>
        <h3 id="dialog-title">${title}</h3>
        ${merge ? html`<p class="hint">Items tagged “${state.source.name}” get the tag you pick instead; “${state.source.name}” is removed.</p>` : nothing}
        <label for="dialog-value">${merge ? 'Target tag' : 'Group name'}</label>
        <input id="dialog-value" name="value" autocomplete="off" list=${merge ? 'merge-targets' : nothing}
          .value=${merge ? '' : state.group.name} aria-invalid=${state.error ? 'true' : 'false'} aria-describedby="dialog-error" />
        ${merge ? html`<datalist id="merge-targets">${this.tags.filter((t) => t.name !== state.source.name).map((t) => html`<option value=${t.name}></option>`)}</datalist>` : nothing}
        <p id="dialog-error" class="error" role="alert">${state.error}</p>
        <div class="dialog-actions">
          <button type="button" @click=${() => this.closeDialog()}>Cancel</button>
          <button type="submit" class="primary" ?disabled=${state.sending === true}>${merge ? 'Merge' : 'Rename'}</button>
        </div>
      </form>
    </dialog>`;
  }

  static override styles = tagManagerStyles;
}

customElements.define('tag-manager', TagManager);

declare global {
  interface HTMLElementTagNameMap {
    'tag-manager': TagManager;
  }
}
