/**
 * The library menu in the header: the open library's name, a popover listing the libraries opened
 * before (switch with one click), renaming or deleting the open one (library-actions.ts), the Eagle
 * entries (open a library, export: ../library-transfer/), backup and storage (../backup/backup-menu.ts), a form that opens a published library from
 * its web address, and a small form that creates a new one.
 */
import { html, nothing } from 'lit';
import { apiUrl } from '../api-client';
import { canPickFolders } from '../backup/backup-folder';
import { StoreController } from '../state/store';
import { messageOf } from '../toasts/toast-store';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import type { BackupStore } from '../backup/backup-store';
import type { SyncStatusStore } from '../sync/sync-status-store';
import type { LibraryStore } from './library-store';
import '../backup/backup-menu';
import '../library-transfer/transfer-menu';
import './library-actions';

export class LibrarySwitcher extends LightElement {
  declare store: LibraryStore;
  declare backup: BackupStore | undefined;
  declare sync: SyncStatusStore | undefined;
  declare private createError: string;
  declare private subscribeError: string;
  /** Opening a web address is under way (its button says so). */
  declare private subscribing: boolean;
  /** A published library made ready but not opened: another was chosen while it was fetched. */
  declare private readyToOpen: { path: string; name: string } | null;
  static override properties = {
    store: { attribute: false }, backup: { attribute: false }, sync: { attribute: false },
    createError: { state: true }, subscribeError: { state: true }, subscribing: { state: true }, readyToOpen: { state: true },
  };

  constructor() {
    super();
    this.createError = '';
    this.subscribeError = '';
    this.subscribing = false;
    this.readyToOpen = null;
    new StoreController(this, () => (this.store ? [this.store] : []));
  }

  /** The shell opens the Sync… dialog (with the sync status the page loop shares). */
  private readonly openSync = () => {
    this.menu?.hidePopover();
    this.dispatchEvent(new CustomEvent('sync-open', { bubbles: true, composed: true }));
  };

  private get menu(): HTMLElement | null {
    return this.querySelector('#library-menu');
  }

  private async switchTo(path: string): Promise<void> {
    this.menu?.hidePopover();
    try {
      await this.store.switchTo(path);
    } catch (error) {
      this.dispatchEvent(new CustomEvent('api-error', { detail: { message: messageOf(error) }, bubbles: true, composed: true }));
    }
  }

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const name = String(new FormData(form).get('name') ?? '').trim();
    try {
      await this.store.create(name);
      form.reset();
      this.createError = '';
      this.menu?.hidePopover();
    } catch (error) {
      this.createError = messageOf(error);
    }
  }

  private async subscribe(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const url = String(new FormData(form).get('url') ?? '').trim();
    if (this.subscribing) return; // its button says it is opening one
    this.subscribing = true;
    this.subscribeError = '';
    this.readyToOpen = null;
    try {
      const { opened, path, name } = await this.store.openPublished(url);
      form.reset();
      if (opened) this.menu?.hidePopover();
      else this.readyToOpen = { path, name };
    } catch (error) {
      this.subscribeError = messageOf(error);
    } finally {
      this.subscribing = false;
    }
  }

  private openReady(): void {
    const ready = this.readyToOpen;
    this.readyToOpen = null;
    if (ready) void this.switchTo(ready.path);
  }

  override render() {
    const current = this.store?.current;
    return html`
      <button class="btn library-button" popovertarget="library-menu" aria-haspopup="true" aria-label="Library: ${current?.name ?? '…'}. Switch or create a library">
        ${icon('library')}<span id="library-name">${current?.name ?? '…'}</span>
      </button>
      <div id="library-menu" popover class="library-menu">
        <h2 class="menu-title">Libraries</h2>
        <ul class="library-list">
          ${(this.store?.history ?? []).map(
            (entry) => html`<li>
              <button class="library-entry" aria-current=${entry.path === current?.path ? 'true' : 'false'} @click=${() => this.switchTo(entry.path)}>
                <img src=${apiUrl('/library/icon', { libraryPath: entry.path })} alt="" width="20" height="20" />
                <span>${entry.name}</span>
                ${entry.readOnly ? html`<span class="library-published" role="img" aria-label="published, read-only" title="Opened from a published library: read-only">${icon('lock', 14)}</span>` : nothing}
              </button>
            </li>`,
          )}
        </ul>
        <library-actions .store=${this.store}></library-actions>
        <library-transfer-menu .store=${this.store} .zipInBackup=${!!this.backup && !canPickFolders()}></library-transfer-menu>
        ${this.backup ? html`<backup-menu .library=${this.store} .backup=${this.backup} .sync=${this.sync}></backup-menu>` : nothing}
        ${current?.readOnly ? nothing : html`<button class="library-entry" @click=${this.openSync}>Sync…</button>`}
        <form class="library-create library-subscribe" @submit=${this.subscribe}>
          <label for="published-library-url">Open from a web address…</label>
          <div class="row">
            <input id="published-library-url" name="url" class="field" required placeholder="https://example.com/published/brand/" aria-describedby="published-library-error" />
            <button class="btn" type="submit" ?disabled=${this.subscribing}>${this.subscribing ? 'Opening…' : 'Open'}</button>
          </div>
          <div role="status">${this.readyToOpen ? html`<p class="form-note">
            “${this.readyToOpen.name}” is ready; another library was opened meanwhile.
            <button class="btn" type="button" @click=${this.openReady}>Open it</button></p>` : nothing}</div>
          <p id="published-library-error" class="form-error" role="alert">${this.subscribeError}</p>
        </form>
        <form class="library-create" @submit=${this.create}>
          <label for="new-library-name">New library</label>
          <div class="row">
            <input id="new-library-name" name="name" class="field" required placeholder="Name" aria-describedby="new-library-error" />
            <button class="btn primary" type="submit">Create</button>
          </div>
          <p id="new-library-error" class="form-error" role="alert">${this.createError}</p>
        </form>
      </div>
    `;
  }
}
customElements.define('library-switcher', LibrarySwitcher);
