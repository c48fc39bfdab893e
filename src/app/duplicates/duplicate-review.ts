/**
 * <duplicate-review>: the Duplicates view. Each group of duplicates side by side, with each item's
 * picture, size, dimensions, date and folders; the person picks the one to keep (a radio group per
 * group, the largest picture picked first) and merges: the others' tags, folders, annotations,
 * comments and star go into it and they go to the trash, in one request.
 * The last merge is said in the view with an Undo button (the shell's toasts sit under the modal
 * dialog), which asks the owner to undo it.
 * Events (bubbling, composed): `duplicates-merged` and `duplicates-undo` {answer: MergeAnswer, name},
 * `api-error` {message}.
 */
import { html, LitElement, nothing } from 'lit';
import { ApiClientError, type ApiClient } from '../api-client';
import type { Item } from '../api-types';
import { formatBytes, plural } from '../ui/format';
import { sharedStyles } from '../ui/shared-styles';
import { findDuplicates, mergeDuplicates, type DuplicateGroup, type MergeAnswer } from './duplicates-api';
import { reviewStyles } from './duplicate-review.styles';

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error));

/** The item kept unless the person picks another: the most pixels, then the largest file, then the oldest. */
export function suggestedKeep(items: readonly Item[]): string {
  return [...items].sort((a, b) => b.width * b.height - a.width * a.height || b.size - a.size || a.importedAt - b.importedAt)[0]!.id;
}

/** A group as the person sees it (its members): picks are kept by it, as groups move up when one above is merged. */
const groupKey = (group: DuplicateGroup) => group.items.map((item) => item.id).sort().join(' ');

export class DuplicateReview extends LitElement {
  static override styles = [sharedStyles, reviewStyles];
  static override properties = {
    api: { attribute: false }, folderNames: { state: true },
    groups: { state: true }, items: { state: true }, total: { state: true }, keep: { state: true }, state: { state: true }, merged: { state: true },
  };
  declare api: ApiClient | undefined;
  declare private folderNames: ReadonlyMap<string, string>;
  declare private groups: DuplicateGroup[];
  declare private items: Map<string, Item>;
  declare private total: number;
  /** The person's picks: the item to keep, by group (groupKey). */
  declare private keep: ReadonlyMap<string, string>;
  declare private state: 'loading' | 'ready' | 'merging';
  /** The last merge, until undone or another one. */
  declare merged: { answer: MergeAnswer; name: string } | null;
  /** Resolves once the groups asked for last are shown. */
  loaded: Promise<void> = Promise.resolve();
  private loads = 0;

  constructor() {
    super();
    Object.assign(this, { folderNames: new Map(), groups: [], items: new Map(), total: 0, keep: new Map(), state: 'loading', merged: null });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.reload();
  }

  reload(): Promise<void> {
    if (!this.api) return Promise.resolve();
    const ticket = ++this.loads;
    this.state = 'loading';
    this.loaded = findDuplicates(this.api).then(
      (found) => {
        // An older read answering last would show groups already merged.
        if (ticket !== this.loads) return;
        const shown = new Set(found.groups.map(groupKey));
        const keep = new Map([...this.keep].filter(([key]) => shown.has(key)));
        Object.assign(this, found, { keep, state: 'ready' });
      },
      (error: unknown) => {
        if (ticket !== this.loads) return;
        this.state = 'ready';
        this.fail(error);
      },
    );
    return this.loaded;
  }

  private membersOf(group: DuplicateGroup): Item[] {
    return group.items.flatMap(({ id }) => this.items.get(id) ?? []);
  }

  private chosen(index: number): string {
    const group = this.groups[index]!;
    return this.keep.get(groupKey(group)) ?? suggestedKeep(this.membersOf(group));
  }

  private async merge(index: number): Promise<void> {
    const members = this.membersOf(this.groups[index]!);
    const keep = this.chosen(index);
    this.state = 'merging';
    try {
      const answer = await mergeDuplicates(this.api!, keep, members.map((item) => item.id).filter((id) => id !== keep));
      this.merged = { answer, name: members.find((item) => item.id === keep)!.name };
      this.dispatchEvent(new CustomEvent('duplicates-merged', { detail: this.merged, bubbles: true, composed: true }));
      await this.reload();
    } catch (error) {
      this.state = 'ready';
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.dispatchEvent(new CustomEvent('api-error', { detail: { message: messageOf(error) }, bubbles: true, composed: true }));
  }

  private card(item: Item, group: DuplicateGroup, index: number) {
    const score = group.items.find((entry) => entry.id === item.id)!.score;
    const folders = item.folders.map((id) => this.folderNames.get(id) ?? id);
    return html`<label class="card">
      <input type="radio" name="keep-${index}" value=${item.id} aria-label="Keep ${item.name}" .checked=${this.chosen(index) === item.id}
        @change=${() => (this.keep = new Map(this.keep).set(groupKey(group), item.id))} />
      <img src=${item.thumbnailURL} alt="" loading="lazy" />
      <span class="name">${item.name}${item.ext ? `.${item.ext}` : ''}</span>
      <span class="facts">${item.width} × ${item.height} · ${formatBytes(item.size)}</span>
      <span class="facts">Added ${new Date(item.importedAt).toLocaleDateString()}</span>
      <span class="facts">${folders.length ? `In ${folders.join(', ')}` : 'In no folder'}</span>
      ${group.kind === 'similar' ? html`<span class="facts">${Math.round(score * 100)} % alike</span>` : nothing}
    </label>`;
  }

  private group(group: DuplicateGroup, index: number) {
    const members = this.membersOf(group);
    const heading = group.kind === 'exact' ? `${members.length} identical files` : `${members.length} pictures that look the same`;
    return html`<section class="group" aria-labelledby="group-${index}">
      <h3 id="group-${index}">${heading}</h3>
      <div class="cards" role="radiogroup" aria-label="Item to keep">${members.map((item) => this.card(item, group, index))}</div>
      <button class="primary" ?disabled=${this.state !== 'ready'} @click=${() => void this.merge(index)}>
        Keep the chosen one, move ${plural(members.length - 1, 'other')} to the trash
      </button>
    </section>`;
  }

  private notice() {
    if (!this.merged) return nothing;
    const { answer, name } = this.merged;
    return html`<p class="merged" role="status">Kept "${name}"; ${plural(answer.trashed.length, 'other')} moved to the trash.
      <button @click=${() => this.dispatchEvent(new CustomEvent('duplicates-undo', { detail: this.merged, bubbles: true, composed: true }))}>Undo</button></p>`;
  }

  override render() {
    if (this.state === 'loading' && this.groups.length === 0) {
      return html`<h2>Duplicates</h2><p class="status" role="status"><progress aria-label="Looking for duplicates"></progress> Looking for duplicates…</p>`;
    }
    const more = this.total > this.groups.length ? html` (the first ${this.groups.length} shown; merge some to see more)` : nothing;
    return html`<h2>Duplicates</h2>${this.notice()}
      <p class="status" role="status">${this.total ? html`${plural(this.total, 'group')} of duplicates${more}. Pick the one to keep in each.` : 'No duplicates found.'}</p>
      <div class="groups">${this.groups.map((group, index) => this.group(group, index))}</div>`;
  }
}
customElements.define('duplicate-review', DuplicateReview);

declare global {
  interface HTMLElementTagNameMap {
    'duplicate-review': DuplicateReview;
  }
}
