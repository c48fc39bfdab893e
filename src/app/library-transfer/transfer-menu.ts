/**
 * <library-transfer-menu>: the library menu's Eagle entries: open an Eagle library (a folder or a
 * zip) as a new library, or a zip into the open library, and export the open library (a zip download, or into a picked folder).
 * Progress and the final report show in <library-transfer-dialog>; a library that opened well
 * becomes the open one, unless the person opened another meanwhile (the report then offers it).
 * Pickers need the click's user gesture: the code they need is loaded when the menu is first
 * hovered or focused, well within the gesture's few seconds.
 */
import { html } from 'lit';
import type { ImportState } from '../../core/eagle-library';
import type { LibraryStore } from '../shell/library-store';
import { messageOf } from '../toasts/toast-store';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';
import type { ImportProgress, LibrarySource, ReportLines } from './index';
import { LibraryTransferDialog, type TransferView } from './transfer-dialog';
import './transfer.css';

/** The transfer code (zip reader and writer) loads on first use, not with the app. */
const transfer = () => import('./index');
const canExportToFolder = () => 'showDirectoryPicker' in window;

const busy = (title: string, status: string): TransferView => ({ title, status, done: 0, total: 0, lines: [], ended: false, failed: false });

export class LibraryTransferMenu extends LightElement {
  declare store: LibraryStore;
  /**
   * The Backup section offers the zip, beside its reminder (a browser that cannot write folders):
   * one entry, not two. Where this menu offers it, no zip reminder shows, so it tells nobody.
   */
  declare zipInBackup: boolean;
  static override properties = { store: { attribute: false }, zipInBackup: { attribute: false } };

  /** The dialog lives under <body>: inside the menu's popover it would hide with it. */
  private get dialog(): LibraryTransferDialog {
    let dialog = document.querySelector<LibraryTransferDialog>('library-transfer-dialog');
    if (!dialog) dialog = document.body.appendChild(new LibraryTransferDialog());
    return dialog;
  }

  private closeMenu(): void {
    this.closest<HTMLElement>('[popover]')?.hidePopover();
  }

  /** Loads the transfer code ahead of a click that will pick a library (the empty library's restore hint). */
  prepare(): void {
    void transfer();
  }

  /** Picks an Eagle library (a folder or a zip) and opens it as a new library or adds it to the open one. */
  async open(kind: 'folder' | 'zip', into: 'new' | 'current' = 'new'): Promise<void> {
    let source: LibrarySource | undefined;
    try {
      const { pickLibraryFolder, pickLibraryZip } = await transfer();
      source = await (kind === 'folder' ? pickLibraryFolder() : pickLibraryZip());
    } catch (error) {
      return void this.dialog.show({ ...busy('Could not open the library', messageOf(error)), ended: true, failed: true });
    }
    this.closeMenu();
    if (!source) return;
    const name = source.kind === 'zip' ? source.name : source.tree.folderName;
    const dialog = this.dialog;
    const target = this.store.current?.name ?? 'this library';
    const openAtStart = this.store.current?.path;
    const title = into === 'new' ? `Opening ${name}` : `Adding ${name} to ${target}`;
    await dialog.show(busy(title, 'Reading the library…'));
    try {
      const { importLibrary, importReport } = await transfer();
      const state = await importLibrary(source, { into, onProgress: (progress) => (dialog.view = progressView(title, progress)) });
      const view = endView(state, importReport(state));
      // The new library opens, unless the person opened another while it was read: their choice
      // stands, and the report comes back with a button to open the new one.
      const stayed = this.store.current?.path === openAtStart;
      if (state.status !== 'done' || state.into !== 'new') dialog.view = view;
      else if (stayed) {
        dialog.view = view;
        await this.store.switchTo(state.libraryPath);
      } else await dialog.show({ ...view, open: { label: `Open ${state.libraryName}`, run: () => void this.store.switchTo(state.libraryPath) } });
    } catch (error) {
      dialog.view = { ...busy(`${title} failed`, messageOf(error)), ended: true, failed: true };
    }
  }

  private async exportToFolder(): Promise<void> {
    const dialog = this.dialog;
    const title = `Exporting ${this.store.current?.name ?? 'the library'}`;
    try {
      const { exportLibraryToPickedFolder } = await transfer();
      const started = exportLibraryToPickedFolder({ onProgress: (p) => (dialog.view = { ...busy(title, `${p.files.toLocaleString()} files · ${formatBytes(p.bytes)} written`) }) });
      this.closeMenu();
      void dialog.show(busy(title, 'Preparing the export…'));
      const result = await started;
      if (!result) return dialog.dialogElement?.close();
      dialog.view = { ...busy(`Exported to ${result.folderName}`, `${result.files.toLocaleString()} files · ${formatBytes(result.bytes)} written`), ended: true };
    } catch (error) {
      dialog.view = { ...busy('The export failed', messageOf(error)), ended: true, failed: true };
    }
  }

  /** "Publish library…": the Publish dialog (its code loads on first use). */
  private async publish(): Promise<void> {
    this.closeMenu();
    const { openPublishDialog } = await import('../publish/publish-dialog');
    await openPublishDialog({ kind: 'library', name: this.store.current?.name ?? 'Library' });
  }

  private async exportZip(): Promise<void> {
    this.closeMenu();
    (await transfer()).downloadLibraryZip();
  }

  override render() {
    return html`<section class="transfer-menu" aria-labelledby="transfer-menu-title" @pointerenter=${transfer} @focusin=${transfer}>
      <h2 class="menu-title" id="transfer-menu-title">Eagle libraries</h2>
      <ul>
        <li><button class="library-entry" @click=${() => this.open('folder')}>Open an Eagle library folder…</button></li>
        <li><button class="library-entry" @click=${() => this.open('zip')}>Open an Eagle library zip…</button></li>
        <li><button class="library-entry" @click=${() => this.open('zip', 'current')}>Add an Eagle zip to this library…</button></li>
        ${this.zipInBackup ? '' : html`<li><button class="library-entry" @click=${this.exportZip}>Export library as zip</button></li>`}
        ${canExportToFolder() ? html`<li><button class="library-entry" @click=${this.exportToFolder}>Export library to a folder…</button></li>` : ''}
        <li><button class="library-entry" @click=${this.publish}>Publish library…</button></li>
      </ul>
    </section>`;
  }
}
customElements.define('library-transfer-menu', LibraryTransferMenu);

function progressView(title: string, { phase, state }: ImportProgress): TransferView {
  if (!state) return busy(title, phase === 'packing' ? 'Reading the library…' : 'Starting…');
  const status = `${state.done.toLocaleString()} of ${state.total.toLocaleString()} item folders · ${formatBytes(state.bytes)}`;
  return { ...busy(title, status), done: state.done, total: state.total };
}

function endView(state: ImportState, { title, lines }: ReportLines): TransferView {
  const failed = state.status !== 'done';
  return { title, status: failed ? 'The import did not finish.' : 'Done.', done: state.done, total: state.total, lines, ended: true, failed };
}
