/**
 * <clip-model-picker>: the status bar's door to a user's own CLIP model. "Own CLIP model…" opens a
 * file picker for the manifest (JSON), the image and text encoders (.onnx) and the vocabulary the
 * manifest names (docs/decisions/bring-your-own-clip.md); the service worker checks and keeps them
 * (./clip-model-api.ts), and the page's CLIP worker restarts with them. Once one is kept it shows its name and size.
 * Problems go to the shell as `api-error` (a toast).
 */
import { html, nothing } from 'lit';
import type { ClipManifest } from '../../core/ai-search/providers/clip-manifest';
import { emit } from '../ui/events';
import { LightElement } from '../ui/light-element';
import { clipHost } from './clip-host';
import { keepClipModel, keptClipManifest, keptClipModel, removeKeptClipModel, restoreClipModel } from './clip-model-api';

export class ClipModelPicker extends LightElement {
  declare private manifest: ClipManifest | null;
  declare private busy: boolean;
  static override properties = { manifest: { state: true }, busy: { state: true } };

  constructor() {
    super();
    this.manifest = null;
    this.busy = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void keptClipManifest().then((manifest) => (this.manifest = manifest), () => {});
  }

  private async picked(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (!files.length) return;
    this.busy = true;
    const previous = await keptClipModel();
    let stored = false;
    try {
      const manifest = await keepClipModel(files);
      stored = true;
      clipHost.reload();
      await clipHost.model(); // loads it now, so a model that does not run says so here
      this.manifest = manifest;
      emit(this, 'clip-model-changed', { name: manifest.name });
    } catch (error) {
      if (stored) {
        // It was kept but does not run: the model before it (or none) comes back.
        await restoreClipModel(previous);
        clipHost.reload();
      }
      emit(this, 'api-error', { message: `The CLIP model was not loaded${previous ? `; ${previous.manifest.name} is still in use` : ''}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      this.busy = false;
    }
  }

  private async removeModel(): Promise<void> {
    await removeKeptClipModel();
    clipHost.reload();
    this.manifest = null;
    emit(this, 'clip-model-changed', { name: null });
  }

  override render() {
    const { manifest } = this;
    return html`<span class="clip-model">
      <label class="clip-model-pick" title="Use your own CLIP-family ONNX model for search by meaning">
        <input id="clip-model-files" type="file" multiple accept=".json,.onnx,.txt" class="visually-hidden" ?disabled=${this.busy}
          @change=${this.picked} aria-label="Own CLIP model: pick its manifest and files" />
        <span id="clip-model-status" data-loaded=${manifest ? 'true' : 'false'}>${this.busy ? 'Loading CLIP model…' : manifest ? `CLIP: ${manifest.name} (${manifest.dims}-d)` : 'Own CLIP model…'}</span>
      </label>
      ${manifest ? html`<button type="button" class="clip-model-remove" aria-label="Remove the CLIP model ${manifest.name}" @click=${this.removeModel}>×</button>` : nothing}
    </span>`;
  }
}
customElements.define('clip-model-picker', ClipModelPicker);
