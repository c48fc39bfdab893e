/**
 * <content-text-panel>: the text found inside an item (OCR of its picture, a text file's own
 * text), read-only, with a Copy button. Renders nothing while there is none. Re-reads when the
 * item changes (`item-changed` for it, or a new read of it by the inspector, which live updates
 * make when text is found), so text found after the inspector opened shows up.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { ApiClient } from '../api-client';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';
import { readContentText, type ContentText } from './content-text-api';

const HEADINGS: Record<ContentText['source'], string> = { ocr: 'Text in the picture', text: 'Text of the file', pdf: 'Text of the document' };

export class ContentTextPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    itemId: { attribute: false },
    itemRead: { attribute: false },
    found: { state: true },
    status: { state: true },
  };

  declare api: ApiClient;
  declare itemId: string | null;
  /** The inspector's latest read of the item: each new one reads the text again. */
  declare itemRead: unknown;
  declare found: ContentText | null;
  /** What the last Copy did, for the live region. */
  declare status: string;
  private reads = 0;

  constructor() {
    super();
    this.itemId = null;
    this.found = null;
    this.status = '';
  }

  private readonly onChange = (event: Event): void => {
    const { id } = (event as CustomEvent<{ id?: string }>).detail ?? {};
    if (id && id === this.itemId) void this.load();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('item-changed', this.onChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('item-changed', this.onChange);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if ((changed.has('itemId') || changed.has('api')) && this.api) {
      this.status = '';
      void this.load();
    } else if (changed.has('itemRead') && this.api) void this.load();
  }

  private async load(): Promise<void> {
    const read = ++this.reads;
    const id = this.itemId;
    const found = id ? await readContentText(this.api, id).catch(() => null) : null;
    if (read === this.reads) this.found = found;
  }

  private async copy(): Promise<void> {
    if (!this.found) return;
    try {
      await navigator.clipboard.writeText(this.found.text);
      this.status = 'Copied to the clipboard.';
    } catch {
      this.status = 'Could not copy: the browser refused access to the clipboard. Select the text and copy it instead.';
    }
  }

  override render() {
    if (!this.found) return nothing;
    return html`<section aria-labelledby="content-text-heading">
      <div class="head">
        <h3 id="content-text-heading">${HEADINGS[this.found.source]}</h3>
        <button type="button" class="btn" @click=${() => this.copy()} aria-describedby="content-text-heading">Copy text</button>
      </div>
      <pre tabindex="0" aria-labelledby="content-text-heading">${this.found.text}</pre>
      <p class="status" role="status">${this.status}</p>
    </section>`;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: block; }
      section { border-top: 1px solid var(--_line); padding-top: 0.6rem; }
      .head { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; margin-bottom: 0.5rem; }
      h3 { margin: 0; font-size: 12px; font-weight: 600; letter-spacing: 0.02em; text-transform: uppercase; color: var(--_muted); }
      pre {
        margin: 0; max-height: 12rem; overflow: auto; padding: 0.5rem 0.6rem; border: 1px solid var(--_line); border-radius: 6px;
        background: var(--_raised); font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; overflow-wrap: anywhere;
      }
      pre:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
      .status { margin: 0.35rem 0 0; min-height: 1.2em; font-size: 12px; color: var(--_muted); }
    `,
  ];
}

define('content-text-panel', ContentTextPanel);
