/**
 * The bottom line: how many items the view holds and how many are selected, the API's state, and
 * the storage this origin uses against its quota (navigator.storage.estimate()).
 */
import { html, nothing } from 'lit';
import { formatBytes, formatCount, plural } from '../ui/format';
import { LightElement } from '../ui/light-element';

export type ApiState = 'starting' | 'ready' | 'error';

export class StatusBar extends LightElement {
  declare total: number | null;
  declare selected: number;
  declare apiState: ApiState;
  declare apiText: string;
  declare private usage: { used: number; quota: number } | null;
  static override properties = {
    total: { attribute: false },
    selected: { type: Number },
    apiState: { type: String },
    apiText: { type: String },
    usage: { state: true },
  };

  constructor() {
    super();
    this.total = null;
    this.selected = 0;
    this.apiState = 'starting';
    this.apiText = 'Starting the service worker…';
    this.usage = null;
  }

  /** Reads the storage estimate again (after imports or a trash). */
  async refreshUsage(): Promise<void> {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate) this.usage = { used: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refreshUsage();
  }

  override render() {
    return html`<footer class="status-bar">
      <span class="status-count" data-testid="view-count">${this.total === null ? '…' : plural(this.total, 'item')}</span>
      ${this.selected ? html`<span class="status-selected">${formatCount(this.selected)} selected</span>` : nothing}
      <span class="status-spacer"></span>
      ${this.usage
        ? html`<span class="status-storage" title="Storage this site uses, of what the browser allows it">
            ${formatBytes(this.usage.used)} of ${formatBytes(this.usage.quota)} used</span>`
        : nothing}
      <span id="api-status" class="status-api" data-state=${this.apiState}>${this.apiText}</span>
    </footer>`;
  }
}
customElements.define('status-bar', StatusBar);
