/**
 * The bottom line: how many items the view holds and how many are selected, the API's state, and
 * a place for the storage line (../pwa/storage-status.ts: used of quota, persistence, a warning
 * when space runs low), which fills `.status-storage` itself, and AI-search indexing progress
 * (../ai/ai-progress.ts), the backup's state (../backup/backup-words.ts: "Backed up 3 min ago" or why
 * not, a dot when older than a day; a click opens the library menu, or asks the folder's permission
 * again), and the current library's sync state (../sync/sync-summary.ts), a button
 * that asks the shell for the Sync… dialog.
 *
 * A phone has room for the parts a person needs to see now (counts, sync, a load or download under
 * way, a storage warning, the API's state); the rest (the offline button, the own-model picker, the
 * storage line, an idle indexing count) sits in `.status-more`, which a wide screen shows inline
 * (display: contents) and a phone opens above the bar from the "More" button.
 */
import { html, nothing } from 'lit';
import { preparingText, progressText, type AiStatus, type SyncStatus } from '../ai/ai-progress';
import type { PublishedLoad, SyncStatus as LibrarySyncStatus } from '../api-types';
import { syncSummary } from '../sync/sync-summary';
import '../sync/sync.css';
import { formatCount, plural } from '../ui/format';
import { canPickFolders } from '../backup/backup-folder';
import type { BackupStore } from '../backup/backup-store';
import { backupLine } from '../backup/backup-words';
import { zipReminder } from '../backup/zip-reminder';
import '../backup/backup.css';
import { StoreController } from '../state/store';
import { publishedLoadText } from './published-load';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import '../ai/clip-model-picker';
import '../ai/offline-models-button';

export type ApiState = 'starting' | 'ready' | 'error';

export class StatusBar extends LightElement {
  declare total: number | null;
  declare selected: number;
  declare apiState: ApiState;
  declare apiText: string;
  declare aiStatus: AiStatus | null;
  declare sync: LibrarySyncStatus | null;
  declare publishedLoad: PublishedLoad | null;
  declare backup: BackupStore | undefined;
  declare private modelsOpen: boolean;
  declare private moreOpen: boolean;
  static override properties = {
    moreOpen: { state: true },
    publishedLoad: { attribute: false },
    backup: { attribute: false },
    aiStatus: { attribute: false },
    sync: { attribute: false },
    modelsOpen: { state: true },
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
    this.aiStatus = null;
    this.sync = null;
    this.publishedLoad = null;
    this.modelsOpen = false;
    this.moreOpen = false;
    new StoreController(this, () => (this.backup ? [this.backup] : []));
  }

  private toggleMore(): void {
    this.moreOpen = !this.moreOpen;
  }

