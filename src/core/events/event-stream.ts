/**
 * `GET /api/v2/events`: the change feed as a `text/event-stream` that `EventSource` reads. Each
 * change is one event named by its kind, whose data is the JSON of the rest:
 *
 *     event: tag
 *     data: {"action":"renamed","ids":["feline"],"from":"cat","library":"/libraries/a.library"}
 *
 * The stream lives as long as the service worker does: when the browser stops the worker the
 * stream ends and EventSource reconnects (after `retry`), and the client re-reads what it shows,
 * since changes made meanwhile were not announced to it.
 */
import { ApiError } from '../http/errors';
import type { ChangeEvent } from './change';
import type { ChangeFeed } from './change-feed';
import { lazyValue } from '../shared/lazy-value';
import { HAND_OVER_EVENT, RETRY_MS } from '../../shared/event-stream-protocol';

export { HAND_OVER_EVENT, RETRY_MS };

/** A client that reads nothing while this many events wait is cut off (it reconnects and re-reads). */
const MAX_QUEUED = 1000;

/** Made on first use: a worker's first `new TextEncoder()` costs its start time (the CPU samples of a cold start). */
const encoder = lazyValue(() => new TextEncoder());

/** One server-sent event; JSON has no raw line breaks, so the data is one line. */
export function formatEvent({ kind, action, ids, details, library }: ChangeEvent): string {
  return `event: ${kind}\ndata: ${JSON.stringify({ action, ids, ...details, library })}\n\n`;
}

export function eventStream(feed: ChangeFeed): Response {
  // Not 200: EventSource then gives up without an `open`, so a tab retries (change-stream.ts) until
  // the new worker answers, and re-reads once, not on every retry.
  if (feed.handingOver) throw new ApiError('UNAVAILABLE', 'This service worker is handing over to a new version; reconnect.');
  /** Stops hearing changes and hand-overs; set once the stream has started. */
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The comment makes the first bytes arrive at once, so EventSource reports `open`.
      controller.enqueue(encoder().encode(`retry: ${RETRY_MS}\n: connected\n\n`));
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or errored (the client went away): nothing is held any more.
        }
      };
      const handOver = () => {
        try {
          controller.enqueue(encoder().encode(`event: ${HAND_OVER_EVENT}\ndata: {}\n\n`));
        } catch {
          // The client went away: there is nobody to tell.
        }
        end();
      };
      const forget = feed.onHandOver(handOver);
      const unsubscribe = feed.subscribe((event) => {
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return end();
        try {
          controller.enqueue(encoder().encode(formatEvent(event)));
        } catch {
          stop(); // the client went away
        }
      });
      stop = () => {
        unsubscribe();
        forget();
      };
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
