/**
 * The page's media workers: a pool sized to the device, so that thumbnails of an import use the
 * cores the page leaves idle (one worker made about 26 a second of 2000×1500 JPEGs). Each worker
 * serves the WorkerEndpoint on every port it is handed; the service worker spreads jobs across
 * the ports (src/sw/media-bridge.ts). See docs/decisions/media-worker.md.
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

export class MediaPool {
  private workers: Worker[] = [];
  private own: Comlink.Remote<WorkerEndpoint>[] = [];

  constructor(readonly size: number = mediaPoolSize(navigator.hardwareConcurrency)) {}

  /** A fresh port to each worker of the pool (starting them on first use). */
  ports(): MessagePort[] {
    if (this.workers.length === 0) {
      this.workers = Array.from({ length: this.size }, (_, i) => new Worker(new URL('./media.worker.ts', import.meta.url), { type: 'module', name: `media-${i + 1}` }));
    }
    return this.workers.map((worker) => {
      const channel = new MessageChannel();
      worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
      return channel.port2;
    });
  }

  /** How many originals each worker has processed (all zero before the pool started). */
  async processedCounts(): Promise<number[]> {
    if (this.workers.length === 0) return Array.from({ length: this.size }, () => 0);
    if (this.own.length === 0) this.own = this.ports().map((port) => Comlink.wrap<WorkerEndpoint>(port));
    return Promise.all(this.own.map((worker) => worker.processedCount()));
  }

  terminate(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.own = [];
  }
}
