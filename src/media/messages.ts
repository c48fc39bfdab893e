/** The messages of the media port handshake between pages and the service worker. */

/** Every message between our pages and our service worker carries this source tag. */
export const MESSAGE_SOURCE = 'offline-asset-library';

/** Page → service worker: ports to each of the page's media workers and to the page itself (transferred). */
export interface MediaPortsMessage {
  source: typeof MESSAGE_SOURCE;
  type: 'media-ports';
  /** Which page sent them, so that its goodbye drops only its own ports. */
  hostId: string;
  /** One port per media worker of the page's pool (at least one). */
  workers: MessagePort[];
  page: MessagePort;
}

/**
 * Page → service worker: "my ports are closing" (the page hides or stops its worker). Chromium
 * has no close event on MessagePort, and a dead port simply never answers.
 */
export interface MediaPortsGoodbye {
  source: typeof MESSAGE_SOURCE;
  type: 'media-ports-goodbye';
  hostId: string;
}

/** Service worker → pages: "I have no live port (a fresh instance, or the page closed); send one." */
export interface MediaPortRequest {
  source: typeof MESSAGE_SOURCE;
  type: 'media-port-request';
}

export function isMediaPortsMessage(data: unknown): data is MediaPortsMessage {
  const message = data as Partial<MediaPortsMessage> | null;
  const workers = message?.workers;
  const ports = Array.isArray(workers) && workers.length > 0 && workers.every((port) => port instanceof MessagePort);
  return message?.source === MESSAGE_SOURCE && message.type === 'media-ports' && ports && message.page instanceof MessagePort;
}

export function isMediaPortsGoodbye(data: unknown): data is MediaPortsGoodbye {
  const message = data as Partial<MediaPortsGoodbye> | null;
  return message?.source === MESSAGE_SOURCE && message.type === 'media-ports-goodbye' && typeof message.hostId === 'string';
}

export function isMediaPortRequest(data: unknown): data is MediaPortRequest {
  const message = data as Partial<MediaPortRequest> | null;
  return message?.source === MESSAGE_SOURCE && message.type === 'media-port-request';
}

/** Rejects with a TimeoutError when `promise` takes longer than `ms` (a dead port never answers). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}
