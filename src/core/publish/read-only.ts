/**
 * A subscribed library is read-only: every route that would change it answers 403 READ_ONLY
 * naming the library. Checked once, before dispatch, for the library the request works on; which
 * routes change it, their rows' flags say (`writes`, `readOnlyOk`, src/core/http/router.ts).
 */
import { ApiError } from '../http/errors';
import { changesLibrary, type Route } from '../http/router';
import type { LibraryRegistry } from '../storage/registry';
import type { ReadOnlyLibraries } from './subscription-state';

/** The READ_ONLY error for a write to a subscribed library, else undefined. */
export async function readOnlyRefusal(
  request: Request,
  found: Pick<Route, 'path' | 'writes' | 'readOnlyOk'> | undefined,
  chosenPath: string | null,
  registry: LibraryRegistry,
  readOnly: ReadOnlyLibraries,
): Promise<ApiError | undefined> {
  if (!found || !changesLibrary(found, new URL(request.url))) return undefined;
  const record = chosenPath ? await registry.find(chosenPath) : await registry.currentIfAny();
  const source = record && (await readOnly.sourceOf(record.path));
  if (!record || !source) return undefined;
  return new ApiError('READ_ONLY', `The library "${record.name}" is a read-only copy of the published library at ${source}: ${found.path.slice(1)} cannot change it.`);
}
