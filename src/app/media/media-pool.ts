/**
 * The page's media workers: a pool sized to the device, so that thumbnails of an import use the
 * cores the page leaves idle (one worker made about 26 a second of 2000×1500 JPEGs). Each worker
 * serves the WorkerEndpoint on every port it is handed; the service worker spreads jobs across
 * the ports (src/sw/media-bridge.ts). See docs/decisions/media-worker.md.
 *
 * Workers start only when the service worker first needs them (`start`), so a tab that never
 * imports runs none: until then, a port's page end is held unstarted, which queues whatever the
 * service worker sends, and moves to the worker, queue and all, when it starts.
 */
import * as Comlink from 'comlink';
import type { WorkerEndpoint } from '../../media';

/**
 * `hardwareConcurrency - 1` (the page's own thread keeps a core), at least 1. At most 8: past
 * that, storing results (one write transaction at a time) limits the rate, and each worker holds
 * decoded originals of up to tens of megabytes.
 */
export const MAX_MEDIA_WORKERS = 8;

export function mediaPoolSize(hardwareConcurrency: number | undefined): number {
  return Math.min(MAX_MEDIA_WORKERS, Math.max(1, Math.floor(hardwareConcurrency ?? 1) - 1));
}

/**
 * The pool size a page asks for with `?mediaWorkers=N` in its URL (1 to MAX_MEDIA_WORKERS), or
 * undefined for the device's size. For measuring (the bench's one-worker baseline) and for a person
 * who wants an import to leave the machine more room.
 */
export function mediaWorkersAsked(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('mediaWorkers');
  const asked = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(asked) ? Math.min(MAX_MEDIA_WORKERS, Math.max(1, asked)) : undefined;
}

export class MediaPool {
  private readonly workers: (Worker | undefined)[];
  /** Per worker, the page ends of ports handed out before it started. */
  private readonly waiting: MessagePort[][];
  private readonly own = new Map<number, Comlink.Remote<WorkerEndpoint>>();

  constructor(readonly size: number = mediaPoolSize(navigator.hardwareConcurrency)) {
    this.workers = Array.from({ length: size }, () => undefined);
    this.waiting = Array.from({ length: size }, () => []);
  }

  /**
   * A fresh port to each worker of the pool, in pool order. They replace the ports handed out
   * before (the service worker keeps only the newest set), so ports still waiting are closed.
   */
  ports(): MessagePort[] {
    return this.workers.map((_, index) => {
      for (const port of this.waiting[index]!.splice(0)) port.close();
      const channel = new MessageChannel();
      this.hand(index, channel.port1);
      return channel.port2;
    });
  }

  /** Starts worker `index` (if it is not running yet) and hands it the ports that waited for it. */
  start(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return;
    this.workers[index] ??= new Worker(new URL('./media.worker.ts', import.meta.url), { type: 'module', name: `media-${index + 1}` });
    for (const port of this.waiting[index]!.splice(0)) this.hand(index, port);
  }

  /**
   * Ends worker `index`, whatever it is doing (a call the service worker gave up on would hold it
   * for every call after); the ports handed to it die with it. The next `ports()` wait for `start`
   * to make a fresh one.
   */
  restart(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return;
    this.workers[index]?.terminate();
    this.workers[index] = undefined;
    this.own.delete(index);
  }

  /** How many workers are running. */
  get started(): number {
    return this.workers.filter(Boolean).length;
  }

  /** How many originals each worker has processed (0 for one not started). */
  async processedCounts(): Promise<number[]> {
    return Promise.all(
      this.workers.map((worker, index) => {
        if (!worker) return 0;
        let remote = this.own.get(index);
        if (!remote) {
          const channel = new MessageChannel();
          this.hand(index, channel.port1);
          remote = Comlink.wrap<WorkerEndpoint>(channel.port2);
          this.own.set(index, remote);
        }
        return remote.processedCount();
      }),
    );
  }

  terminate(): void {
    for (const worker of this.workers) worker?.terminate();
    this.workers.fill(undefined);
    for (const ports of this.waiting) for (const port of ports.splice(0)) port.close();
    this.own.clear();
  }

  private hand(index: number, port: MessagePort): void {
    const worker = this.workers[index];
    if (worker) worker.postMessage({ type: 'connect', port }, [port]);
    else this.waiting[index]!.push(port);
  }
}
