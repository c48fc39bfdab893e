/**
 * What an empty library shows instead of an empty grid: what this is, how to fill it, and how to
 * bring back a library from its export (after site data was cleared): `restore-requested` {id} and
 * `restore-prepare` (hovered or focused: load the code before the click, whose gesture the picker needs).
 */
import { html } from 'lit';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import { RESTORE_SOURCES, type RestoreSource } from './restore-sources';

export class FirstRun extends LightElement {
  declare libraryName: string;
  static override properties = { libraryName: { type: String } };

  constructor() {
    super();
    this.libraryName = '';
  }

  private restore(source: RestoreSource): void {
    this.dispatchEvent(new CustomEvent<RestoreSource['id']>('restore-requested', { detail: source.id, bubbles: true }));
  }

  private prepare(): void {
    this.dispatchEvent(new CustomEvent('restore-prepare', { bubbles: true }));
  }

  override render() {
    return html`<section class="first-run" aria-labelledby="first-run-title">
      <div class="first-run-art">${icon('image', 48)}</div>
      <h2 id="first-run-title">${this.libraryName ? `“${this.libraryName}” is empty` : 'This library is empty'}</h2>
      <p>Add images, videos, documents and bookmarks: they stay in this browser, available offline.</p>
      <ol>
        <li>Drop files or folders here, or paste an image or a link.</li>
        <li>Or choose <strong>Import</strong> to pick files from your device.</li>
        <li>Then organise them with folders and tags, and find them again with the search box.</li>
      </ol>
      <button class="btn primary" @click=${() => this.dispatchEvent(new CustomEvent('import-requested', { bubbles: true }))}>
        ${icon('upload', 16)} Import files
      </button>
      <section class="first-run-restore" aria-labelledby="first-run-restore-title" @pointerenter=${this.prepare} @focusin=${this.prepare}>
        <h3 id="first-run-restore-title">Had a library here before?</h3>
        <p>Clearing the site's data empties the library. If you exported it, import the export to bring it back:</p>
        <ul>
          ${RESTORE_SOURCES.map((source) => html`<li>
            <button class="btn" aria-describedby="restore-${source.id}" @click=${() => this.restore(source)}>${source.label}</button>
            <span id="restore-${source.id}" class="first-run-restore-detail">${source.detail}</span>
          </li>`)}
        </ul>
      </section>
      <details class="first-run-scripts">
        <summary>For scripts</summary>
        <p>Add items over HTTP: <code>POST /api/v2/item/add</code> with a <code>url</code>, a <code>base64</code> file or a
          <code>bookmarkURL</code>. docs/api-extensions.md lists every route we added.</p>
      </details>
    </section>`;
  }
}
customElements.define('first-run', FirstRun);
