/**
 * The header's search box: typing runs item/query (debounced); a syntax error shows the API's
 * message under the box. `/` anywhere focuses it (the shell's shortcut table).
 */
import { html } from 'lit';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';

const DEBOUNCE_MS = 250;

export class SearchBox extends LightElement {
  declare value: string;
  declare error: string;
  static override properties = { value: { type: String }, error: { type: String } };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.value = '';
    this.error = '';
  }

  focusInput(): void {
    const input = this.querySelector<HTMLInputElement>('input');
    input?.focus();
    input?.select();
  }

  protected override updated(): void {
    // Back/forward changes the value from outside: show it unless the person is typing.
    const input = this.querySelector<HTMLInputElement>('input');
    if (input && document.activeElement !== input && input.value !== this.value) input.value = this.value;
  }

  private onInput(event: InputEvent): void {
    const text = (event.target as HTMLInputElement).value;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.emit(text), DEBOUNCE_MS);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Enter') {
      clearTimeout(this.timer);
      this.emit((event.target as HTMLInputElement).value);
    } else if (event.key === 'ArrowDown') {
      // Down from the search box goes to the results, so a search never needs the mouse.
      event.preventDefault();
      clearTimeout(this.timer);
      this.emit((event.target as HTMLInputElement).value);
      this.dispatchEvent(new CustomEvent('focus-results', { bubbles: true }));
    } else if (event.key === 'Escape' && (event.target as HTMLInputElement).value) {
      event.stopPropagation();
      (event.target as HTMLInputElement).value = '';
      clearTimeout(this.timer);
      this.emit('');
    }
  }

  private emit(text: string): void {
    if (text === this.value) return;
    this.dispatchEvent(new CustomEvent<string>('search-changed', { detail: text, bubbles: true }));
  }

  override render() {
    return html`<div class="search" role="search">
      ${icon('search', 16)}
      <input
        id="search"
        type="search"
        class="search-input"
        .value=${this.value}
        placeholder="Search" title="Search (press / to come here)"
        aria-label="Search items"
        aria-describedby="search-error"
        aria-invalid=${this.error ? 'true' : 'false'}
        autocomplete="off"
        spellcheck="false"
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
      />
      <p id="search-error" class="search-error" role="alert">${this.error}</p>
    </div>`;
  }
}
customElements.define('search-box', SearchBox);
