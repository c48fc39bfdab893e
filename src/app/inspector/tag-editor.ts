/**
 * <tag-editor>: an item's tags as removable chips, and a combobox that suggests existing tags: the
 * recently used ones when it gets focus, then tag/get matches (substring, most used first) while typing.
 * Enter or comma adds; sends `tags-change`.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import type { Page, Tag } from '../api-types';
import { define } from '../ui/define';
import { errorMessage, emit } from '../ui/events';
import { sharedStyles } from '../ui/shared-styles';

const SUGGESTIONS = 8;

export class TagEditor extends LitElement {
  static override properties = {
    api: { attribute: false },
    tags: { attribute: false },
    suggestions: { state: true },
    active: { state: true },
  };

  declare api: ApiClient;
  declare tags: string[];
  declare suggestions: string[];
  declare active: number;
  private lookup = 0;

  constructor() {
    super();
    this.tags = [];
    this.suggestions = [];
    this.active = -1;
  }

  private get input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  private change(tags: string[]): void {
    this.tags = tags;
    this.dispatchEvent(new CustomEvent('tags-change', { detail: { tags } }));
  }

  private add(name: string): void {
    const tag = name.trim();
    this.input.value = '';
    this.close();
    if (tag && !this.tags.includes(tag)) this.change([...this.tags, tag]);
  }

  private close(): void {
    this.lookup++;
    this.suggestions = [];
    this.active = -1;
  }

  private async suggest(): Promise<void> {
    const text = this.input.value.trim();
    const ticket = ++this.lookup;
    const limit = SUGGESTIONS + this.tags.length;
    try {
      const page = text
        ? await this.api.get('/tag/get', { name: text, limit })
        : await this.api.get('/tag/getRecentTags', { limit });
      if (ticket !== this.lookup) return; // a later keystroke already asked again
      // A late answer (a focus's, then the text's) keeps the suggestion the arrows already picked.
      const picked = this.suggestions[this.active];
      this.suggestions = page.data.map((t) => t.name).filter((n) => !this.tags.includes(n)).slice(0, SUGGESTIONS);
      this.active = picked === undefined ? -1 : this.suggestions.indexOf(picked);
    } catch (error) {
      emit(this, 'api-error', { message: errorMessage(error) });
    }
  }

  private onKey(event: KeyboardEvent): void {
    const open = this.suggestions.length > 0;
    if (event.key === 'ArrowDown' && open) this.active = (this.active + 1) % this.suggestions.length;
    else if (event.key === 'ArrowUp' && open) this.active = (this.active - 1 + this.suggestions.length) % this.suggestions.length;
    else if (event.key === 'Enter' || event.key === ',') this.add(this.suggestions[this.active] ?? this.input.value);
    else if (event.key === 'Escape' && open) this.close();
    else if (event.key === 'Backspace' && !this.input.value && this.tags.length) this.change(this.tags.slice(0, -1));
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  override render() {
    const open = this.suggestions.length > 0;
    return html`
      <ul class="chips" aria-label="Tags" ?hidden=${!this.tags.length}>
        ${this.tags.map(
          (tag) => html`<li class="chip"><span>${tag}</span>
            <button type="button" aria-label="Remove tag ${tag}" @click=${() => this.change(this.tags.filter((t) => t !== tag))}>×</button></li>`,
        )}
      </ul>
      <div class="combo">
        <label class="visually-hidden" for="tag-input">Add a tag</label>
        <input id="tag-input" type="text" placeholder="Add a tag…" autocomplete="off"
          role="combobox" aria-autocomplete="list" aria-controls="tag-options" aria-expanded=${open ? 'true' : 'false'}
          aria-activedescendant=${this.active >= 0 ? `tag-option-${this.active}` : nothing}
          @input=${this.suggest} @focus=${this.suggest} @keydown=${this.onKey} @blur=${() => setTimeout(() => this.close(), 150)} />
        <ul id="tag-options" role="listbox" aria-label=${this.input?.value.trim() ? 'Matching tags' : 'Recent tags'} ?hidden=${!open}>
          ${this.suggestions.map(
            (name, i) => html`<li id="tag-option-${i}" role="option" aria-selected=${i === this.active ? 'true' : 'false'}
              @pointerdown=${(e: Event) => e.preventDefault()} @click=${() => this.add(name)}>${name}</li>`,
          )}
        </ul>
      </div>
    `;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: block; }
      .chips { display: flex; flex-wrap: wrap; gap: 0.3rem; list-style: none; margin: 0 0 0.4rem; padding: 0; }
      .combo { position: relative; }
      [role='listbox'] {
        position: absolute; z-index: 5; left: 0; right: 0; top: calc(100% + 2px); margin: 0; padding: 0.25rem 0;
        list-style: none; background: var(--_surface); border: 1px solid var(--_line); border-radius: 8px;
        box-shadow: 0 6px 20px rgb(0 0 0 / 0.14);
      }
      [role='option'] { padding: 0.3rem 0.7rem; cursor: pointer; }
      [role='option']:hover, [role='option'][aria-selected='true'] { background: var(--_raised); color: var(--_accent); }
    `,
  ];
}

define('tag-editor', TagEditor);
