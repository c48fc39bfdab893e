/** Taking back a library made for a request that then failed (an import's start, a subscribe's first write). */
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
