/** What the change feed answers (./events.routes.ts), for the OpenAPI document. */
import { binary, type OutputTable } from '../http/output-kit';

export const eventOutputs = {
  'GET /events': () => binary('text/event-stream', 'Server-sent events: what changed in the library, as it changes.'),
} satisfies OutputTable;
