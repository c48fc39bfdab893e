/**
 * <bookmarklet-dialog>: the Import menu's "Save from other sites…". It offers the "Save to
 * library" bookmarklet (./bookmarklet.ts) as a link to drag to the bookmarks bar, or to copy where
 * dragging is not possible, and explains what it does. Call `open()`.
 */
import { css, html, LitElement } from 'lit';
import { APP_BASE } from '../base';
import { bookmarkletHref } from './bookmarklet';
import { sharedStyles } from '../ui/shared-styles';

/** The capture page of this install, wherever its base path is. */
export const captureUrl = (): string => new URL(`${APP_BASE}capture.html`, location.origin).href;

export class BookmarkletDialog extends LitElement {
  static override properties = { note: { state: true } };
  declare private note: string;

  constructor() {
    super();
    this.note = '';
  }

  private get dialog(): HTMLDialogElement {
    return this.renderRoot.querySelector('dialog')!;
  }

  open(): void {
    this.note = '';
    this.dialog.showModal();
    this.renderRoot.querySelector<HTMLElement>('.bookmarklet')?.focus();
  }

  close(): void {
    this.dialog.close();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(bookmarkletHref(captureUrl()));
      this.note = 'Copied. Make a new bookmark and paste this as its address.';
    } catch {
      this.note = 'The browser did not allow copying: drag the button to the bookmarks bar instead.';
    }
  }

  override render() {
    return html`<dialog aria-labelledby="title" aria-describedby="intro">
      <h2 id="title">Save from other sites</h2>
      <p id="intro">The <strong>Save to library</strong> bookmarklet saves the images and the address of any page you are on into this library.</p>
      <div class="offer">
        <a class="bookmarklet" href=${bookmarkletHref(captureUrl())} draggable="true" title="Drag me to the bookmarks bar"
          @click=${(e: Event) => ((e.preventDefault(), (this.note = 'Drag the button to the bookmarks bar rather than clicking it here.')))}>Save to library</a>
        <button type="button" @click=${this.copy}>Copy bookmarklet</button>
      </div>
      <p class="note" role="status">${this.note}</p>
      <ol>
        <li>Show the bookmarks bar (Ctrl+Shift+B, or ⌘+Shift+B on a Mac).</li>
        <li>Drag the <strong>Save to library</strong> button onto it.</li>
        <li>On any page, click the bookmark: a small window opens with the page's images. Pick images, or the page itself as a bookmark, a folder and tags, then save.</li>
      </ol>
      <p class="small">It reads only what the page shows and adds no script to it, so it works on sites with a strict Content-Security-Policy too. Allow pop-ups if the browser asks.
        An image whose site does not let other sites read it is kept as a link: it shows while that site serves it, without size, colour palette or AI descriptors, and the item says so.</p>
      <div class="actions"><button type="button" class="primary" @click=${() => this.close()}>Done</button></div>
    </dialog>`;
  }

  static override styles = [
    sharedStyles,
    css`
    dialog { border: none; border-radius: 12px; padding: 20px 22px; width: min(520px, calc(100vw - 32px)); box-sizing: border-box;
      box-shadow: 0 20px 60px rgb(0 0 0 / 0.3); color: #1c1f24; font: 14px/1.5 system-ui, sans-serif; }
    dialog::backdrop { background: rgb(15 18 24 / 0.45); }
    h2 { margin: 0 0 8px; font-size: 17px; }
    p { margin: 0 0 10px; }
    ol { margin: 0 0 10px; padding-left: 1.3em; display: grid; gap: 4px; }
    .offer { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 4px 0 6px; }
    .bookmarklet { display: inline-block; padding: 8px 16px; border-radius: 999px; background: #2f6fde; color: #fff; font-weight: 600;
      text-decoration: none; cursor: grab; box-shadow: 0 2px 6px rgb(47 111 222 / 0.35); }
    .note { min-height: 1.2em; color: #1b5e20; font-size: 13px; }
    .note:empty { min-height: 0; margin: 0; }
    .small { font-size: 13px; color: #4a515c; }
    .actions { display: flex; justify-content: flex-end; }
  `,
  ];
}

customElements.define('bookmarklet-dialog', BookmarkletDialog);

declare global {
  interface HTMLElementTagNameMap {
    'bookmarklet-dialog': BookmarkletDialog;
  }
}
