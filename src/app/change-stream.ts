/**
 * Listens to `GET /api/v2/events` (ours) and keeps listening. The stream ends whenever the browser
 * stops the service worker; EventSource reconnects by itself after a clean end, but Chromium
 * closes it for good (readyState CLOSED) when a worker is stopped abruptly, so this opens a new
 * one. Changes made while no stream was open were announced to nobody: `onResync` tells the
 * caller to re-read what it shows. A stream ended by a hand-over to a new worker is opened again
 * only once that worker has taken over (or failed to): until then every reconnect would reach the
 * old worker and keep Chromium from activating the new one (docs/decisions/update-flow.md).
 */
import { CHANGE_KINDS, type ChangeKind } from '../shared/change';
import { HAND_OVER_EVENT, RETRY_MS } from '../shared/event-stream-protocol';
import { apiUrl } from './api-client';

/** A change as heard: the event's kind plus its JSON data (`action`, `ids`, `library`, details). */
export interface HeardChange extends HeardData {
  kind: ChangeKind;
}

/** The JSON data of one event. */
interface HeardData {
  action: string;
  ids: string[];
  library: string;
  [detail: string]: unknown;
}

export interface ChangeStreamOptions {
  onChange: (change: HeardChange) => void;
  /** Called when the stream is open again after an interruption: re-read, changes may have been missed. */
  onResync?: () => void;
  /** Called whenever the stream drops (before it is reopened). */
  onDrop?: () => void;
  /** The window whose EventSource to use (another frame's, in tests); this one by default. */
  view?: Window;
  url?: string;
}

export interface ChangeStream {
  /** True while a stream is open. */
  readonly open: boolean;
  close(): void;
}

export function listenToChanges({ onChange, onResync, onDrop, view = window, url = apiUrl('/events') }: ChangeStreamOptions): ChangeStream {
  const Source = (view as Window & typeof globalThis).EventSource;
  let source: EventSource | undefined;
  let closed = false;
  let interrupted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const current = new Source(url);
    source = current;
    let handedOver = false;
    current.addEventListener('open', () => {
      if (interrupted) onResync?.();
      interrupted = false;
    });
    current.addEventListener('error', () => {
      if (handedOver) return;
      interrupted = true;
      onDrop?.();
      // CONNECTING: EventSource retries by itself. CLOSED: it gave up, so start a new one.
      if (current.readyState === Source.CLOSED && !closed) timer = setTimeout(connect, RETRY_MS);
    });
    current.addEventListener(HAND_OVER_EVENT, () => {
      handedOver = true;
      current.close();
      interrupted = true;
      onDrop?.();
      void newWorkerSettled(view.navigator.serviceWorker).then(() => {
        if (!closed) connect();
      });
    });
    for (const kind of CHANGE_KINDS) {
      current.addEventListener(kind, (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as HeardData;
        onChange({ ...data, kind });
      });
    }
  };
  connect();

  return {
    get open() {
      return source?.readyState === Source.OPEN;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}

/**
 * Settles once the worker that asked for the hand-over is active (this page's controller changes)
 * or has become redundant; at once if no worker is waiting (it has taken over already) or the page
 * has no service worker container.
 */
function newWorkerSettled(container: ServiceWorkerContainer | undefined): Promise<void> {
  if (!container) return Promise.resolve();
  return new Promise((resolve) => {
    container.addEventListener('controllerchange', () => resolve(), { once: true });
    container.getRegistration().then((registration) => {
      const next = registration?.waiting ?? registration?.installing;
      if (!next) return resolve();
      next.addEventListener('statechange', () => {
        if (next.state === 'activated' || next.state === 'redundant') resolve();
      });
    }, () => resolve());
  });
}
