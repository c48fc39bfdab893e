/**
 * The page's media worker (a dedicated module Worker). Each `connect` message brings a port on
 * which this worker serves the WorkerEndpoint with Comlink: one for the service worker (handed
 * over by the page), one for the page itself. Buffers cross ports transferred, never copied.
 */
import * as Comlink from 'comlink';
import { processRaster, type WorkerEndpoint } from '../../media';

let processed = 0;

const endpoint: WorkerEndpoint = {
  ping: () => 'pong',
  async processRaster(bytes, mime) {
    const result = await processRaster(bytes, mime);
    processed += 1;
    return result.status === 'done' ? Comlink.transfer(result, [result.thumbnail]) : result;
  },
  processedCount: () => processed,
};

addEventListener('message', (event: MessageEvent<{ type?: string; port?: MessagePort }>) => {
  if (event.data?.type === 'connect' && event.data.port) Comlink.expose(endpoint, event.data.port);
});
