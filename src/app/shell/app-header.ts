/**
 * The header: sidebar toggle, library menu, search box, Import (opens the import dock), shortcuts
 * help and inspector toggle. It renders the stores and tells the shell what was asked for through
 * events.
 */
import { html, nothing } from 'lit';
import type { SearchBox } from '../search/search-box';
import { StoreController } from '../state/store';
import { icon } from '../ui/icons';
import { searchErrorText } from '../search/search-error';
import { LightElement } from '../ui/light-element';
import { isQueryError, type AppStores } from './app-stores';
import '../search/search-box';
import './library-switcher';

export class AppHeader extends LightElement {
  declare stores: AppStores;
  declare sidebarShown: boolean;
  declare inspectorShown: boolean;
  static override properties = { stores: { attribute: false }, sidebarShown: { type: Boolean }, inspectorShown: { type: Boolean } };

  constructor() {
    super();
    this.sidebarShown = true;
    this.inspectorShown = true;
    new StoreController(this, () => (this.stores ? [this.stores.view, this.stores.results, this.stores.library] : []));
  }

  focusSearch(): void {
    this.querySelector<SearchBox>('search-box')?.focusInput();
  }

  private emit(type: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  override render() {
    const { view, results, library } = this.stores;
    const search = view.state.search;
    return html`<header class="app-header">
      <button class="btn icon" aria-label="Show the sidebar" aria-pressed=${this.sidebarShown ? 'true' : 'false'} aria-controls="sidebar" @click=${() => this.emit('toggle-panel', 'sidebar')}>${icon('menu')}</button>
      ${library.visitor
        ? html`<h1 class="library-title" id="library-name">${library.current?.name ?? '…'}</h1>`
        : html`<library-switcher .store=${library} .backup=${this.stores.backup} .sync=${this.stores.sync}></library-switcher>`}
      ${library.readOnly
        ? html`<span class="read-only-badge" title="Opened from a published library: it can be browsed and searched, not changed">${icon('lock', 14)}<span class="label">Read-only</span></span>`
        : nothing}
      <search-box .value=${search} .mode=${view.state.searchMode} .error=${search && isQueryError(results.error) ? searchErrorText(results.error) : ''}></search-box>
      ${library.readOnly
        ? nothing
        : html`<button class="btn primary import-button" aria-label="Import" aria-controls="import-dock" @click=${() => this.emit('import-toggle')}>${icon('upload', 16)}<span class="label">Import</span></button>`}
      <button class="btn icon help-button" aria-label="Keyboard shortcuts" @click=${() => this.emit('show-help')}>${icon('help')}</button>
      <button class="btn icon" aria-label="Show the inspector" aria-pressed=${this.inspectorShown ? 'true' : 'false'} aria-controls="inspector-panel" @click=${() => this.emit('toggle-panel', 'inspector')}>${icon('panel')}</button>
    </header>`;
  }
}
customElements.define('app-header', AppHeader);
