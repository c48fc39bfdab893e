/**
 * The bottom line: how many items the view holds and how many are selected, the API's state, and
 * a place for the storage line (../pwa/storage-status.ts: used of quota, persistence, a warning
 * when space runs low), which fills `.status-storage` itself.
 */
import { html, nothing } from 'lit';
import { formatCount, plural } from '../ui/format';
import { LightElement } from '../ui/light-element';

export type ApiState = 'starting' | 'ready' | 'error';

export class StatusBar extends LightElement {
  declare total: number | null;
  declare selected: number;
  declare apiState: ApiState;
  declare apiText: string;
  static override properties = {
    total: { attribute: false },
    selected: { type: Number },
    apiState: { type: String },
    apiText: { type: String },
  };

  constructor() {
    super();
    this.total = null;
    this.selected = 0;
    this.apiState = 'starting';
    this.apiText = 'Starting the service worker…';
  }

  override render() {
    return html`<footer class="status-bar">
      <span class="status-count" data-testid="view-count">${this.total === null ? '…' : plural(this.total, 'item')}</span>
      ${this.selected ? html`<span class="status-selected">${formatCount(this.selected)} selected</span>` : nothing}
      <span class="status-spacer"></span>
      <div class="status-storage" title="Storage this site uses, of what the browser allows it"></div>
      <span id="api-status" class="status-api" data-state=${this.apiState}>${this.apiText}</span>
    </footer>`;
  }
}
customElements.define('status-bar', StatusBar);
