/**
 * <add-url-dialog>: asks for a URL to import, as a downloaded file or as a bookmark (guessed from
 * the URL, changeable). Call `open()`; on submit it dispatches bubbling `add-url` {url, bookmark, name}.
 */
import { css, html, LitElement } from 'lit';
import { live } from 'lit/directives/live.js';
import { looksLikeFileUrl } from './url-text';

export interface AddUrlDetail {
  url: string;
  bookmark: boolean;
  name?: string;
}

export class AddUrlDialog extends LitElement {
  static override properties = { bookmark: { state: true }, error: { state: true } };
  // Declared, not initialised as class fields: those would hide Lit's reactive accessors.
  declare private bookmark: boolean;
  declare private error: string;
  private chosenByHand = false;

  constructor() {
    super();
    this.bookmark = true;
    this.error = '';
  }

  private get dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')!;
  }

  private get urlInput(): HTMLInputElement {
    return this.renderRoot.querySelector('#url')!;
  }

  open(): void {
    this.error = '';
    this.bookmark = true;
    this.chosenByHand = false;
    this.renderRoot.querySelector('form')?.reset();
    // The reset unchecks both choices (neither is checked in the markup): the render checks the
    // right one again, read from the live radios (live()), since its own value did not change.
    this.requestUpdate();
    this.dialog.showModal();
    this.urlInput.focus();
  }

  close(): void {
    this.dialog.close();
  }

  private onUrlInput(): void {
    this.error = '';
    if (!this.chosenByHand) this.bookmark = !looksLikeFileUrl(this.urlInput.value.trim());
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const url = String(data.get('url') ?? '').trim();
    try {
      const parsed = new URL(url);
      if (!/^https?:$/.test(parsed.protocol)) throw new Error();
    } catch {
      this.error = 'Enter a full address starting with http:// or https://.';
      this.urlInput.focus();
      return;
    }
    const name = String(data.get('name') ?? '').trim();
    const detail: AddUrlDetail = { url, bookmark: this.bookmark, ...(name ? { name } : {}) };
    this.dispatchEvent(new CustomEvent('add-url', { detail, bubbles: true, composed: true }));
    this.close();
  }

  override render() {
    return html`<dialog aria-labelledby="title">
      <form @submit=${this.submit} novalidate>
        <h2 id="title">Add from URL</h2>
        <label for="url">Address</label>
        <input id="url" name="url" type="url" required placeholder="https://example.com/picture.jpg" autocomplete="url"
          aria-invalid=${this.error ? 'true' : 'false'} aria-describedby="url-error" @input=${this.onUrlInput} />
        <p id="url-error" class="error" role="alert">${this.error}</p>
        <fieldset>
          <legend>Add it as</legend>
          <label><input type="radio" name="kind" .checked=${live(!this.bookmark)}
            @change=${() => ((this.bookmark = false), (this.chosenByHand = true))} /> The file it points to</label>
          <label><input type="radio" name="kind" .checked=${live(this.bookmark)}
            @change=${() => ((this.bookmark = true), (this.chosenByHand = true))} /> A bookmark</label>
        </fieldset>
        <label for="name">Name <span class="hint">(optional)</span></label>
        <input id="name" name="name" type="text" autocomplete="off" />
        <div class="actions">
          <button type="button" @click=${() => this.close()}>Cancel</button>
          <button type="submit" class="primary">Add</button>
        </div>
      </form>
    </dialog>`;
  }

  static override styles = css`
    dialog { border: none; border-radius: 12px; padding: 0; width: min(440px, calc(100vw - 32px));
      box-shadow: 0 20px 60px rgb(0 0 0 / 0.3); color: #1c1f24; font: 14px/1.45 system-ui, sans-serif; }
    dialog::backdrop { background: rgb(15 18 24 / 0.45); }
    form { display: grid; gap: 6px; padding: 20px 22px; }
    h2 { margin: 0 0 8px; font-size: 17px; }
    label { font-weight: 500; }
    .hint { color: #68707c; font-weight: 400; }
    input[type='url'], input[type='text'] { font: inherit; padding: 8px 10px; border: 1px solid #c5cad3; border-radius: 8px; }
    input[aria-invalid='true'] { border-color: #c62828; }
    .error { color: #c62828; margin: 0; min-height: 1.2em; font-size: 13px; }
    fieldset { border: 1px solid #e1e4ea; border-radius: 8px; margin: 4px 0 6px; display: grid; gap: 4px; padding: 8px 12px; }
    legend { padding: 0 4px; color: #4a515c; }
    fieldset label { font-weight: 400; display: flex; gap: 8px; align-items: center; }
    .actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 12px; }
    button { font: inherit; padding: 7px 14px; border-radius: 8px; border: 1px solid #c5cad3; background: #fff; cursor: pointer; }
    button.primary { background: #2f6fde; border-color: #2f6fde; color: #fff; }
    :focus-visible { outline: 3px solid #7aa7ff; outline-offset: 2px; }
  `;
}

customElements.define('add-url-dialog', AddUrlDialog);

declare global {
  interface HTMLElementTagNameMap {
    'add-url-dialog': AddUrlDialog;
  }
}