  private closeMore(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || !this.moreOpen) return;
    event.stopPropagation();
    this.moreOpen = false;
    this.querySelector<HTMLElement>('.status-more-toggle')?.focus();
  }

  /** A published library's first load: how far, and whether search sees every item yet, or why it failed (./published-load.ts). */
  private loadProgress(load: PublishedLoad) {
    const text = publishedLoadText(load);
    // A failed load shows no bar: a full or moving one would say it is still under way.
    const bar =
      load.failed !== undefined
        ? nothing
        : load.stored < load.total
          ? html`<progress max=${load.total} .value=${load.stored} aria-hidden="true"></progress>`
          : html`<progress aria-hidden="true"></progress>`;
    return html`<span id="published-load" class="status-load" role="status" data-failed=${load.failed !== undefined ? 'true' : 'false'} title=${text.long} aria-label=${text.long}>
      ${bar}${text.short}</span>`;
  }

  private aiProgress(status: AiStatus) {
    return html`<span id="ai-progress" class="status-ai" role="status" data-syncing=${status.isSyncing ? 'true' : 'false'}
      title="Pictures indexed for AI search (find similar, search by meaning)">
      ${status.isSyncing ? html`<progress max="1" .value=${status.share ?? status.progress} aria-hidden="true"></progress>` : nothing}${
        status.isSyncing && status.share !== undefined ? html`<span class="status-ai-share" aria-hidden="true">${Math.floor(status.share * 100)}% </span>` : nothing
      }${progressText(status)}</span>`;
  }

  /** The backup's line; where no folder can be written, the zip reminder when it is due. */
  private backupState() {
    const store = this.backup;
    if (!store) return nothing;
    if (!canPickFolders()) {
      const due = zipReminder(store.now);
      return due ? html`<button id="backup-status" class="status-button status-backup" type="button" data-tone="warn" @click=${this.openLibraryMenu}>
        <span class="backup-dot" aria-hidden="true"></span>${due}</button>` : nothing;
    }
    const line = backupLine(store.status, store.now);
    if (!line) return nothing;
    const click = line.askPermission ? () => void this.allowAgain() : this.openLibraryMenu;
    const label = `${line.stale ? 'No backup in the last day. ' : ''}${line.text}${line.askPermission ? '. Click to allow writing to the folder again' : ''}`;
    return html`<button id="backup-status" class="status-button status-backup" type="button" data-tone=${line.tone} data-stale=${String(line.stale)}
      title=${label} aria-label=${label} @click=${click}>${line.stale ? html`<span class="backup-dot" aria-hidden="true"></span>` : nothing}${line.text}</button>`;
  }

  private readonly openLibraryMenu = () => document.querySelector<HTMLElement>('#library-menu')?.showPopover();

  private async allowAgain(): Promise<void> {
    await this.backup?.allowAgain();
  }

  private syncState() {
    const summary = syncSummary(this.sync);
    if (!summary) return nothing;
    const open = () => this.dispatchEvent(new CustomEvent('sync-open', { bubbles: true, composed: true }));
    return html`<button id="sync-status" class="status-button status-sync" type="button" data-tone=${summary.tone} title=${summary.detail}
      aria-label=${`Sync: ${summary.text}. ${summary.detail}`} @click=${open}>${summary.text}</button>`;
  }

  /** The models downloading on first AI use, or why they are missing (the status's message, opened in full on a click). */
  private aiModels(status: SyncStatus) {
    if (status.preparing) {
      const { doneBytes, totalBytes } = status.preparing;
      return html`<span id="ai-models" class="status-ai status-ai-models" role="status">
        <progress max=${totalBytes} .value=${doneBytes} aria-hidden="true"></progress>${preparingText(status.preparing)}</span>`;
    }
    if (!status.message) return nothing;
    return html`<button type="button" id="ai-models" class="status-button status-ai-models status-ai-missing" aria-expanded=${this.modelsOpen ? 'true' : 'false'}
        aria-controls="ai-models-message" @click=${() => (this.modelsOpen = !this.modelsOpen)}>${status.message}</button>
      ${this.modelsOpen ? html`<p id="ai-models-message" class="status-ai-message" role="note">${status.message}</p>` : nothing}`;
  }

  override render() {
    const ai = this.aiStatus && this.aiStatus.totalCount > 0 ? this.aiStatus : null;
    return html`<footer class="status-bar">
      <span class="status-count" data-testid="view-count">${this.total === null ? '…' : plural(this.total, 'item')}</span>
      ${this.selected ? html`<span class="status-selected">${formatCount(this.selected)} selected</span>` : nothing}
      ${this.syncState()}
      ${this.backupState()}
      ${this.publishedLoad ? this.loadProgress(this.publishedLoad) : nothing}
      <span class="status-spacer"></span>
      ${this.aiStatus ? this.aiModels(this.aiStatus) : nothing}
      ${ai?.isSyncing ? this.aiProgress(ai) : nothing}
      <div id="status-more" class="status-more" data-open=${this.moreOpen ? 'true' : 'false'} @keydown=${this.closeMore}>
        ${ai && !ai.isSyncing ? this.aiProgress(ai) : nothing}
        <offline-models-button></offline-models-button>
        <clip-model-picker></clip-model-picker>
        <div class="status-storage" title="Storage this site uses, of what the browser allows it"></div>
      </div>
      <div class="status-storage-warning"></div>
      <span id="api-status" class="status-api" data-state=${this.apiState}>${this.apiText}</span>
      <button type="button" class="status-button status-more-toggle" aria-label="More status" aria-expanded=${this.moreOpen ? 'true' : 'false'}
        aria-controls="status-more" @click=${this.toggleMore} @keydown=${this.closeMore}>More ${icon('chevron', 12)}</button>
    </footer>`;
  }
}
customElements.define('status-bar', StatusBar);
