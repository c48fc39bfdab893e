/** library/subscribe (ours): a read-only library made from a published library's URL. */
import { route } from '../http/router';
import { subscribeInput } from './publish.schema';

export const publishRoutes = [
  route('POST', '/library/subscribe', subscribeInput, (ctx, input, request) => ctx.subscriptions.subscribe(input.url, request.url, input.wait), { writes: true, readOnlyOk: true }),
];
