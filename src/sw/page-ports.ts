/**
 * Runs in the service worker. Holds the ports a page handed over (to each of its media workers and
 * to the page itself). A stopped service worker loses them, and a closed page leaves them dead, so when
 * there is no live pair this asks the open windows for a fresh one and waits briefly. Everything
 * here is a cache that is safe to lose.
 */
import * as Comlink from 'comlink';
import type { PageEndpoint, WorkerEndpoint } from '../media';
import { MESSAGE_SOURCE, withTimeout, type MediaPortRequest } from '../media/messages';

/** A pair that answered this recently is trusted without a ping. */
const FRESH_MS = 5_000;
const PING_MS = 2_000;
/** How long to wait for a window to send ports. */
const ASK_MS = 1_500;
/** After windows did not answer, use the fallback for a while before asking again. */
const ASK_BACKOFF_MS = 10_000;

export interface PageMedia {
  hostId: string;
  /** The page's pool of media workers, how many calls each has in flight, and which we started. */
  workers: Comlink.Remote<WorkerEndpoint>[];
  busy: number[];
  started: boolean[];
  page: Comlink.Remote<PageEndpoint>;
  ports: MessagePort[];
  heardAt: number;
}

/** What this asks of an open window (a service worker's Client). */
export interface PageWindow {
  postMessage(message: unknown): void;
}

export class PagePorts {
  private current: PageMedia | undefined;
  private asking: Promise<PageMedia | undefined> | undefined;
  private arrived: ((media: PageMedia) => void) | undefined;
  private askFailedAt = -Infinity;
  private readonly busyByHost = new Map<string, number[]>();

  constructor(private readonly windows: () => Promise<readonly PageWindow[]>) {}

  accept(hostId: string, workers: readonly MessagePort[], page: MessagePort): void {
    const media: PageMedia = {
      hostId,
      workers: workers.map((port) => Comlink.wrap<WorkerEndpoint>(port)),
      busy: this.busyOf(hostId, workers.length),
      started: workers.map(() => false),
      page: Comlink.wrap<PageEndpoint>(page),
      ports: [...workers, page],
      heardAt: Date.now(),
    };
    this.current = media;
    this.askFailedAt = -Infinity;
    this.arrived?.(media);
  }

  /**
   * The calls in flight on each worker of a page, shared by every set of ports it sends: a worker
   * still working on a call made through older ports is busy for calls through the new ones.
   */
  private busyOf(hostId: string, workers: number): number[] {
    const known = this.busyByHost.get(hostId);
    if (known?.length === workers) return known;
    const busy = Array.from({ length: workers }, () => 0);
    // Only the newest page's counts are kept: a page that went away sends no more ports.
    this.busyByHost.clear();
    this.busyByHost.set(hostId, busy);
    return busy;
  }

  /** A live pair of ports, or undefined when no window offers one (use the fallback). */
  async acquire(): Promise<PageMedia | undefined> {
    const current = this.current;
    if (current) {
      if (await this.alive(current)) return current;
      this.drop(current);
    }
    if (Date.now() - this.askFailedAt < ASK_BACKOFF_MS) return undefined;
    this.asking ??= this.ask().finally(() => (this.asking = undefined));
    return this.asking;
  }

  /** The page that sent the current pair is closing them. */
  goodbye(hostId: string): void {
    if (this.current?.hostId === hostId) this.drop(this.current);
  }

  /** Forgets a pair that stopped answering. */
  drop(media: PageMedia): void {
    if (this.current === media) this.current = undefined;
    for (const port of media.ports) port.close();
  }

  private async alive(media: PageMedia): Promise<boolean> {
    if (Date.now() - media.heardAt < FRESH_MS) return true;
    const answer = await withTimeout(media.page.ping(), PING_MS, 'The page').catch(() => undefined);
    if (answer !== 'pong') return false;
    media.heardAt = Date.now();
    return true;
  }

  private async ask(): Promise<PageMedia | undefined> {
    const windows = await this.windows();
    if (windows.length === 0) return undefined;
    const arrived = new Promise<PageMedia>((resolve) => (this.arrived = resolve));
    const request: MediaPortRequest = { source: MESSAGE_SOURCE, type: 'media-port-request' };
    for (const client of windows) client.postMessage(request);
    const media = await withTimeout(arrived, ASK_MS, 'No window').catch(() => undefined);
    this.arrived = undefined;
    if (!media) this.askFailedAt = Date.now();
    return media;
  }
}
