/**
 * <library-actions>: in the library menu, rename or delete the open library. Both stay inside the
 * menu: renaming is a small form; deleting asks first, naming the library and what goes with it.
 */
import { html, nothing } from 'lit';
import { StoreController } from '../state/store';
import { messageOf } from '../toasts/toast-store';
import { LightElement } from '../ui/light-element';
import type { LibraryStore } from './library-store';

type Step = 'idle' | 'renaming' | 'confirming-delete';

export class LibraryActions extends LightElement {
  declare store: LibraryStore;
  declare private step: Step;
  declare private error: string;
  declare private busy: boolean;
  static override properties = { store: { attribute: false }, step: { state: true }, error: { state: true }, busy: { state: true } };

  constructor() {
    super();
    Object.assign(this, { step: 'idle', error: '', busy: false });
    new StoreController(this, () => (this.store ? [this.store] : []));
  }

  private go(step: Step): void {
    this.step = step;
    this.error = '';
    void this.updateComplete.then(() => this.querySelector<HTMLElement>('[data-autofocus]')?.focus());
  }

  private async run(action: () => Promise<void>): Promise<void> {
    this.busy = true;
    try {
      await action();
      this.step = 'idle';
      this.error = '';
    } catch (error) {
      this.error = messageOf(error);
    } finally {
      this.busy = false;
    }
  }

  private rename(event: SubmitEvent): void {
    event.preventDefault();
    const current = this.store.current;
    const name = String(new FormData(event.target as HTMLFormElement).get('name') ?? '').trim();
    if (!current) return;
    void this.run(() => this.store.rename(current.path, name));
  }

  private deleteLibrary(): void {
    const current = this.store.current;
    if (current) void this.run(() => this.store.remove(current.path));
  }

  override render() {
    const current = this.store?.current;
    if (!current) return nothing;
    const onlyOne = (this.store.history.length || 1) <= 1;
    return html`<section class="library-actions" aria-label="This library">
      ${this.step === 'idle'
        ? html`<div class="row">
            <button class="btn" @click=${() => this.go('renaming')}>Rename…</button>
            <button class="btn danger" ?disabled=${onlyOne} title=${onlyOne ? 'The only library cannot be deleted' : ''} @click=${() => this.go('confirming-delete')}>Delete…</button>
          </div>`
        : nothing}
      ${this.step === 'renaming'
        ? html`<form class="library-rename" @submit=${this.rename}>
            <label for="rename-library-name">Rename “${current.name}”</label>
            <div class="row">
              <input id="rename-library-name" name="name" class="field" required .value=${current.name} data-autofocus aria-describedby="library-action-error" />
              <button class="btn primary" type="submit" ?disabled=${this.busy}>Save</button>
              <button class="btn" type="button" @click=${() => this.go('idle')}>Cancel</button>
            </div>
          </form>`
        : nothing}
      ${this.step === 'confirming-delete'
        ? html`<div class="library-delete" role="group" aria-labelledby="delete-library-question">
            <p id="delete-library-question">Delete “${current.name}” and every item, folder and tag in it? This cannot be undone.</p>
            <div class="row">
              <button class="btn danger" ?disabled=${this.busy} @click=${this.deleteLibrary} data-autofocus>Delete library</button>
              <button class="btn" @click=${() => this.go('idle')}>Cancel</button>
            </div>
          </div>`
        : nothing}
      <p id="library-action-error" class="form-error" role="alert">${this.error}</p>
    </section>`;
  }
}
customElements.define('library-actions', LibraryActions);
