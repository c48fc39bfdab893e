/**
 * The page side of media processing: owns the dedicated media worker (started on first need) and
 * hands the service worker two ports, one to that worker and one to this page (SVG, video), at
 * start and whenever the service worker asks (a fresh instance has none). Says goodbye when the
 * page hides, since a dead port never tells. See docs/decisions/media-worker.md.
 */
import * as Comlink from 'comlink';
import {
  isMediaPortRequest,
  MESSAGE_SOURCE,
  type MediaPortsGoodbye,
  type MediaPortsMessage,
  type WorkerEndpoint,
} from '../../media';
import { pageEndpoint } from './page-media';

export interface MediaHost {
  /** How many originals this page's worker has processed. */
  processedCount(): Promise<number>;
  /** Hands the service worker a fresh pair of ports. */
  connect(): Promise<void>;
  /** Ends the worker and closes every port: the service worker must do without this page. */
  stop(): void;
}

export function startMediaHost(): MediaHost {
  const hostId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  let worker: Worker | undefined;
  let own: Comlink.Remote<WorkerEndpoint> | undefined;
  const pagePorts: MessagePort[] = [];
  let stopped = false;

  const workerPort = (): MessagePort => {
    worker ??= new Worker(new URL('./media.worker.ts', import.meta.url), { type: 'module', name: 'media' });
    const channel = new MessageChannel();
    worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    return channel.port2;
  };

  const pagePort = (): MessagePort => {
    const channel = new MessageChannel();
    Comlink.expose(pageEndpoint, channel.port1);
    pagePorts.push(channel.port1);
    return channel.port2;
  };

  const serviceWorker = async () => navigator.serviceWorker.controller ?? (await navigator.serviceWorker.ready).active;

  const connect = async () => {
    const target = await serviceWorker();
    if (stopped || !target) return;
    const message: MediaPortsMessage = { source: MESSAGE_SOURCE, type: 'media-ports', hostId, worker: workerPort(), page: pagePort() };
    target.postMessage(message, [message.worker, message.page]);
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
    processedCount: async () => {
      if (!worker) return 0;
      own ??= Comlink.wrap<WorkerEndpoint>(workerPort());
      return own.processedCount();
    },
    stop() {
      stopped = true;
      goodbye();
      navigator.serviceWorker.removeEventListener('message', onMessage);
      removeEventListener('pagehide', goodbye);
      removeEventListener('pageshow', onPageShow);
      worker?.terminate();
      worker = undefined;
      own = undefined;
      for (const port of pagePorts.splice(0)) port.close();
    },
  };
}
