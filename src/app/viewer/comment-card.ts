/**
 * <comment-card>: a comment shown where it sits (beside its rectangle or marker), to read, edit or
 * remove in place, or the box for a comment just drawn. Sends card-save {annotation}, card-remove,
 * card-move (put it elsewhere) and card-close. Read-only (a published library), it only shows the comment.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { Comment } from '../api-types';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';

export class CommentCard extends LitElement {
  static override properties = {
    comment: { attribute: false },
    draftText: { attribute: false },
    place: { attribute: false },
    moveLabel: { attribute: false },
    readOnly: { type: Boolean },
    editing: { state: true },
  };

  /** The comment shown, or null for a new one. */
  declare comment: Comment | null;
  /** A new one's text to start from (one the API refused). */
  declare draftText: string;
  /** Where it sits, in words ("area 40×20 at 5, 8", "at 0:03"). */
  declare place: string;
  /** The action that puts the comment somewhere else ("Redraw area", "Move to playhead"), or ''. */
  declare moveLabel: string;
  declare readOnly: boolean;
  declare editing: boolean;

  constructor() {
    super();
    this.comment = null;
    this.draftText = '';
    this.place = '';
    this.moveLabel = '';
    this.readOnly = false;
    this.editing = false;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('comment')) this.editing = this.comment === null;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('editing') && this.editing) this.renderRoot.querySelector('textarea')?.focus();
  }

  private send(type: string, detail: Record<string, unknown> = {}): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  private submit(event: Event): void {
    event.preventDefault();
    const annotation = String(new FormData(event.target as HTMLFormElement).get('annotation') ?? '').trim();
    if (!this.comment && !annotation) return;
    this.editing = false;
    if (annotation !== this.comment?.annotation) this.send('card-save', { annotation });
  }

  private escape(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.preventDefault(); // keep the dialog open: Esc leaves only the card
    event.stopPropagation();
    if (this.comment && this.editing) this.editing = false;
    else this.send('card-close');
  }

  override render() {
    const isNew = this.comment === null;
    if (this.editing) {
      return html`<form @submit=${this.submit} @keydown=${this.escape}>
        <label for="text">${isNew ? 'New comment' : 'Edit comment'} <span class="place">${this.place}</span></label>
        <textarea id="text" name="annotation" rows="3" .value=${this.comment?.annotation ?? this.draftText} placeholder="What is here?"></textarea>
        <div class="actions">
          <button type="button" @click=${() => (isNew ? this.send('card-close') : (this.editing = false))}>Cancel</button>
          <button type="submit" class="primary">${isNew ? 'Add comment' : 'Save'}</button>
        </div>
      </form>`;
    }
    return html`<div class="view" role="group" aria-label="Comment ${this.place}" @keydown=${this.escape}>
      <div class="head">
        <p class="place">${this.place}</p>
        <button type="button" class="quiet close" aria-label="Close comment" @click=${() => this.send('card-close')}>✕</button>
      </div>
      <p class="text">${this.comment?.annotation || html`<em>No text</em>`}</p>
      ${this.readOnly
        ? nothing
        : html`<div class="actions">
            <button type="button" class="quiet danger" @click=${() => this.send('card-remove')}>Remove</button>
            ${this.moveLabel ? html`<button type="button" class="quiet" @click=${() => this.send('card-move')}>${this.moveLabel}</button>` : nothing}
            <button type="button" @click=${() => (this.editing = true)}>Edit</button>
          </div>`}
    </div>`;
  }

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block; padding: 0.7rem; border-radius: 10px; background: var(--_surface); color: var(--_text);
        box-shadow: 0 10px 30px rgb(0 0 0 / 0.35);
      }
      label { display: block; margin-bottom: 0.35rem; font-weight: 600; }
      .place { margin: 0; font-size: 12px; font-weight: 400; color: var(--_muted); }
      .text { margin: 0.2rem 0 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; }
      .head { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; }
      .close { min-height: 26px; width: 26px; padding: 0; margin: -0.3rem -0.3rem 0 0; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; justify-content: flex-end; margin-top: 0.45rem; }
    `,
  ];
}

define('comment-card', CommentCard);
