/**
 * A subscribed library is read-only: every route that would change it answers 403 READ_ONLY
 * naming the library. Checked once, before dispatch, for the library the request works on; the
 * routes below read (or act on the registry, not on a library) and always pass.
 */
import { ApiError } from '../http/errors';
import { apiPathOf } from '../http/router';
import type { LibraryRegistry } from '../storage/registry';
import type { ReadOnlyLibraries } from './subscription-state';

const READS = new Set([
  '/item/get',
  '/item/ids',
  '/item/position',
  '/item/query',
  '/item/select',
  '/item/open',
  '/folder/get',
  '/folder/open',
  '/tag/get',
  '/smartFolder/get',
  '/smartFolder/getItems',
  '/smartFolder/count',
  '/aiSearch/searchByText',
  '/aiSearch/searchByBase64',
  '/aiSearch/searchByItemId',
  '/library/switch',
  '/library/create',
  '/library/subscribe',
  // A backup reads the library and writes only the picked folder: a read-only copy may be backed up.
  '/library/backup',
  // These act on the registry (the library named in the body), not on the library's contents.
  '/library/rename',
  '/library/remove',
  '/sync/stop',
]);

/** Whether the request would write the library it works on (GET never does; an import into a new library neither). */
function writes(request: Request, route: string): boolean {
  if (request.method !== 'POST' || READS.has(route)) return false;
  if (route === '/library/import') return new URL(request.url).searchParams.get('into') === 'current';
  return true;
}

/** The READ_ONLY error for a write to a subscribed library, else undefined. */
export async function readOnlyRefusal(
  request: Request,
  prefix: string,
  chosenPath: string | null,
  registry: LibraryRegistry,
  readOnly: ReadOnlyLibraries,
): Promise<ApiError | undefined> {
  const where = apiPathOf(new URL(request.url).pathname, prefix);
  if (typeof where !== 'object' || !writes(request, where.route)) return undefined;
  const record = chosenPath ? await registry.find(chosenPath) : await registry.currentIfAny();
  const source = record && (await readOnly.sourceOf(record.path));
  if (!record || !source) return undefined;
  return new ApiError('READ_ONLY', `The library "${record.name}" is a read-only copy of the published library at ${source}: ${where.route.slice(1)} cannot change it.`);
}
