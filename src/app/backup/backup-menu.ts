/**
 * <backup-menu>: the library menu's "Backup and storage" section. It says what the browser keeps
 * (used of quota, persistent or not, what clearing site data would do), how the backup stands
 * ("Backed up 3 min ago", or why not), and offers the actions: "Back up to a folder…" (picks the
 * folder, then backs up at once), "Back up now", permission again, "Restore from a backup
 * folder…" (the Eagle import of the transfer menu, as a new library). Where the browser cannot
 * write folders it says so and offers a zip with a reminder every N days.
 */
import { html, nothing } from 'lit';
import { apiUrl } from '../api-client';
import type { LibraryStore } from '../shell/library-store';
import { StoreController } from '../state/store';
import type { SyncStatusStore } from '../sync/sync-status-store';
import { messageOf } from '../toasts/toast-store';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';
import { canPickFolders, chooseBackupFolder } from './backup-folder';
import type { BackupStore } from './backup-store';
import { backupLine } from './backup-words';
import { REMINDER_CHOICES, reminderDays } from './zip-reminder';
import './backup.css';

interface StorageFacts {
  usage: number;
  quota: number;
  persisted: boolean;
}

export class BackupMenu extends LightElement {
  declare library: LibraryStore;
  declare backup: BackupStore;
  declare sync: SyncStatusStore;
  declare private storage: StorageFacts | null;
  declare private error: string;
  static override properties = {
    library: { attribute: false },
    backup: { attribute: false },
    sync: { attribute: false },
    storage: { state: true },
    error: { state: true },
  };

  constructor() {
    super();
    this.storage = null;
    this.error = '';
    new StoreController(this, () => [this.backup, this.sync].filter(Boolean));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Read when the menu opens: the popover's toggle reaches its contents' ancestors only.
    this.closest('[popover]')?.addEventListener('toggle', () => void this.readStorage());
    void this.readStorage();
  }

  private async readStorage(): Promise<void> {
    if (!navigator.storage?.estimate) return;
    const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? false]);
    this.storage = { usage, quota, persisted };
  }

  private get path(): string | undefined {
    return this.library?.current?.path;
  }

  private async choose(): Promise<void> {
    const path = this.path;
    if (!path) return;
    this.error = '';
    try {
      const folder = await chooseBackupFolder(path, this.library.current?.name ?? 'Library');
      if (folder) await this.backup.backUpNow();
    } catch (error) {
      this.error = `Could not use that folder: ${messageOf(error)}`;
    }
  }

  private async allow(): Promise<void> {
    await this.backup.allowAgain();
  }

  private restore(): void {
    this.closest('[popover]')?.querySelector<HTMLElement & { open(kind: 'folder', into: 'new'): Promise<void> }>('library-transfer-menu')?.open('folder', 'new');
  }

  private exportZip(): void {
    this.backup.zipExported();
    this.closest<HTMLElement>('[popover]')?.hidePopover();
    // A navigation, as the transfer menu's export (library-export.ts says why not <a download>).
    const link = document.createElement('a');
    link.href = apiUrl('/library/export');
    link.click();
  }

  private storageLines() {
    const facts = this.storage;
    if (!facts) return nothing;
    const syncs = !!this.sync?.status && this.sync.status.state !== 'off';
    // A folder that never got a whole backup, or cannot be written now, keeps no copy worth naming.
    const status = this.backup?.status ?? null;
    const backedUp = !!status?.configured && status.lastBackupAt > 0 && backupLine(status, this.backup.now)?.tone !== 'error';
    const kept = [syncs ? 'what syncs stays on the server' : '', backedUp ? `the backup folder "${this.backup.status?.folderName}" keeps a copy` : ''].filter(Boolean);
    const used = `${formatBytes(facts.usage)} of ${formatBytes(facts.quota)} used on this device · `;
    return html`<p id="storage-facts" class="backup-line">${used}<strong data-persisted=${String(facts.persisted)}>${facts.persisted ? 'persistent' : 'not persistent'}</strong></p>
      <p class="backup-note">${facts.persisted ? 'The browser keeps it until you clear this site’s data.' : 'The browser may delete it when the disk runs low.'}
        Clearing this site’s data deletes every library on this device${kept.length ? `; ${kept.join(', and ')}` : ', with no copy anywhere'}.</p>`;
  }

  private backupPart() {
    if (!canPickFolders()) {
      const days = reminderDays();
      return html`<p class="backup-note" id="backup-unsupported">This browser cannot write to a folder on disk, so it cannot back up by itself. Export a zip now and then.</p>
        <ul>
          <li><button class="library-entry" @click=${this.exportZip}>Export library as zip</button></li>
        </ul>
        <label class="backup-reminder">Remind me every
          <select id="zip-reminder" @change=${(e: Event) => this.backup.remindEvery(Number((e.target as HTMLSelectElement).value))}>
            ${REMINDER_CHOICES.map((n) => html`<option value=${n} ?selected=${n === days}>${n ? `${n} ${n === 1 ? 'day' : 'days'}` : 'never'}</option>`)}
          </select></label>`;
    }
    const status = this.backup?.status ?? null;
    const line = backupLine(status, this.backup?.now ?? Date.now());
    const offer = this.storage && !this.storage.persisted && !(this.sync?.status && this.sync.status.state !== 'off') && !status?.configured;
    return html`${line
        ? html`<p id="backup-menu-status" class="backup-line" data-tone=${line.tone}>
            ${line.stale ? html`<span class="backup-dot" role="img" aria-label="No backup in the last day"></span>` : nothing}${line.text}${status?.folderName ? html` <span class="backup-folder">to ${status.folderName}</span>` : nothing}</p>`
        : nothing}
      ${offer ? html`<p class="backup-note" id="backup-offer">Storage is not persistent and nothing syncs: back up to a folder to keep a copy outside the browser.</p>` : nothing}
      <ul>
        <li><button class="library-entry" id="backup-choose" @click=${this.choose}>${status?.configured ? 'Change the backup folder…' : 'Back up to a folder…'}</button></li>
        ${line?.askPermission ? html`<li><button class="library-entry" id="backup-allow" @click=${this.allow}>Allow writing to the backup folder again</button></li>` : nothing}
        ${status?.configured && !line?.askPermission ? html`<li><button class="library-entry" id="backup-now" ?disabled=${status.running} @click=${() => this.backup.backUpNow()}>Back up now</button></li>` : nothing}
      </ul>
      ${this.error ? html`<p class="form-error" role="alert">${this.error}</p>` : nothing}`;
  }

  override render() {
    return html`<section class="backup-menu" aria-labelledby="backup-menu-title">
      <h2 class="menu-title" id="backup-menu-title">Backup and storage</h2>
      ${this.storageLines()}
      ${this.backupPart()}
      <ul>
        <li><button class="library-entry" id="backup-restore" @click=${this.restore}>Restore from a backup folder…</button></li>
      </ul>
    </section>`;
  }
}
customElements.define('backup-menu', BackupMenu);
