/**
 * <bulk-editor>: edits a selection of any size at once. Shows which tags and folders all or only some
 * of the selected items carry (with counts), and adds or removes a tag, sets the rating, adds to or
 * removes from a folder, moves to the trash or restores, each as batch item/update requests of up to
 * 1000 with a done/total progress bar. Reads and edits run one after another: an edit asked for while
 * the selection is read or another edit runs waits its turn (the status lists it), so none is dropped.
 * Says `items-changed` (detail {ids, count}: the first 1,000 ids) after writing and `api-error`
 * (detail {message}, what was and was not applied) when the API refused a batch.
 */
import { LitElement, html, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import type { Folder, Page } from '../api-types';
import { folderOptions, type FolderOption } from '../inspector/folder-options';
import '../inspector/star-rating';
import '../inspector/tag-editor';
import { InTurn } from '../state/in-turn';
import { define } from '../ui/define';
import { emit, errorMessage } from '../ui/events';
import { describeChange, type BulkChange } from './bulk-changes';
import { runBulk, type BulkProgress } from './bulk-run';
import { bulkStyles } from './bulk-styles';
import { idList, type IdSource } from '../selection/selection-ids';
import { summariseSelection } from './selection-reader';
import type { Presence, SelectionSummary } from './selection-summary';

/** A selection the worker holds: its count, and its ids read afresh for each read or write. */
export interface SelectionHandle {
  total: number;
  open(): Promise<IdSource>;
}

/** Rows of a presence list shown before "Show all". */
const SHOWN = 30;

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

export class BulkEditor extends LitElement {
  static override properties = {
    api: { attribute: false },
    ids: { attribute: false },
    selection: { attribute: false },
    summary: { state: true },
    folders: { state: true },
    task: { state: true },
    progress: { state: true },
    error: { state: true },
    outcome: { state: true },
    expanded: { state: true },
    waiting: { state: true },
  };

  declare api: ApiClient;
  /** The items to edit: a list of ids, or (when set) a selection the worker holds. */
  declare ids: readonly string[];
  declare selection: SelectionHandle | null;
  declare summary: SelectionSummary | null;
  declare folders: FolderOption[];
  /** What is running now ("Adding tag “x”", "Reading the selection"), or null. */
  declare task: string | null;
  declare progress: BulkProgress;
  declare error: string;
  declare outcome: string;
  /** Lists ('tag', 'folder') shown in full; others stop at SHOWN rows (10,000 items may carry thousands of tags). */
  declare expanded: ReadonlySet<string>;
  /** The edits asked for that wait for the read or edit under way, described, in order. */
  declare waiting: readonly string[];
  private loading = 0;
  /** Stops the read under way, which a newer one makes pointless. */
  private reading: AbortController | null = null;
  /** The reads and edits, one after another. */
  private readonly turns = new InTurn();

  constructor() {
    super();
    this.ids = [];
    this.selection = null;
    this.summary = null;
    this.folders = [];
    this.task = null;
    this.progress = { done: 0, total: 0 };
    this.error = '';
    this.outcome = '';
    this.expanded = new Set();
    this.waiting = [];
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if ((changed.has('ids') || changed.has('selection') || changed.has('api')) && this.api) {
      this.error = this.outcome = '';
      void this.load();
    }
  }

  /** Reads the selection and the folder tree again (after an outside change, say), once the work under way ends. */
  load(): Promise<void> {
    const ticket = ++this.loading;
    // A newer read makes the one under way and any still waiting pointless: they stop or are skipped.
    this.reading?.abort();
    return this.turns.run(() => (ticket === this.loading ? this.read(ticket) : Promise.resolve()));
  }

  private async read(ticket: number): Promise<void> {
    const reading = (this.reading = new AbortController());
    this.task = 'Reading the selection';
    this.progress = { done: 0, total: this.total };
    try {
      const [summary, tree] = await Promise.all([
        this.source().then((ids) => summariseSelection(this.api, ids, (done) => ticket === this.loading && (this.progress = { done, total: ids.total }), reading.signal)),
        this.api.get('/folder/get'),
      ]);
      if (ticket !== this.loading) return;
      this.summary = summary;
      this.folders = folderOptions(tree.data);
    } catch (error) {
      if (ticket === this.loading) this.fail(errorMessage(error));
    } finally {
      if (this.reading === reading) this.reading = null;
      this.task = null;
    }
  }

  /** How many items are being edited. */
  private get total(): number {
    return this.selection?.total ?? this.ids.length;
  }

  private source(): Promise<IdSource> {
    return this.selection ? this.selection.open() : Promise.resolve(idList(this.ids));
  }

  private folderName = (id: string): string => this.folders.find((f) => f.id === id)?.path ?? id;

  private apply(change: BulkChange): Promise<void> {
    if (!this.total) return Promise.resolve();
    const waiting = describeChange(change, this.folderName);
    this.waiting = [...this.waiting, waiting];
    // The edit is for the items selected now: a selection changed before its turn is not what the person meant.
    const selected = this.selected;
    return this.turns.run(async () => {
      this.waiting = this.waiting.slice(1);
      if (this.selected !== selected) return this.fail(`${waiting} was not applied: the selection changed before its turn.`);
      await this.run(change);
    });
  }

  private get selected(): SelectionHandle | readonly string[] {
    return this.selection ?? this.ids;
  }

  private async run(change: BulkChange): Promise<void> {
    const what = describeChange(change, this.folderName);
    this.task = what;
    this.error = this.outcome = '';
    let result;
    try {
      result = await runBulk(this.api, await this.source(), change, (progress) => (this.progress = progress));
    } catch (error) {
      this.task = null;
      return this.fail(`${what} did not start: ${errorMessage(error)}`);
    }
    this.task = null;
    const rest = result.total - result.done;
    const message = result.error
      ? `${what} stopped: ${plural(result.done, 'item')} of ${result.total.toLocaleString('en')} done, ${plural(rest, 'item')} not changed. ${result.error}`
      : `${what}: done for ${plural(result.total, 'item')} (${result.changed.toLocaleString('en')} changed).`;
    if (result.changed) emit(this, 'items-changed', { ids: result.changedIds, count: result.changed, kind: change.kind, message, failed: Boolean(result.error) });
    if (result.error) this.fail(message);
    else this.outcome = message;
    // A finished run counted the items as it left them; a stopped one left some unread.
    if (result.summary) this.summary = result.summary;
    else await this.read(++this.loading);
  }

  private fail(message: string): void {
    this.error = message;
    emit(this, 'api-error', { message });
  }

  private onTagEntered(event: CustomEvent<{ tags: string[] }>): void {
    const tag = event.detail.tags.at(-1);
    (event.target as HTMLElement & { tags: string[] }).tags = [];
    if (tag) void this.apply({ kind: 'addTag', tag });
  }

  private onFolderPicked(event: Event): void {
    const select = event.target as HTMLSelectElement;
    const folder = select.value;
    select.value = '';
    if (folder) void this.apply({ kind: 'addFolder', folder });
  }

  private presenceList(list: Presence[], noun: string, label: (name: string) => string, add: (name: string) => BulkChange,
    remove: (name: string) => BulkChange) {
    const total = this.summary?.total ?? 0;
    if (!list.length) return html`<p class="muted">No ${noun}s on these items.</p>`;
    const full = this.expanded.has(noun) || list.length <= SHOWN;
    return html`<ul class="presence" aria-label="${noun[0]!.toUpperCase()}${noun.slice(1)}s of the selection">
      ${(full ? list : list.slice(0, SHOWN)).map((p) => html`<li>
        <span class="name" title=${label(p.name)}>${label(p.name)}</span>
        <span class=${p.all ? 'all' : 'some'}>${p.all ? `all ${p.count.toLocaleString('en')}` : `${p.count.toLocaleString('en')} of ${total.toLocaleString('en')}`}</span>
        ${p.all ? nothing : html`<button type="button" ?disabled=${!!this.task} aria-label="Add to all: ${noun} ${label(p.name)}"
          @click=${() => this.apply(add(p.name))}>Add to all</button>`}
        <button type="button" class="danger" ?disabled=${!!this.task} aria-label="Remove ${noun} ${label(p.name)} from ${plural(p.count, 'item')}"
          @click=${() => this.apply(remove(p.name))}>Remove</button>
      </li>`)}
    </ul>
    ${full ? nothing : html`<button type="button" class="quiet" @click=${() => (this.expanded = new Set([...this.expanded, noun]))}>
      Show all ${list.length.toLocaleString('en')} ${noun}s</button>`}`;
  }

  override render() {
    const s = this.summary;
    const busy = !!this.task;
    const total = this.total;
    return html`<div class="panel">
      <h2>${plural(total, 'item')} selected</h2>
      <div class="status" role="status">
        ${busy ? html`<span>${this.task}… ${this.progress.done.toLocaleString('en')} / ${this.progress.total.toLocaleString('en')}</span>
          <progress aria-label=${this.task!} max=${Math.max(1, this.progress.total)} .value=${this.progress.done}></progress>` : nothing}
        ${this.waiting.length ? html`<p>Then: ${this.waiting.join('; ')}.</p>` : nothing}
        ${this.outcome && !busy ? html`<p class="done">${this.outcome}</p>` : nothing}
      </div>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${s ? html`
        <section aria-labelledby="tags-title">
          <h3 id="tags-title">Tags</h3>
          ${this.presenceList(s.tags, 'tag', (n) => n, (tag) => ({ kind: 'addTag', tag }), (tag) => ({ kind: 'removeTag', tag }))}
          <tag-editor .api=${this.api} .tags=${[]} @tags-change=${this.onTagEntered}></tag-editor>
        </section>
        <section aria-labelledby="rating-title">
          <h3 id="rating-title">Rating</h3>
          <star-rating .value=${s.star ?? 0} .emptyLabel=${s.star === null && s.total ? 'Mixed' : 'Not rated'} @rating-change=${(e: CustomEvent<{ value: number }>) => this.apply({ kind: 'rate', star: e.detail.value })}></star-rating>
        </section>
        <section aria-labelledby="folders-title">
          <h3 id="folders-title">Folders</h3>
          ${this.presenceList(s.folders, 'folder', this.folderName, (folder) => ({ kind: 'addFolder', folder }), (folder) => ({ kind: 'removeFolder', folder }))}
          <label class="visually-hidden" for="add-folder">Add to folder</label>
          <select id="add-folder" ?disabled=${busy || !this.folders.length} @change=${this.onFolderPicked}>
            <option value="">${this.folders.length ? 'Add to folder…' : 'No folders yet'}</option>
            ${this.folders.map((o) => html`<option value=${o.id}>${'\u2003'.repeat(o.depth)}${o.name}</option>`)}
          </select>
        </section>
        <section aria-labelledby="trash-title">
          <h3 id="trash-title">Trash</h3>
          <p class="muted">${s.trashed ? `${plural(s.trashed, 'item')} in the trash` : 'None in the trash'}</p>
          <div class="actions">
            <button type="button" class="danger" ?disabled=${busy || s.trashed === s.total} @click=${() => this.apply({ kind: 'trash' })}>Move to trash</button>
            <button type="button" ?disabled=${busy || !s.trashed} @click=${() => this.apply({ kind: 'restore' })}>Restore</button>
          </div>
        </section>` : nothing}
    </div>`;
  }

  static override styles = bulkStyles;
}

define('bulk-editor', BulkEditor);
