/**
 * <comment-list>: an item's comments, each edited or removed in place, and a box to add one.
 * It only sends intents (comment-add, comment-save, comment-remove, comment-pick); its owner
 * calls the API, hands back the new list and says whether an added comment was stored.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { Comment } from '../api-types';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';
import { describePlace, sortComments } from './comment-kinds';

/** comment-add's detail: the owner writes the comment and sets `written` to whether it was stored. */
export interface CommentAdd {
  annotation: string;
  written?: Promise<boolean>;
}

export class CommentList extends LitElement {
  static override properties = {
    comments: { attribute: false },
    activeId: { attribute: false },
    addHint: { attribute: false },
    imageSize: { attribute: false },
    readOnly: { type: Boolean },
    editing: { state: true },
    adding: { state: true },
  };

  declare comments: Comment[];
  declare activeId: string | null;
  /** Says where a comment added here will sit, e.g. "on the whole image". */
  declare addHint: string;
  /** The image's size, so an area covering all of it reads "on the whole image" (none for other items). */
  declare imageSize: { width: number; height: number } | undefined;
  /** Lists the comments and offers no adding, editing or removing (an item of a published library). */
  declare readOnly: boolean;
  declare editing: string | null;
  /** A comment from the add box is on its way: a second press sends nothing. */
  declare adding: boolean;

  constructor() {
    super();
    this.comments = [];
    this.activeId = null;
    this.addHint = '';
    this.readOnly = false;
    this.editing = null;
    this.adding = false;
  }

  /** Opens the editor of one comment (the viewer does this after a click on its rectangle). */
  async edit(commentId: string): Promise<void> {
    this.editing = commentId;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLTextAreaElement>(`textarea[data-comment="${commentId}"]`)?.focus();
  }

  private send(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  private save(comment: Comment, event: Event): void {
    event.preventDefault();
    const text = new FormData(event.target as HTMLFormElement).get('annotation');
    this.editing = null;
    if (String(text) !== comment.annotation) this.send('comment-save', { commentId: comment.id, annotation: String(text) });
  }

  private async add(event: Event): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const text = String(new FormData(form).get('annotation') ?? '').trim();
    if (!text || this.adding) return;
    const detail: CommentAdd = { annotation: text };
    this.send('comment-add', detail);
    this.adding = true;
    const stored = await Promise.resolve(detail.written ?? true).finally(() => (this.adding = false));
    // A refused comment stays in the box, to fix or send again (its owner says why); so does text typed meanwhile.
    const box = form.elements.namedItem('annotation') as HTMLTextAreaElement;
    if (stored && box.value.trim() === text) form.reset();
  }

  private renderComment(comment: Comment) {
    const place = describePlace(comment, this.imageSize);
    if (this.editing === comment.id) {
      return html`<li class="editing">
        <form @submit=${(e: Event) => this.save(comment, e)} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), (this.editing = null))}>
          <label class="visually-hidden" for="edit-${comment.id}">Comment ${place}</label>
          <textarea id="edit-${comment.id}" name="annotation" data-comment=${comment.id} .value=${comment.annotation}></textarea>
          <div class="actions">
            <button type="submit" class="primary">Save</button>
            <button type="button" @click=${() => (this.editing = null)}>Cancel</button>
          </div>
        </form>
      </li>`;
    }
    return html`<li class=${comment.id === this.activeId ? 'active' : ''} data-comment=${comment.id}>
      <button type="button" class="quiet place" @click=${() => this.send('comment-pick', { commentId: comment.id })}
        aria-label="Show comment ${place}">${place}</button>
      <p class="text">${comment.annotation || html`<em>No text</em>`}</p>
      ${this.readOnly ? nothing : html`<div class="actions">
        <button type="button" class="quiet" aria-label="Edit comment ${place}" @click=${() => this.edit(comment.id)}>Edit</button>
        <button type="button" class="quiet danger" aria-label="Remove comment ${place}"
          @click=${() => this.send('comment-remove', { commentId: comment.id })}>Remove</button>
      </div>`}
    </li>`;
  }

  override render() {
    const sorted = sortComments(this.comments);
    return html`
      ${sorted.length ? html`<ul>${sorted.map((c) => this.renderComment(c))}</ul>` : html`<p class="empty">No comments yet.</p>`}
      ${this.readOnly ? nothing : html`<form class="add" @submit=${this.add}>
        <label for="new-comment">Add a comment${this.addHint ? html` <span class="hint">${this.addHint}</span>` : nothing}</label>
        <textarea id="new-comment" name="annotation" rows="2" placeholder="Write a comment"></textarea>
        <div class="actions"><button type="submit" class="primary" aria-disabled=${this.adding}>Add comment</button></div>
      </form>`}
    `;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: block; }
      ul { list-style: none; margin: 0 0 0.75rem; padding: 0; display: grid; gap: 0.5rem; }
      li { padding: 0.45rem 0.6rem; border: 1px solid var(--_line); border-radius: 8px; background: var(--_surface); }
      li.active { border-color: var(--_accent); box-shadow: 0 0 0 1px var(--_accent); }
      .place { min-height: 24px; padding: 0 0.3em; margin-left: -0.3em; font-size: 12px; color: var(--_muted); }
      .text { margin: 0.15rem 0 0.25rem; white-space: pre-wrap; overflow-wrap: anywhere; }
      .actions { display: flex; gap: 0.35rem; justify-content: flex-end; }
      .actions button { min-height: 28px; font-size: 13px; }
      .editing .actions { margin-top: 0.35rem; }
      .empty { margin: 0 0 0.75rem; color: var(--_muted); }
      .add label { display: block; margin-bottom: 0.25rem; font-weight: 600; font-size: 13px; }
      .hint { font-weight: 400; color: var(--_muted); }
      .add .actions { margin-top: 0.35rem; }
    `,
  ];
}

define('comment-list', CommentList);
