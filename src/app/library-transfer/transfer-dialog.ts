/**
 * <library-transfer-dialog>: a modal that follows one library transfer (opening an Eagle library,
 * or exporting to a folder): what is happening, a progress bar, and at the end the report
 * (imported, skipped, broken with reasons) or the error. The transfer goes on in the service worker
 * if the person closes it; the menu (transfer-menu.ts) feeds it.
 */
import { html, nothing } from 'lit';
import { LightElement } from '../ui/light-element';
import './transfer.css';

export interface TransferView {
  title: string;
  /** One line under the title ("120 of 200 item folders · 3.1 MB"). */
  status: string;
  /** Progress as done/total; total 0 shows a bar that only says "busy". */
  done: number;
  total: number;
  /** The final report's lines, once it ended. */
  lines: string[];
  ended: boolean;
  failed: boolean;
  /** At the end, a library to open from here ("Open Trip"): one the person did not stay in to see. */
  open?: { label: string; run: () => void };
}

export class LibraryTransferDialog extends LightElement {
  declare view: TransferView | null;
  static override properties = { view: { attribute: false } };

  constructor() {
    super();
    this.view = null;
  }

  get dialogElement(): HTMLDialogElement | null {
    return this.querySelector('dialog');
  }

  /** Shows the dialog with `view` (again, if it was closed) and keeps it up to date. */
  async show(view: TransferView): Promise<void> {
    this.view = view;
    await this.updateComplete;
    if (!this.dialogElement?.open) this.dialogElement?.showModal();
  }


  override render() {
    const view = this.view;
    return html`<dialog class="transfer-dialog" aria-labelledby="transfer-title" aria-describedby="transfer-status">
      <h2 id="transfer-title">${view?.title ?? ''}</h2>
      ${view && !view.ended
        ? html`<progress class="transfer-progress" aria-label="Progress" max=${view.total || nothing} value=${view.total ? view.done : nothing}></progress>`
        : nothing}
      <p id="transfer-status" class=${view?.failed ? 'form-error' : 'transfer-status'} role="status">${view?.status ?? ''}</p>
      ${view?.lines.length ? html`<ul class="transfer-report" aria-label="Report">${view.lines.map((line) => html`<li>${line}</li>`)}</ul>` : nothing}
      <form method="dialog" class="transfer-actions">
        ${view?.ended && view.open ? html`<button class="btn primary" type="submit" @click=${view.open.run}>${view.open.label}</button>` : nothing}
        <button class="btn ${view?.ended && !view.open ? 'primary' : ''}" type="submit">${view?.ended ? 'Close' : 'Hide'}</button>
      </form>
    </dialog>`;
  }
}
customElements.define('library-transfer-dialog', LibraryTransferDialog);
