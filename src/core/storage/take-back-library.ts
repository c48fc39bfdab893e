/** Taking back a library made for a request that then failed (an import's start, a subscribe's first write), or whose maker stopped. */
import { ApiError } from '../http/errors';
import type { LibraryRecord, LibraryRegistry } from './registry';

export interface TakeBackSteps {
  /** Undoes what marks the library besides its entry (a published library's read-only mark). */
  unmark?: (path: string) => Promise<unknown>;
  /** Closes and deletes its database. */
  drop: (record: LibraryRecord) => Promise<void>;
}

/**
 * Out of the registry first (no request reaches the library then), then its marks, then its
 * database. The only library stays as it is, and so does one already gone: answers false.
 */
export async function takeBackLibrary(registry: LibraryRegistry, record: LibraryRecord, steps: TakeBackSteps): Promise<boolean> {
  try {
    await registry.remove(record.path);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) return false;
    throw error;
  }
  await steps.unmark?.(record.path);
  await steps.drop(record);
  return true;
}

/**
 * Before a new library's first open: `clear` takes away what a removal cut short left at its path.
 * If that fails, the new entry is taken back out (a failure to do so goes to `onError`), so no
 * library stays that would open on the removed one's data.
 */
export async function clearNewLibrary(
  registry: LibraryRegistry,
  record: LibraryRecord,
  clear: (record: LibraryRecord) => Promise<void>,
  steps: TakeBackSteps,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  try {
    await clear(record);
  } catch (error) {
    await takeBackLibrary(registry, record, steps).catch(onError);
    throw error;
  }
}

/**
 * How long a library may stay unfinished before a worker's start takes it back: far longer than
 * its maker's few writes, so a worker still handing over to a new one is never cut short.
 */
export const UNFINISHED_FOR_MS = 10 * 60_000;

/**
 * At a worker's start: the libraries an import into a new library or a subscribe made, whose
 * maker stopped before storing what makes them one, go (entry, mark, database, and with
 * `forget` what else names them). They were empty, hidden from the history, and kept their
 * name from the next try. A database that cannot be dropped is cleared by the next library made
 * at its path (`clearNewLibrary`).
 */
export async function takeBackUnfinished(
  registry: LibraryRegistry,
  now: number,
  steps: TakeBackSteps & { forget?: (path: string) => Promise<void> },
  onError: (error: unknown) => void = () => {},
): Promise<LibraryRecord[]> {
  const gone = await registry.takeOutUnfinished(now - UNFINISHED_FOR_MS);
  for (const record of gone) {
    try {
      await steps.unmark?.(record.path);
      await steps.drop(record);
      await steps.forget?.(record.path);
    } catch (error) {
      onError(error);
    }
  }
  return gone;
}
