/**
 * `<asset-library base="/asset-library/">`: the whole web app in a host site's page, in a
 * same-origin iframe of the base path (docs/decisions/embedding.md). The frame is controlled by
 * the library's worker whatever worker the host runs; its styles and the host's never meet.
 *
 * Attributes: `base` (required), `src` (open the published library at that URL, read-only:
 * library/subscribe, then the frame works on that library alone, ../app/visitor-frame.ts),
 * `folder` (show that folder), `search` (show that query).
 * Methods: `openFolder(id)`, `search(query)`, `select(ids)`, and `api`, the typed client.
 * Events (bubbling, composed): `asset-library-ready`, `asset-library-select` ({ ids }),
 * `asset-library-change` (a change of the library as `GET /api/v2/events` announces it: { kind,
 * action, ids, library, ... }, e.g. library switched, folder opened), `asset-library-error` ({ message }).
 * The element hears them on the frame's event stream, the one channel the app uses too.
 */
import { ApiClient } from '../app/api-client';
import type { InputOf } from '../client/api-client';
import { listenToChanges, type ChangeStream, type HeardChange } from '../app/change-stream';
import { wholeItems, type Item, type Page } from '../app/api-types';
import { VISITOR_FRAME, visitorFrameFor } from '../app/visitor-frame';
import { normaliseBase, registerAssetLibrary } from './register';

/** The detail of `asset-library-change`: one change as /api/v2/events announces it (docs/api-extensions.md#change-feed). */
export type AssetLibraryChange = HeardChange;

export interface AssetLibrarySelectDetail {
  /** The selection's first ids (at most 100); item/selection {offset, limit} pages through the rest. */
  ids: string[];
  /** How many are selected. */
  count: number;
  /** Grows with each selection of the library. */
  version: number;
}

const CONTROL_TIMEOUT_MS = 20_000;
const STREAM_TIMEOUT_MS = 20_000;

export class AssetLibraryElement extends HTMLElement {
  static readonly observedAttributes = ['folder', 'search'];

  /** Resolves once the frame shows the library and its API answers. */
  readonly ready: Promise<void>;
  private frame: HTMLIFrameElement | undefined;
  private started!: () => void;
  private failed!: (error: unknown) => void;
  private client: ApiClient | undefined;
  private changes: ChangeStream | undefined;
  private base: string | undefined;
  /** The published library a `src` element shows: its events are that library's alone. */
  private library: string | undefined;
  /** Subscribes again and shows the library anew, once it was removed (from a tab of the app, say). */
  private reopenPublished: (() => void) | undefined;
  private script: string | undefined;
  /**
   * Settles once the frame, moved in the page, has loaded again under the library's worker. A move
   * gives the frame a new window: the client asks the frame for its window at each call.
   */
  private reloaded: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.ready = new Promise((resolve, reject) => {
      this.started = resolve;
      this.failed = reject;
    });
    // A late reject is reported as the error event, not as an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** The typed API client; its requests go through the frame, which the library's worker controls. */
  get api(): ApiClient {
    if (!this.client) throw new Error('<asset-library> is not ready yet: await element.ready first.');
    return this.client;
  }

