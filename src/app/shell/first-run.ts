/** What an empty library shows instead of an empty grid: what this is and how to fill it. */
import { html } from 'lit';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';

export class FirstRun extends LightElement {
  declare libraryName: string;
  static override properties = { libraryName: { type: String } };

  constructor() {
    super();
    this.libraryName = '';
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
      <details class="first-run-scripts">
        <summary>For scripts</summary>
        <p>Add items over HTTP: <code>POST /api/v2/item/add</code> with a <code>url</code>, a <code>base64</code> file or a
          <code>bookmarkURL</code>. The README lists every route.</p>
      </details>
    </section>`;
  }
}
customElements.define('first-run', FirstRun);
