/**
 * Space's quick preview: the item's thumbnail, large, with its name, in a native <dialog>. Space or
 * Esc closes it and the focus returns to the grid. The full viewer (Enter) is <item-viewer>.
 */
import { html, nothing } from 'lit';
import type { Item } from '../api-types';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';

export class QuickLook extends LightElement {
  declare item: Item | null;
  static override properties = { item: { attribute: false } };

  constructor() {
    super();
    this.item = null;
  }

  show(item: Item): void {
    this.item = item;
    void this.updateComplete.then(() => this.querySelector('dialog')?.showModal());
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === ' ') {
      event.preventDefault();
      this.querySelector('dialog')?.close();
    }
  }

  override render() {
    const item = this.item;
    return html`<dialog class="quick-look" aria-label=${item ? `Preview of ${item.name}` : 'Preview'} @keydown=${this.onKeyDown}>
      ${item
        ? html`<img src=${item.thumbnailURL} alt=${item.name} />
            <p class="quick-look-caption"><strong>${item.name}</strong> · ${item.ext.toUpperCase()} · ${formatBytes(item.size)}${item.width ? ` · ${item.width}×${item.height}` : ''}</p>`
        : nothing}
      <form method="dialog"><button class="btn" autofocus>Close</button></form>
    </dialog>`;
  }
}
customElements.define('quick-look', QuickLook);
