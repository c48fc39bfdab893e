/**
 * <import-progress>: the compact import panel. Owns an ImportController for `api`, `folderId` and
 * `library` (items land in that folder of that library), offers a file picker, a folder picker,
 * "Add from URL" and "Save from other sites…" (the bookmarklet), and shows done/total, bytes,
 * failures with the API's message and a retry. `items-imported` {ids} bubbles from this element as
 * items land. The shell makes its main area a drop/paste target with
 * `attachImportTarget(area, panel.controller, document)`.
 */
import { css, html, LitElement, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import './add-url-dialog';
import '../capture/bookmarklet-dialog';
import type { AddUrlDetail, AddUrlDialog } from './add-url-dialog';
import { canCaptureScreen, type CaptureDialog, type CaptureTaken } from './capture-dialog';
import { formatBytes } from '../ui/format';
import { ImportController, type ExportRun } from './import-controller';

export class ImportProgressPanel extends LitElement {
  static override properties = { api: { attribute: false }, folderId: { attribute: false }, library: { attribute: false }, tick: { state: true } };
  declare api: ApiClient | undefined;
  declare folderId: string | null;
  /** The open library's path (null: whichever is current at each send): a drop made in it stays in it. */
  declare library: string | null;
  declare private tick: number;
  private own: ImportController | undefined;
  private readonly onChange = () => (this.tick += 1);

  constructor() {
    super();
    this.folderId = null;
    this.library = null;
    this.tick = 0;
  }

  /** The controller behind this panel (made once `api` is set). */
  get controller(): ImportController {
    if (!this.api) throw new Error('<import-progress> needs its `api` property before importing.');
    if (!this.own) {
      this.own = new ImportController(this.api, { folderId: this.folderId, library: this.library, events: this });
      this.own.addEventListener('change', this.onChange);
      // The exports a page before this one left come back into view, to their reports.
      void this.own.resumeExports();
    }
    return this.own;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('folderId') && this.own) this.own.folderId = this.folderId;
    if (changed.has('library') && this.own) this.own.library = this.library;
  }

  // Imports go on while the panel is out of the page (a closed drawer); it shows them again on return.
  override connectedCallback(): void {
    super.connectedCallback();
    this.own?.addEventListener('change', this.onChange);
    this.tick += 1;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.own?.removeEventListener('change', this.onChange);
  }

  private picked(event: Event): void {
    const input = event.target as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    void this.controller.addRoots(files.map((file) => ({ file, path: file.webkitRelativePath || file.name })));
    input.value = '';
  }

  /** Opens the file picker (as the "Add files…" button does). */
  pickFiles(): void {
    this.renderRoot.querySelector<HTMLInputElement>('#files')?.click();
  }

  private openUrlDialog(): void {
    this.renderRoot.querySelector<AddUrlDialog>('add-url-dialog')?.open();
  }

  /** Opens "Capture screen" (the Import menu's button, the manifest's shortcut). */
  openCapture(): void {
    this.renderRoot.querySelector<CaptureDialog>('capture-dialog')?.open();
  }

  private captured(event: CustomEvent<CaptureTaken>): void {
    event.stopPropagation();
    const { file } = event.detail;
    void this.controller.addRoots([{ file, path: file.name }]);
  }

  private addUrl(event: CustomEvent<AddUrlDetail>): void {
    event.stopPropagation();
    this.controller.addUrl(event.detail.url, event.detail.bookmark, event.detail.name ? { name: event.detail.name } : {});
  }

  override render() {
    const progress = this.own?.progress;
    return html`<section aria-labelledby="heading">
      <header>
        <h2 id="heading">Import</h2>
        <div class="actions">
          <button type="button" @click=${this.pickFiles}>Add files…</button>
          <button type="button" @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#folder')?.click()}>Add folder…</button>
          <button type="button" @click=${this.openUrlDialog}>Add from URL…</button>
          ${canCaptureScreen() ? html`<button type="button" @click=${this.openCapture}>Capture screen…</button>` : nothing}
          <button type="button" @click=${() => this.renderRoot.querySelector('bookmarklet-dialog')?.open()}>Save from other sites…</button>
        </div>
        <input id="files" type="file" multiple hidden aria-label="Files to import" @change=${this.picked} />
        <input id="folder" type="file" multiple webkitdirectory hidden aria-label="Folder to import" @change=${this.picked} />
      </header>
      ${progress && (progress.total > 0 || progress.exports.length > 0 || progress.duplicates.length > 0) ? this.renderProgress(progress) : html`<p class="hint">Drop files or folders here, paste an image or a link, or use the buttons.</p>`}
      <add-url-dialog @add-url=${this.addUrl}></add-url-dialog>
      <capture-dialog @capture-taken=${this.captured}></capture-dialog>
      <bookmarklet-dialog></bookmarklet-dialog>
    </section>`;
  }

  private renderExport(run: ExportRun) {
    if (run.failed) return html`<li class="export" data-state="failed"><span class="name">${run.name}</span><span class="message">${run.failed}</span></li>`;
    if (run.report) {
      return html`<li class="export" data-state="done"><strong class="report-title">${run.report.title}</strong>
        ${run.report.lines.map((line) => html`<span class="report-line">${line}</span>`)}</li>`;
    }
    const state = run.state;
    return html`<li class="export" data-state="running"><span class="name">${run.name}: ${state ? `${state.done.toLocaleString()} of ${state.total.toLocaleString()}` : 'reading…'}</span>
      <progress aria-label=${`Import of ${run.name}`} max=${Math.max(1, state?.total ?? 1)} .value=${state?.done ?? 0}></progress></li>`;
  }

  private renderDuplicates(p: ImportController['progress']) {
    const n = p.duplicates.length;
    return html`<div class="duplicates" role="group" aria-labelledby="duplicates-text">
      <span id="duplicates-text" data-count=${n}>${n.toLocaleString()} ${n === 1 ? 'file was' : 'files were'} already in the library.</span>
      <div class="actions">
        <button type="button" @click=${() => this.controller.keepDuplicates()}>Keep both</button>
        <button type="button" @click=${() => void this.controller.skipDuplicates()}>Skip ${n === 1 ? 'the copy' : 'the copies'}</button>
      </div>
      ${p.duplicatesError ? html`<p class="message" role="alert">${p.duplicatesError}</p>` : nothing}
    </div>`;
  }

  private renderProgress(p: ImportController['progress']) {
    const failed = p.failures.length;
    const settled = p.done + failed;
    // The live region says what failed too: the list of failures below it is read by no one unasked.
    const summary =
      `${p.done.toLocaleString()} of ${p.total.toLocaleString()}${p.active && p.enumerating ? '+ (still reading folders)' : ''} imported` +
      (failed ? `, ${failed.toLocaleString()} failed` : '') +
      // The keep-or-skip question below appears then; this says it is there.
      (!p.active && p.duplicates.length ? `, ${p.duplicates.length.toLocaleString()} already in the library` : '');
    return html`
      ${p.total > 0
        ? html`<div class="status" role="status" aria-live="polite">
              <span class="summary" data-done=${p.done} data-total=${p.total}>${summary}</span>
              <span class="bytes">${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)}</span>
            </div>
            <progress aria-label="Import progress" max=${Math.max(1, p.total)} .value=${settled}></progress>`
        : nothing}
      ${this.renderFoldersMade(p.foldersMade)}
      ${p.exports.length ? html`<div role="status" aria-live="polite"><ul class="exports">${p.exports.map((run) => this.renderExport(run))}</ul></div>` : nothing}
      ${!p.active && p.duplicates.length ? this.renderDuplicates(p) : nothing}
      ${failed
        ? html`<div class="failures">
            <div class="failures-head">
              <strong>${failed} failed</strong>
              <button type="button" @click=${() => this.controller.retry()} ?disabled=${!p.failures.some((f) => f.retryable)}>Retry failed</button>
            </div>
            <ul>
              ${p.failures.slice(0, 50).map((f) => html`<li><span class="name">${f.label}</span><span class="message">${f.message}</span></li>`)}
              ${failed > 50 ? html`<li class="more">and ${failed - 50} more</li>` : nothing}
            </ul>
          </div>`
        : nothing}
      ${p.stoppable
        ? html`<button type="button" class="link" @click=${() => this.controller.cancel()}>Stop</button>`
        : p.active
          ? nothing
          : html`<button type="button" class="link" @click=${() => this.controller.clearFinished()}>Clear</button>`}
    `;
  }

  /** The folders a dropped folder became, by path, so the person knows where its files went. */
  private renderFoldersMade(paths: readonly string[]) {
    if (paths.length === 0) return nothing;
    const shown = paths.slice(0, 10).join(', ');
    return html`<p class="folders-made">Made ${paths.length === 1 ? '1 folder' : `${paths.length} folders`}: ${shown}${paths.length > 10 ? ` and ${paths.length - 10} more` : ''}</p>`;
  }

  static override styles = css`
    .folders-made { margin: 0; color: #2d3440; overflow-wrap: anywhere; }
    :host { display: block; font: 13px/1.45 system-ui, sans-serif; color: #1c1f24; }
    section { background: #fff; border: 1px solid #e1e4ea; border-radius: 12px; padding: 12px 14px;
      box-shadow: 0 4px 18px rgb(15 18 24 / 0.08); display: grid; gap: 8px; }
    header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px;
      padding-inline-end: var(--import-header-end, 0); }
    h2 { margin: 0; font-size: 15px; }
    .actions { display: flex; flex-wrap: wrap; gap: 6px; }
    button { font: inherit; padding: 5px 10px; border-radius: 7px; border: 1px solid #c5cad3; background: #fff; color: inherit; cursor: pointer; }
    button:hover { background: #f3f5f8; }
    button:disabled { opacity: 0.5; cursor: default; }
    button.link { justify-self: start; border: none; padding: 2px 0; color: #1f56c0; background: none; }
    .hint { margin: 0; color: #68707c; }
    .status { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
    .bytes { color: #68707c; font-variant-numeric: tabular-nums; }
    .summary { font-variant-numeric: tabular-nums; }
    progress { width: 100%; height: 8px; accent-color: #2f6fde; }
    .failures { border-top: 1px solid #f0d4d4; padding-top: 6px; }
    .failures-head { display: flex; justify-content: space-between; align-items: center; color: #b3261e; }
    ul { list-style: none; margin: 6px 0 0; padding: 0; max-height: 160px; overflow: auto; display: grid; gap: 4px; }
    li { display: grid; gap: 1px; }
    .name { font-weight: 500; overflow-wrap: anywhere; }
    .message { color: #b3261e; overflow-wrap: anywhere; }
    ul.exports { max-height: min(320px, 45vh); margin: 0; }
    .export { border-top: 1px solid #e1e4ea; padding-top: 6px; }
    .export[data-state='failed'] .message { color: #b3261e; }
    .report-line { color: #3d434c; overflow-wrap: anywhere; }
    .duplicates { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px;
      background: #fff7e0; border: 1px solid #f0dca0; border-radius: 8px; padding: 8px 10px; }
    :focus-visible { outline: 3px solid #7aa7ff; outline-offset: 2px; }
  `;
}

customElements.define('import-progress', ImportProgressPanel);

declare global {
  interface HTMLElementTagNameMap {
    'import-progress': ImportProgressPanel;
  }
}