  connectedCallback(): void {
    if (this.frame) {
      // Moved in the page: the frame loads again (its load listener starts the event stream again).
      const frame = this.frame;
      const script = this.script;
      if (!script) return;
      this.reloaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }))
        .then(() => controlledBy(frame.contentWindow!, script))
        // Said as the error event; calls go on to the frame and fail there with their own reason (a later move may mend it).
        .catch((error: unknown) => this.emit('asset-library-error', { message: error instanceof Error ? error.message : String(error) }));
      return;
    }
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>
      :host { display: block; block-size: var(--asset-library-height, 600px); border: var(--asset-library-border, 1px solid #d0d4dc); }
      iframe { display: block; border: 0; inline-size: 100%; block-size: 100%; }
      p { margin: 1rem; color: #b3261e; font: inherit; }
    </style>`;
    this.frame = document.createElement('iframe');
    this.frame.title = this.getAttribute('label') ?? 'Asset library';
    // Visitors of a published library get just that library: no library menu (src/app/shell/library-store.ts).
    if (this.getAttribute('src')) this.frame.name = VISITOR_FRAME;
    root.append(this.frame);
    void this.start(this.frame).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const notice = document.createElement('p');
      notice.setAttribute('role', 'alert');
      notice.textContent = message;
      root.append(notice);
      this.emit('asset-library-error', { message });
      this.failed(error);
    });
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    // Before the library is ready, start() applies the attributes once it is.
    if (value === null || !this.client) return;
    // No caller awaits an attribute: a refusal (a folder since deleted) is the error event.
    const failed = (error: unknown) => this.emit('asset-library-error', { message: error instanceof Error ? error.message : String(error) });
    if (name === 'folder') this.openFolder(value).catch(failed);
    if (name === 'search') this.search(value).catch(failed);
  }

  /** Shows a folder in the library (folder/open, which every open view of the library follows). */
  async openFolder(id: string): Promise<void> {
    await this.ready;
    await this.api.post('/folder/open', { id });
  }

  /** Selects items (item/select); the app and `asset-library-select` listeners hear of it. */
  async select(ids: readonly string[]): Promise<void> {
    await this.ready;
    await this.api.post('/item/select', { ids });
  }

  /** Asks the app to show a search (an `asset-library:search` event in its frame) and answers the first page of matches. */
  async search(query: string, options: Omit<InputOf<'POST /item/query'>, 'query'> = {}): Promise<Page<Item>> {
    await this.ready;
    await this.reloaded;
    this.frame?.contentWindow?.dispatchEvent(new CustomEvent('asset-library:search', { detail: { query } }));
    return wholeItems<Item>(await this.api.post('/item/query', { ...options, query }));
  }

  private async start(frame: HTMLIFrameElement): Promise<void> {
    const attribute = this.getAttribute('base');
    if (!attribute) throw new Error('<asset-library> needs a base attribute: the folder the library was copied to, e.g. base="/asset-library/".');
    const base = normaliseBase(attribute);
    this.base = base;
    const registration = await registerAssetLibrary({ base });
    const script = registration.active!.scriptURL;
    // Each load of the frame (the app reloads itself after an update) gets the listeners again.
    const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
    frame.addEventListener('load', () => this.listen(frame, base));
    frame.src = base;
    await loaded;
    await controlledBy(frame.contentWindow!, script);
    this.script = script;
    const fetchInFrame: typeof fetch = async (input, init) => {
      await this.reloaded;
      return frame.contentWindow!.fetch(input, init);
    };
    const client = new ApiClient({ base, fetch: fetchInFrame });
    await client.get('/app/info');
    // Straight to the frame: a subscribe again (reopenPublished) runs while the calls wait for it.
    const subscriber = new ApiClient({ base, fetch: (input, init) => frame.contentWindow!.fetch(input, init) });
    const onLibrary = (library: string) => new ApiClient({ base, fetch: fetchInFrame, library });
    const library = await this.openPublished(subscriber, frame, script);
    this.client = library ? onLibrary(library) : client;
    if (library) {
      this.reopenPublished = () => {
        this.reloaded = this.openPublished(subscriber, frame, script, { again: true }).then(
          (again) => void (this.client = onLibrary(again!)),
          (error: unknown) => this.emit('asset-library-error', { message: error instanceof Error ? error.message : String(error) }),
        );
      };
    }
    // Ready means heard too: a select() right after `ready` must reach `asset-library-select`.
    await this.streamOpen();
    this.started();
    this.emit('asset-library-ready', { base });
    for (const name of AssetLibraryElement.observedAttributes) {
      const value = this.getAttribute(name);
      if (value !== null) this.attributeChangedCallback(name, null, value);
    }
  }

  /**
   * `src`: subscribes to the published library (again: that takes its updates) and has the frame
   * show it alone: the frame's name names it, and the frame loads again to take the name. The
   * current library of the site stays as it was: another element, or a tab of the app, shows its own.
   */
  private async openPublished(client: ApiClient, frame: HTMLIFrameElement, script: string, { again = false } = {}): Promise<string | undefined> {
    const src = this.getAttribute('src');
    if (!src) return undefined;
    const { path } = await client.post('/library/subscribe', { url: new URL(src, document.baseURI).href });
    this.library = path; // its events alone from now on, the reload's included
    const name = visitorFrameFor(path);
    const view = frame.contentWindow!;
    // Again (made anew, maybe at the same path): the app reads it from the start too.
    if (view.name !== name || again) {
      const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
      frame.name = name;
      view.name = name;
      view.location.reload();
      await loaded;
      await controlledBy(frame.contentWindow!, script);
    }
    return path;
  }

  private async streamOpen(): Promise<void> {
    const until = Date.now() + STREAM_TIMEOUT_MS;
    while (!this.changes?.open) {
      if (Date.now() > until) throw new Error('The asset library never opened its event stream (GET /api/v2/events).');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Listens to the library's /api/v2/events from the frame (its requests reach the library's worker). */
  private listen(frame: HTMLIFrameElement, base: string): void {
    this.changes?.close();
    const view = frame.contentWindow;
    if (!view) return;
    this.changes = listenToChanges({
      view,
      url: new ApiClient({ base }).url('/events'),
      onChange: (change) => {
        if (this.library !== undefined && change.library !== this.library) return;
        if (change.kind === 'library' && change.action === 'removed') this.reopenPublished?.();
        if (change.kind === 'item' && change.action === 'selected') this.emit('asset-library-select', { ids: change.ids, count: typeof change.count === 'number' ? change.count : change.ids.length, version: typeof change.version === 'number' ? change.version : 0 } satisfies AssetLibrarySelectDetail);
        else this.emit('asset-library-change', change);
      },
    });
  }

  disconnectedCallback(): void {
    this.changes?.close();
    this.changes = undefined;
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Waits until the frame's page is controlled by the library's worker (its app registers and claims it). */
function controlledBy(view: Window, script: string): Promise<void> {
  const container = view.navigator.serviceWorker;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (container.controller?.scriptURL !== script) return;
      clearTimeout(timer);
      container.removeEventListener('controllerchange', check);
      resolve();
    };
    const timer = setTimeout(() => reject(new Error('The asset library page never came under its service worker.')), CONTROL_TIMEOUT_MS);
    container.addEventListener('controllerchange', check);
    check();
  });
}

/** Defines `<asset-library>` (or another name) once. */
export function defineAssetLibrary(name = 'asset-library'): void {
  if (!customElements.get(name)) customElements.define(name, class extends AssetLibraryElement {});
}
