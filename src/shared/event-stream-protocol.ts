/** What the event stream (src/core/events/event-stream.ts) and its reader (src/app/change-stream.ts) agree on. */

/** How soon EventSource reconnects after the stream ends (its default is a few seconds). */
export const RETRY_MS = 500;

/**
 * The last event of a stream ended because a new worker is taking over. A tab that hears it waits
 * for the new worker before it reconnects (src/app/change-stream.ts): a reconnect to this one would
 * wake it and hold the new one back (docs/decisions/update-flow.md).
 */
export const HAND_OVER_EVENT = 'hand-over';
