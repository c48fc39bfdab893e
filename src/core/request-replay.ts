/**
 * The dispatch guard that makes a keyed write happen once (./storage/request-keys.ts): a POST to a
 * route that changes its library (unless it is a job) or records its key elsewhere (`oncePerKey`),
 * sent with an `Idempotency-Key`, is answered from the key's record when a write under that key
 * already committed; otherwise the key rides in the context, where the route's write transactions
 * (or the registry, for a library made) record it, and the answer is kept once made.
 */
import type { Context } from './context';
import { writesOncePerKey, type DispatchGuard } from './http/router';
import { findKeyedRecord, keyedWithFingerprint, replayAnswer, storeKeyedAnswer } from './storage/request-keys';

export function requestReplay(request: Request, now: number): DispatchGuard<Context> {
  return {
    async before(ctx, found, input) {
      if (!writesOncePerKey(found, new URL(request.url))) return undefined;
      const keyed = await keyedWithFingerprint(request, input, now);
      if (!keyed) return undefined;
      // One that records its key in the registry answers a repeat itself: the library it names may be gone.
      if (found.oncePerKey !== true) {
        const record = await findKeyedRecord((await ctx.library()).db, keyed);
        if (record) return replayAnswer(record, keyed);
      }
      ctx.requestKey = keyed;
      return undefined;
    },
    async after(ctx, response) {
      if (ctx.requestKey?.wrote) await storeKeyedAnswer((await ctx.library()).db, ctx.requestKey, response);
    },
  };
}
