/**
 * <offline-models-button>: the status bar's "Make AI search available offline". It downloads the
 * models with progress ("Preparing AI search: 3.1 of 12 MB") and then says whether the browser
 * kept them; on a full device it says so instead of pretending (./offline-models.ts). On connect
 * it reads what the cache already keeps, so a reopened or reloaded app (offline too) says "works
 * offline" instead of offering the download again.
 */
import { html } from 'lit';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';
import { keptModels, makeModelsOffline } from './offline-models';

export class OfflineModelsButton extends LightElement {
  declare private text: string;
  declare private busy: boolean;
  static override properties = { text: { state: true }, busy: { state: true } };

  constructor() {
    super();
    this.text = 'Make AI search available offline';
    this.busy = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.readKept();
  }

  private async readKept(): Promise<void> {
    const { kept, bytes } = await keptModels().catch(() => ({ kept: false, bytes: 0 }));
    // A click may have started meanwhile: its own words win.
    if (kept && !this.busy) this.text = keptText(bytes);
  }

  private async prepare(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await makeModelsOffline((done, total) => (this.text = `Preparing AI search: ${formatBytes(done)} of ${formatBytes(total)}`));
      this.text = result.kept
        ? keptText(result.bytes)
        : `Not enough storage to keep AI search offline (it needs ${formatBytes(result.bytes)}); it works while online`;
    } catch (error) {
      this.text = `AI search could not be prepared: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<button type="button" class="status-button offline-models" aria-live="polite" ?aria-busy=${this.busy} @click=${this.prepare}>${this.text}</button>`;
  }
}
customElements.define('offline-models-button', OfflineModelsButton);

const keptText = (bytes: number) => `AI search works offline (${formatBytes(bytes)})`;
