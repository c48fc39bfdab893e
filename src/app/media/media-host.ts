/**
 * The page side of media processing: owns the pool of media workers (./media-pool.ts) and hands
 * the service worker a port to each of them and one to this page (SVG, video), at start and
 * whenever the service worker asks (a fresh instance has none). Says goodbye when the page hides,
 * since a dead port never tells. See docs/decisions/media-worker.md.
 */
import * as Comlink from 'comlink';
import {
  isMediaPortRequest,
  MESSAGE_SOURCE,
  type MediaPortsGoodbye,
  type MediaPortsMessage,
  type PageEndpoint,
} from '../../media';
import { MediaPool } from './media-pool';
import { pageEndpoint } from './page-media';

export interface MediaHost {
  /** How many originals this page's workers have processed. */
  processedCount(): Promise<number>;
  /** The same, per worker of the pool. */
  processedCounts(): Promise<number[]>;
  /** How many media workers this page may run. */
  readonly poolSize: number;
  /** How many of them are running (they start when the service worker first needs them). */
  startedWorkers(): number;
  /** Hands the service worker fresh ports (to each pool worker and to this page). */
  connect(): Promise<void>;
  /** Ends the workers and closes every port: the service worker must do without this page. */
  stop(): void;
}

export interface MediaHostOptions {
  /** Media workers to run; by default sized to the device (mediaPoolSize). */
  workers?: number;
}

export function startMediaHost(options: MediaHostOptions = {}): MediaHost {
  const hostId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const pool = new MediaPool(options.workers);
  const pagePorts: MessagePort[] = [];
  let stopped = false;

  const pagePort = (): MessagePort => {
    const channel = new MessageChannel();
    const endpoint: PageEndpoint = { ...pageEndpoint, startWorker: (index) => pool.start(index), restartWorker: (index) => pool.restart(index) };
    Comlink.expose(endpoint, channel.port1);
    pagePorts.push(channel.port1);
    return channel.port2;
  };

  const serviceWorker = async () => navigator.serviceWorker.controller ?? (await navigator.serviceWorker.ready).active;

  const connect = async () => {
    const target = await serviceWorker();
    if (stopped || !target) return;
    const message: MediaPortsMessage = { source: MESSAGE_SOURCE, type: 'media-ports', hostId, workers: pool.ports(), page: pagePort() };
    target.postMessage(message, [...message.workers, message.page]);
  };

  const goodbye = () => {
    const message: MediaPortsGoodbye = { source: MESSAGE_SOURCE, type: 'media-ports-goodbye', hostId };
    navigator.serviceWorker.controller?.postMessage(message);
  };

  const onMessage = (event: MessageEvent) => {
    if (isMediaPortRequest(event.data)) void connect();
  };
  // A page kept in the back/forward cache is frozen: its ports must not be waited on meanwhile.
  const onPageShow = (event: PageTransitionEvent) => event.persisted && void connect();
  navigator.serviceWorker.addEventListener('message', onMessage);
  navigator.serviceWorker.startMessages();
  addEventListener('pagehide', goodbye);
  addEventListener('pageshow', onPageShow);
  void connect();

  return {
    connect,
    poolSize: pool.size,
    startedWorkers: () => pool.started,
    processedCounts: () => pool.processedCounts(),
    processedCount: async () => (await pool.processedCounts()).reduce((sum, count) => sum + count, 0),
    stop() {
      stopped = true;
      goodbye();
      navigator.serviceWorker.removeEventListener('message', onMessage);
      removeEventListener('pagehide', goodbye);
      removeEventListener('pageshow', onPageShow);
      pool.terminate();
      for (const port of pagePorts.splice(0)) port.close();
    },
  };
}
