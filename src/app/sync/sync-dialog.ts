/**
 * <sync-dialog>: the library menu's "Sync…" (also the status bar's sync state): the CouchDB database
 * URL, user and password, "Test connection" (sync/check: the server and the database, nothing
 * started), "Keep every original on this device" (sent with sync/start; changed at once by
 * sync/settings while the library syncs), "Start syncing" (which checks the server first: sync/start
 * answers its error, shown as it is), "Stop syncing", the state from the shared status store, which
 * the page loop (./sync-loop.ts) fills every cycle, and the files the server refused, by name. The
 * cycles run from the page loop, not from here.
 */
import { html, nothing } from 'lit';
import { ApiClient } from '../api-client';
import { StoreController } from '../state/store';
import { checkText, type SyncCheck } from './sync-check';
import { firstPullText } from './sync-summary';
import type { SyncStatusStore } from './sync-status-store';
import { messageOf } from '../toasts/toast-store';
import type { SyncStatus } from '../api-types';
import { LightElement } from '../ui/light-element';
import './sync.css';

/** One line a person reads: synced, syncing, offline, error with the server's message. */
export function describeStatus(status: SyncStatus | null): string {
  if (!status || status.state === 'off') return 'Not syncing.';
  const counts = `${status.pushed} sent, ${status.pulled} received`;
  // A first pull runs in the first cycle, while the state still says `connecting`.
  const pull = (status.state === 'connecting' || status.state === 'active') && firstPullText(status);
  if (pull) return `${pull} from ${status.url}…`;
  switch (status.state) {
    case 'connecting':
      return `Connecting to ${status.url}…`;
    case 'active':
      return `Syncing with ${status.url}… (${counts})`;
    case 'idle':
      return `Synced with ${status.url} (${counts}${status.pending ? `, ${status.pending} waiting` : ''}).`;
    case 'waiting':
      return `Waiting: sync runs while the app is open.`;
    case 'offline':
      return `Offline: ${status.error ?? 'the server did not answer'}`;
    default:
      return `Error: ${status.error ?? 'unknown'}`;
  }
}

export class SyncDialog extends LightElement {
  declare private error: string;
  /** What "Test connection" found (`ok` false: it would not start). */
  declare private checked: { ok: boolean; text: string } | null;
  static override properties = { error: { state: true }, checked: { state: true } };
  private readonly api = new ApiClient();
  /** Set before the dialog is connected (openSyncDialog). */
  store: SyncStatusStore | undefined;

  constructor() {
    super();
    this.error = '';
    this.checked = null;
    new StoreController(this, () => (this.store ? [this.store] : []));
  }

  private get status(): SyncStatus | null {
    return this.store?.status ?? null;
  }

  private get dialog(): HTMLDialogElement | null {
    return this.querySelector('dialog');
  }

  async show(): Promise<void> {
    await this.updateComplete;
    this.dialog?.showModal();
    await this.refresh();
  }

  private async refresh(): Promise<void> {
    try {
      this.store?.publish(await this.api.get('/sync/status'));
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  private formInput() {
    const form = new FormData(this.querySelector<HTMLFormElement>('form.sync-form')!);
    return { url: String(form.get('url') ?? '').trim(), username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') };
  }

  private startInput() {
    const keepOriginals = this.querySelector<HTMLInputElement>('input[name="keepOriginals"]')?.checked === true;
    return { ...this.formInput(), keepOriginals };
  }

  private async check(): Promise<void> {
    this.error = '';
    this.checked = { ok: true, text: 'Testing the connection…' };
    try {
      this.checked = checkText(await this.api.post('/sync/check', this.formInput()));
    } catch (error) {
      this.checked = { ok: false, text: messageOf(error) };
    }
  }

  private async start(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.error = '';
    this.checked = null;
    try {
      this.store?.publish(await this.api.post('/sync/start', this.startInput()));
      this.store?.wakeUp();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  /** While syncing, the checkbox applies at once; otherwise it goes with "Start syncing". */
  private async keepOriginals(event: Event): Promise<void> {
    if (!this.status || this.status.state === 'off') return;
    this.error = '';
    try {
      this.store?.publish(await this.api.post('/sync/settings', { keepOriginals: (event.target as HTMLInputElement).checked }));
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  private async stop(): Promise<void> {
    try {
      await this.api.post('/sync/stop', {});
      await this.refresh();
    } catch (error) {
      this.error = messageOf(error);
    }
  }

  override render() {
    const syncing = this.status && this.status.state !== 'off';
    return html`<dialog class="transfer-dialog sync-dialog" aria-labelledby="sync-title">
      <h2 id="sync-title">Sync this library</h2>
      <form class="sync-form" @submit=${this.start}>
        <label for="sync-url">CouchDB database URL</label>
        <input id="sync-url" name="url" class="field" required placeholder="http://127.0.0.1:5984/photos" value=${this.status?.url ?? ''} />
        <label for="sync-user">User</label>
        <input id="sync-user" name="username" class="field" autocomplete="username" />
        <label for="sync-password">Password</label>
        <input id="sync-password" name="password" class="field" type="password" autocomplete="current-password" />
        <label class="sync-keep"
          ><input type="checkbox" name="keepOriginals" .checked=${this.status?.keepOriginals ?? false} @change=${this.keepOriginals} /> Keep every original on
          this device</label
        >
        <p class="sync-hint">Otherwise originals are fetched when first opened; thumbnails always come along.</p>
        <p class="sync-check" id="sync-check" role="status" data-ok=${String(this.checked?.ok ?? true)}>${this.checked?.text ?? ''}</p>
        <p class="form-error" role="alert">${this.error}</p>
        <p class="transfer-status" role="status" id="sync-state">${describeStatus(this.status)}</p>
        ${this.status?.fileErrors?.length
          ? html`<ul class="sync-file-errors" aria-label="Files not synced">
              ${this.status.fileErrors.map((failure) => html`<li>${failure.error}</li>`)}
            </ul>`
          : nothing}
        <div class="transfer-actions">
          <button class="btn" type="button" @click=${this.check}>Test connection</button>
          <button class="btn primary" type="submit">Start syncing</button>
          ${syncing ? html`<button class="btn" type="button" @click=${this.stop}>Stop syncing</button>` : nothing}
          <button class="btn" type="button" @click=${() => this.dialog?.close()}>Close</button>
        </div>
      </form>
    </dialog>`;
  }
}
customElements.define('sync-dialog', SyncDialog);

/** The dialog lives under <body>: inside the menu's popover it would hide with it. */
export function openSyncDialog(store: SyncStatusStore): void {
  let dialog = document.querySelector<SyncDialog>('sync-dialog');
  if (!dialog) {
    dialog = new SyncDialog();
    dialog.store = store;
    document.body.appendChild(dialog);
  }
  void dialog.show();
}
