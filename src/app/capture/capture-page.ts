/**
 * <capture-page>: what the bookmarklet opens. It shows the page's images (from their own sites,
 * as the page did), lets a person pick images and/or the page itself as a bookmark, a folder and
 * tags, and saves them with `website` set to the page's address. Each result is listed: saved,
 * kept only as a link (and why), or not saved (and why).
 */
import { html, LitElement, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import type { Folder } from '../api-types';
import { captureItems, tagsFromText, type CaptureData } from './capture-data';
import { saveCapture, type CaptureOutcome } from './capture-save';
import { captureStyles } from './capture-styles';

interface FolderOption {
  id: string;
  label: string;
}

function flatten(folders: readonly Folder[], depth = 0): FolderOption[] {
  return folders.flatMap((folder) => [{ id: folder.id, label: `${'\u00a0\u00a0'.repeat(depth * 2)}${folder.name}` }, ...flatten(folder.children ?? [], depth + 1)]);
}

export class CapturePage extends LitElement {
  static override properties = {
    data: { attribute: false },
    api: { attribute: false },
    startError: { attribute: false },
    picked: { state: true },
    keepPage: { state: true },
    folders: { state: true },
    error: { state: true },
    saving: { state: true },
    outcomes: { state: true },
  };
  declare data: CaptureData | undefined;
  declare api: ApiClient | undefined;
  declare startError: string;
  declare private picked: ReadonlySet<string>;
  declare private keepPage: boolean;
  declare private folders: FolderOption[];
  declare private error: string;
  declare private saving: boolean;
  declare private outcomes: CaptureOutcome[];

  constructor() {
    super();
    this.startError = '';
    this.picked = new Set();
    this.keepPage = false;
    this.folders = [];
    this.error = '';
    this.saving = false;
    this.outcomes = [];
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('data')) {
      // Another page's capture (the bookmarklet clicked again): nothing of the last one's choices or results stays.
      this.picked = new Set();
      this.outcomes = [];
      this.error = '';
      // A page with no images is most likely wanted as a bookmark.
      this.keepPage = (this.data?.images.length ?? 0) === 0;
    }
    if (changed.has('api') && this.api) void this.loadFolders(this.api);
  }

  private async loadFolders(api: ApiClient): Promise<void> {
    try {
      const page = await api.get('/folder/get', { limit: 1000 });
      this.folders = flatten(page.data);
    } catch (error) {
      this.error = `The library's folders could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private toggle(url: string, on: boolean): void {
    const next = new Set(this.picked);
    if (on) next.add(url);
    else next.delete(url);
    this.picked = next;
    this.error = '';
  }

  private get count(): number {
    return this.picked.size + (this.keepPage ? 1 : 0);
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (!this.data || !this.api || this.saving) return;
    if (this.count === 0) {
      this.error = 'Pick at least one image, or the page itself, to save.';
      return;
    }
    const data = this.data;
    const form = new FormData(event.target as HTMLFormElement);
    const items = captureItems(data, {
      images: data.images.map((image) => image.url).filter((url) => this.picked.has(url)),
      page: this.keepPage,
      folderId: String(form.get('folder') ?? '') || null,
      tags: tagsFromText(String(form.get('tags') ?? '')),
    });
    this.error = '';
    this.saving = true;
    this.outcomes = [];
    let outcomes: CaptureOutcome[] = [];
    try {
      outcomes = await saveCapture(this.api, items, (done) => {
        if (data === this.data) this.outcomes = done;
      });
    } finally {
      this.saving = false;
    }
    if (data !== this.data) return;
    // What was saved is no longer picked: Save again sends only what failed (or what is picked anew).
    const stored = new Set(outcomes.filter((outcome) => outcome.state !== 'failed').map((outcome) => outcome.source));
    this.picked = new Set([...this.picked].filter((url) => !stored.has(url)));
    if (stored.has(data.url)) this.keepPage = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#results')?.focus();
  }

  override render() {
    if (this.startError) return html`<main><h1>Save to library</h1><p class="error" role="alert">The library could not start: ${this.startError}</p></main>`;
    const data = this.data;
    if (!data) {
      return html`<main>
        <h1>Save to library</h1>
        <p>This page is opened by the <strong>Save to library</strong> bookmarklet, from the page you want to keep.
          To get the bookmarklet, open the library and choose <strong>Import → Save from other sites…</strong>.</p>
        <p><a href="./">Open the library</a></p>
      </main>`;
    }
    return html`<main>
      <header>
        <h1>Save to library</h1>
        <p class="source"><span class="title">${data.title || data.url}</span> <a href=${data.url} target="_blank" rel="noopener noreferrer">${data.url}</a></p>
      </header>
      <form @submit=${this.save} novalidate>
        ${this.renderImages(data)}
        <label class="check page-choice">
          <input type="checkbox" name="page" .checked=${this.keepPage} @change=${(e: Event) => ((this.keepPage = (e.target as HTMLInputElement).checked), (this.error = ''))} />
          <span>Save the page itself as a bookmark${data.selection ? html` <span class="muted">(the selected text becomes its annotation)</span>` : nothing}</span>
        </label>
        <div class="fields">
          <label for="folder">Folder</label>
          <select id="folder" name="folder">
            <option value="">No folder</option>
            ${this.folders.map((folder) => html`<option value=${folder.id}>${folder.label}</option>`)}
          </select>
          <label for="tags">Tags</label>
          <input id="tags" name="tags" type="text" autocomplete="off" placeholder="e.g. birds, reference" aria-describedby="tags-hint" />
          <span id="tags-hint" class="muted hint">Separate tags with commas.</span>
        </div>
        <p class="error" role="alert">${this.error}</p>
        <div class="actions">
          <button type="button" @click=${() => window.close()}>Close</button>
          <button type="submit" class="primary" ?disabled=${this.saving || !this.api}>
            ${this.saving ? `Saving ${this.outcomes.length + 1} of ${this.count}…` : `Save ${this.count} ${this.count === 1 ? 'item' : 'items'}`}
          </button>
        </div>
      </form>
      ${this.renderOutcomes()}
    </main>`;
  }

  private renderImages(data: CaptureData) {
    if (data.images.length === 0) return html`<p class="muted">The page shows no images the bookmarklet could see.</p>`;
    const all = data.images.every((image) => this.picked.has(image.url));
    return html`<fieldset class="images">
      <legend>Images on the page <span class="muted">(${this.picked.size} of ${data.images.length} picked)</span></legend>
      <button type="button" class="link" @click=${() => (this.picked = new Set(all ? [] : data.images.map((image) => image.url)))}>${all ? 'Pick none' : 'Pick all'}</button>
      <ul class="grid">
        ${data.images.map(
          (image, index) => html`<li>
            <label class="pick" ?data-picked=${this.picked.has(image.url)}>
              <input type="checkbox" .checked=${this.picked.has(image.url)} @change=${(e: Event) => this.toggle(image.url, (e.target as HTMLInputElement).checked)}
                aria-label=${`Image ${index + 1}: ${image.alt || image.url.split('/').pop() || image.url}, ${image.width} × ${image.height}`} />
              <img src=${image.url} alt="" loading="lazy" referrerpolicy="no-referrer" />
              <span class="size">${image.width} × ${image.height}</span>
              <span class="alt" title=${image.alt}>${image.alt || html`<span class="muted">no alt text</span>`}</span>
            </label>
          </li>`,
        )}
      </ul>
    </fieldset>`;
  }

  private renderOutcomes() {
    if (this.outcomes.length === 0) return nothing;
    const failed = this.outcomes.filter((o) => o.state === 'failed').length;
    const summary = this.saving
      ? `Saved ${this.outcomes.length - failed} so far…`
      : `Saved ${this.outcomes.length - failed} of ${this.outcomes.length}${failed ? `; ${failed} could not be saved` : ''}.`;
    return html`<section id="results" class="results" tabindex="-1" aria-live="polite" aria-label="What was saved">
      <h2>${summary}</h2>
      <ul>
        ${this.outcomes.map(
          (o) => html`<li class=${o.state}>
            <strong>${o.state === 'failed' ? 'Not saved' : o.state === 'linked' ? 'Saved as a link only' : 'Saved'}</strong>
            <span class="what">${o.name || o.source}</span>
            ${o.message ? html`<span class="why">${o.message}</span>` : nothing}
          </li>`,
        )}
      </ul>
    </section>`;
  }

  static override styles = captureStyles;
}

customElements.define('capture-page', CapturePage);

declare global {
  interface HTMLElementTagNameMap {
    'capture-page': CapturePage;
  }
}
