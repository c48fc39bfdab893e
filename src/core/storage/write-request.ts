/** The usual shape of a write handler: open the request's library, then one writeTransaction. */
import type { Context } from '../context';
import type { LibraryDb } from './library-db';
import { writeTransaction } from './write';

export async function writeRequest<T>(ctx: Context, work: (db: LibraryDb, now: number) => Promise<T>): Promise<T> {
  const library = await ctx.library();
  const now = ctx.clock();
  return writeTransaction(library, now, () => work(library.db, now));
}
