/**
 * The header's search box: typing runs item/query (debounced); a syntax error shows the API's
 * message under the box. `/` anywhere focuses it (the shell's shortcut table). Its AI toggle
 * switches to search by meaning (`search-mode-changed`: aiSearch/searchByText), and a picture
 * dropped on it asks for items like it (`search-image`, detail: its Base64, for searchByBase64).
 */
import { html } from 'lit';
import { readAsDataUrl } from '../import/read-as-data-url';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import type { SearchMode } from './view-state';

const DEBOUNCE_MS = 250;

export class SearchBox extends LightElement {
  declare value: string;
  declare error: string;
  declare mode: SearchMode;
  declare private dropActive: boolean;
  static override properties = { value: { type: String }, error: { type: String }, mode: { type: String }, dropActive: { state: true } };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.value = '';
    this.error = '';
    this.mode = 'words';
    this.dropActive = false;
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
    this.cancelPending();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.emit(text);
    }, DEBOUNCE_MS);
  }

  private cancelPending(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Sends text still waiting for the debounce now (another change to the view must come after it). */
  flush(): void {
    if (this.timer === undefined) return;
    this.cancelPending();
    this.emit(this.querySelector<HTMLInputElement>('input')?.value ?? this.value);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Enter') {
      this.cancelPending();
      this.emit((event.target as HTMLInputElement).value);
    } else if (event.key === 'ArrowDown') {
      // Down from the search box goes to the results, so a search never needs the mouse.
      event.preventDefault();
      this.cancelPending();
      this.emit((event.target as HTMLInputElement).value);
      this.dispatchEvent(new CustomEvent('focus-results', { bubbles: true }));
    } else if (event.key === 'Escape' && (event.target as HTMLInputElement).value) {
      event.stopPropagation();
      (event.target as HTMLInputElement).value = '';
      this.cancelPending();
      this.emit('');
    }
  }

  private toggleMode(): void {
    const mode: SearchMode = this.mode === 'meaning' ? 'words' : 'meaning';
    const input = this.querySelector<HTMLInputElement>('input');
    this.cancelPending();
    this.dispatchEvent(new CustomEvent<{ mode: SearchMode; text: string }>('search-mode-changed', { detail: { mode, text: input?.value ?? this.value }, bubbles: true }));
    input?.focus();
  }

  private onDragOver(event: DragEvent): void {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    this.dropActive = true;
  }

  private async onDrop(event: DragEvent): Promise<void> {
    const file = [...(event.dataTransfer?.files ?? [])].find((f) => f.type.startsWith('image/'));
    this.dropActive = false;
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.stopPropagation();
    if (!file) {
      this.dispatchEvent(new CustomEvent('api-error', { detail: { message: 'Drop a picture on the search box to find items like it.' }, bubbles: true }));
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    this.dispatchEvent(new CustomEvent<string>('search-image', { detail: dataUrl.slice(dataUrl.indexOf(',') + 1), bubbles: true }));
  }

  private emit(text: string): void {
    if (text === this.value) return;
    this.dispatchEvent(new CustomEvent<string>('search-changed', { detail: text, bubbles: true }));
  }

  override render() {
    const meaning = this.mode === 'meaning';
    return html`<div class="search" role="search" ?data-drop-active=${this.dropActive} data-mode=${this.mode}
      @dragover=${this.onDragOver} @dragleave=${() => (this.dropActive = false)} @drop=${this.onDrop}>
      ${icon('search', 16)}
      <input
        id="search"
        type="search"
        class="search-input"
        .value=${this.value}
        placeholder=${meaning ? 'Describe what you look for' : 'Search'}
        title=${meaning ? 'Search by meaning: objects, colours and words (press / to come here)' : 'Search (press / to come here); drop a picture here to find items like it'}
        aria-label="Search items"
        aria-describedby="search-error"
        aria-invalid=${this.error ? 'true' : 'false'}
        autocomplete="off"
        spellcheck="false"
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
      />
      <button type="button" class="search-mode" aria-pressed=${meaning ? 'true' : 'false'} aria-label="AI: search by meaning"
        title=${meaning ? 'Searching by meaning; switch back to words' : 'Search by meaning (AI): objects, colours, words'} @click=${this.toggleMode}>${icon('sparkle', 16)}<span>AI</span></button>
      <p id="search-error" class="search-error" role="alert">${this.error}</p>
    </div>`;
  }
}
customElements.define('search-box', SearchBox);
