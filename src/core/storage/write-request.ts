/** The usual shape of a write handler: open the request's library, then one writeTransaction. */
import type { LibraryDb } from './library-db';
import type { OpenLibrary } from './open-library';
import type { KeyedRequest } from './request-keys';
import { writeTransaction } from './write';

/** What writeRequest uses of a request's context (src/core/context.ts). */
export interface WriteRequestContext {
  library: () => Promise<OpenLibrary>;
  clock: () => number;
  /** The request's `Idempotency-Key`, if it sent one to a write route. */
  requestKey?: KeyedRequest;
}

export async function writeRequest<T>(ctx: WriteRequestContext, work: (db: LibraryDb, now: number) => Promise<T>): Promise<T> {
  const library = await ctx.library();
  const now = ctx.clock();
  return writeTransaction(library, now, () => work(library.db, now), { request: ctx.requestKey });
}
