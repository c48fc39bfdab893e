/**
 * <import-dock>: the Import button's compact panel. It holds the app's one <import-progress>, whose
 * "Add files… / Add folder… / Add from URL…" buttons are the Import menu and whose progress shows
 * below them. Items land in the folder being viewed, in the library open when they were dropped
 * (a switch during a long drop leaves its rest where it began). The shell's item area is a drop
 * target and the document a paste target for it (`attachTo`). The grid and the sidebar's counts
 * follow the items as they land through the app's live updates (GET /api/v2/events,
 * live/live-updates.ts), as they do for an import in another tab, and thumbnails swap in as their
 * `item updated` events arrive.
 * The dock opens itself when an import starts, and closes itself a few seconds after a clean finish
 * (failures keep it open, with their retry; so do duplicates, asking keep or skip, and export reports).
 */
import { html } from 'lit';
import type { DropRoot } from '../import/enumerate-files';
import type { ImportProgressPanel } from '../import/import-progress';
import { attachImportTarget } from '../import/import-target';
import { icon } from '../ui/icons';
import { StoreController } from '../state/store';
import { LightElement } from '../ui/light-element';
import type { AppStores } from './app-stores';
import { writable } from './read-only-guard';
import '../import/import-progress';
import './import-dock.css';

/** How long the panel stays after a clean finish, so its last count can be read. */
const CLOSE_AFTER_MS = 4000;

export class ImportDock extends LightElement {
  declare stores: AppStores;
  declare open: boolean;
  static override properties = { stores: { attribute: false }, open: { type: Boolean, reflect: true } };

  private readonly panel = document.createElement('import-progress') as ImportProgressPanel;
  private detach?: () => void;
  private closing: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.open = false;
    // The folder being viewed, in the library open, is where items land.
    new StoreController(this, () => (this.stores ? [this.stores.view, this.stores.library] : []));
  }

  /** Makes `area` accept dropped files and folders, and the document pasted images and links. */
  attachTo(area: HTMLElement): void {
    this.detach?.();
    const detachTarget = attachImportTarget(area, this.controller, document, () => this.writable());
    let wasActive = false;
    let exportsShown = 0;
    const onStart = () => {
      const { active, failures, done, duplicates, exports } = this.controller.progress;
      // A new export's run opens it too: one a page before this one left may come back ended, with its report.
      if ((active || exports.length > exportsShown) && !this.open) this.open = true;
      exportsShown = exports.length;
      if (active) clearTimeout(this.closing);
      // A clean finish closes the panel after a moment; failures keep it open for their retry, the
      // duplicates for the keep-or-skip question, an export's import for its report.
      else if (wasActive && failures.length === 0 && duplicates.length === 0 && exports.length === 0 && done > 0) this.closeSoon();
      wasActive = active;
    };
    this.controller.addEventListener('change', onStart);
    this.detach = () => {
      detachTarget();
      this.controller.removeEventListener('change', onStart);
    };
  }

  /** A published library takes no imports: the person is told, nothing is sent. */
  private writable(): boolean {
    return writable(this.stores, 'Import into a library of your own.');
  }

  private closeSoon(): void {
    clearTimeout(this.closing);
    this.closing = setTimeout(() => {
      // Focus inside (the "Add files…" just used) goes back to what opens the panel, not to the page's start.
      const hadFocus = this.matches(':focus-within');
      this.open = false;
      if (hadFocus) document.querySelector<HTMLElement>(`[aria-controls="${this.id}"]`)?.focus();
    }, CLOSE_AFTER_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.closing);
    this.detach?.();
    this.detach = undefined;
  }

  private get controller() {
    this.panel.api = this.stores.api;
    return this.panel.controller;
  }

  toggle(): void {
    clearTimeout(this.closing);
    this.open = !this.open;
  }

  /** Opens the file picker straight away (the first-run panel's button). */
  pickFiles(): void {
    this.open = true;
    void this.panel.updateComplete.then(() => this.panel.pickFiles());
  }

  /** Imports files handed over from outside the page ("Open with"), into the folder being viewed. */
  importRoots(roots: DropRoot[]): void {
    if (!this.writable()) return;
    this.open = true;
    void this.controller.addRoots(roots);
  }

  /** Opens the panel and its "Capture screen" dialog. */
  capture(): void {
    if (!this.writable()) return;
    this.open = true;
    // The dialog lives in the panel, which shows only once the dock is open.
    void this.updateComplete.then(() => this.panel.updateComplete).then(() => this.panel.openCapture());
  }

  /** Opens the panel (the manifest's Import shortcut). */
  show(): void {
    clearTimeout(this.closing);
    this.open = true;
  }

  protected override willUpdate(): void {
    const view = this.stores?.view.state.view;
    this.panel.api = this.stores?.api;
    this.panel.folderId = view?.kind === 'folder' ? view.id : null;
    this.panel.library = this.stores?.library.current?.path ?? null;
  }

  override render() {
    return html`<div class="import-dock" role="region" aria-label="Import" ?hidden=${!this.open}>
      <button class="btn icon import-dock-close" aria-label="Close the import panel" @click=${() => (this.open = false)}>${icon('close', 16)}</button>
      ${this.panel}
    </div>`;
  }
}
customElements.define('import-dock', ImportDock);
