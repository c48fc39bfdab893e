/** Renders the toasts in a polite live region, so screen readers announce them too. */
import { html } from 'lit';
import { StoreController } from '../state/store';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import type { ToastStore } from './toast-store';
import './toasts.css';

export class ToastStack extends LightElement {
  declare store: ToastStore;
  static override properties = { store: { attribute: false } };

  constructor() {
    super();
    new StoreController(this, () => (this.store ? [this.store] : []));
  }

  override render() {
    const toasts = this.store?.toasts ?? [];
    return html`<div class="toasts" role="status" aria-live="polite">
      ${toasts.map(
        (toast) => html`<div class="toast" data-kind=${toast.kind}>
          <span class="toast-message">${toast.message}</span>
          ${toast.action
            ? html`<button class="btn toast-action" @click=${() => {
                toast.action!.run();
                this.store.dismiss(toast.id);
              }}>${toast.action.label}</button>`
            : null}
          <button class="btn icon toast-close" aria-label="Dismiss" @click=${() => this.store.dismiss(toast.id)}>${icon('close', 16)}</button>
        </div>`,
      )}
    </div>`;
  }
}
customElements.define('toast-stack', ToastStack);
