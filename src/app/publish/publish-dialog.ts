/**
 * <publish-dialog>: "Publish…" for the library, a folder or a smart folder (issue 44). The person
 * chooses subfolders and originals and where it goes: a picked folder (publishing there again
 * writes only what changed) or a zip download to upload to any static host. The worker writes the
 * files (publish-api.ts); at the end the dialog shows the embed snippet with the address the
 * person will publish at, and the commands to check the folder locally.
 */
import { html, nothing } from 'lit';
import { messageOf } from '../toasts/toast-store';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';
import { embedSnippet, serveCommands } from './embed-snippet';
import { publishZip, type PublishChoices, type PublishTarget } from './publish-api';
import { canPublishToFolder, downloadZip, filesIn, pickFolder, writeZipToFolder } from './publish-files';
import './publish.css';

type Phase = { kind: 'choose' } | { kind: 'busy'; status: string } | { kind: 'done'; summary: string; where: string } | { kind: 'failed'; message: string };

const WHAT: Record<PublishTarget['kind'], string> = { library: 'library', folder: 'folder', 'smart-folder': 'smart folder' };

export class PublishDialog extends LightElement {
  declare target: PublishTarget | null;
  declare private phase: Phase;
  declare private baseUrl: string;
  static override properties = { target: { attribute: false }, phase: { state: true }, baseUrl: { state: true } };
  private choices: PublishChoices = { subfolders: true, originals: true };
  /** The run under way: closing the dialog (Cancel, Esc) stops it, and a stopped run shows nothing. */
  private running: AbortController | null = null;

  constructor() {
    super();
    this.target = null;
    this.phase = { kind: 'choose' };
    this.baseUrl = '';
  }

  async open(target: PublishTarget): Promise<void> {
    this.target = target;
    this.phase = { kind: 'choose' };
    this.choices = { subfolders: true, originals: true };
    await this.updateComplete;
    this.querySelector('dialog')?.showModal();
  }

  private async publish(to: 'folder' | 'zip'): Promise<void> {
    const target = this.target;
    if (!target) return;
    const run = new AbortController();
    this.running?.abort();
    this.running = run;
    const { signal } = run;
    const show = (phase: Phase) => {
      signal.throwIfAborted();
      this.phase = phase;
    };
    try {
      const folder = to === 'folder' ? await pickFolder() : undefined;
      if (to === 'folder' && !folder) return;
      show({ kind: 'busy', status: folder ? 'Looking at what the folder holds…' : 'Publishing…' });
      const have = folder ? await filesIn(folder) : [];
      const zip = await publishZip(target, this.choices, have, (bytes) => show({ kind: 'busy', status: `Publishing… ${formatBytes(bytes)}` }), signal);
      if (folder) {
        show({ kind: 'busy', status: 'Writing the folder…' });
        // The manifest goes last: a folder left half written still holds its last whole version.
        const written = await writeZipToFolder(zip, folder, (files) => show({ kind: 'busy', status: `Writing the folder… ${files} files written` }));
        const kept = have.length;
        show({ kind: 'done', where: folder.name, summary: `Published to the folder ${folder.name}: ${written} files written, ${kept} already there.` });
      } else {
        const fileName = `${target.name.replace(/[/\\:*?"<>|]/g, '_')}-published.zip`;
        signal.throwIfAborted();
        downloadZip(zip, fileName);
        show({ kind: 'done', where: fileName.replace(/\.zip$/, ''), summary: `Downloaded ${fileName} (${formatBytes(zip.size)}). Unzip it into a folder of your site.` });
      }
    } catch (error) {
      if (!signal.aborted) this.phase = { kind: 'failed', message: messageOf(error) };
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private stop(): void {
    this.running?.abort();
    this.running = null;
  }

  private renderChoices(target: PublishTarget) {
    const busy = this.phase.kind === 'busy';
    return html`<fieldset class="publish-options" ?disabled=${busy}>
      <legend>What to publish</legend>
      ${target.kind === 'folder'
        ? html`<label><input type="checkbox" name="subfolders" .checked=${this.choices.subfolders} @change=${(e: Event) => (this.choices.subfolders = (e.target as HTMLInputElement).checked)} /> Include subfolders</label>`
        : nothing}
      <label><input type="checkbox" name="originals" .checked=${this.choices.originals} @change=${(e: Event) => (this.choices.originals = (e.target as HTMLInputElement).checked)} /> Include originals (visitors can open the full files)</label>
    </fieldset>
    <label class="publish-url" for="publish-base-url">Web address where you will put it</label>
    <input id="publish-base-url" class="field" type="url" placeholder="https://example.com/published/${target.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/"
      aria-describedby="publish-url-hint" .value=${this.baseUrl} @input=${(e: Event) => (this.baseUrl = (e.target as HTMLInputElement).value)} />
    <p id="publish-url-hint" class="publish-hint">Used in the snippet for your page. Visitors see only what you publish here, read-only.</p>`;
  }

  private renderEnd(phase: Extract<Phase, { kind: 'done' }>) {
    return html`<p class="publish-summary" role="status">${phase.summary}</p>
      <label for="publish-snippet">Put this in your page</label>
      <textarea id="publish-snippet" class="field publish-code" readonly rows="2" wrap="off" @focus=${(e: Event) => (e.target as HTMLTextAreaElement).select()}>${embedSnippet(this.baseUrl)}</textarea>
      <label for="publish-serve">Check it on this computer first</label>
      <textarea id="publish-serve" class="field publish-code" readonly rows="3" wrap="off" @focus=${(e: Event) => (e.target as HTMLTextAreaElement).select()}>${serveCommands(phase.where)}</textarea>`;
  }

  override render() {
    const target = this.target;
    const phase = this.phase;
    return html`<dialog class="publish-dialog" aria-labelledby="publish-title" @close=${this.stop}>
      <h2 id="publish-title">Publish ${target ? `${WHAT[target.kind]} “${target.name}”` : ''}</h2>
      ${target && phase.kind !== 'done' ? this.renderChoices(target) : nothing}
      ${phase.kind === 'busy' ? html`<progress class="publish-progress" aria-label="Publishing"></progress><p class="publish-hint" role="status">${phase.status}</p>` : nothing}
      ${phase.kind === 'failed' ? html`<p class="form-error" role="alert">${phase.message}</p>` : nothing}
      ${phase.kind === 'done' ? this.renderEnd(phase) : nothing}
      <div class="publish-actions">
        ${phase.kind === 'done'
          ? nothing
          : html`${canPublishToFolder() ? html`<button class="btn primary" type="button" ?disabled=${phase.kind === 'busy'} @click=${() => this.publish('folder')}>Publish to a folder…</button>` : nothing}
              <button class="btn" type="button" ?disabled=${phase.kind === 'busy'} @click=${() => this.publish('zip')}>Download as zip</button>`}
        <form method="dialog"><button class="btn ${phase.kind === 'done' ? 'primary' : ''}" type="submit">${phase.kind === 'done' ? 'Done' : 'Cancel'}</button></form>
      </div>
    </dialog>`;
  }
}
customElements.define('publish-dialog', PublishDialog);

/** Opens the dialog (it lives under <body>, outside any menu's popover). */
export function openPublishDialog(target: PublishTarget): Promise<void> {
  const dialog = document.querySelector('publish-dialog') ?? document.body.appendChild(new PublishDialog());
  return dialog.open(target);
}

declare global {
  interface HTMLElementTagNameMap {
    'publish-dialog': PublishDialog;
  }
}
