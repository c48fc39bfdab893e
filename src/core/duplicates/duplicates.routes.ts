import { route } from '../http/router';
import { duplicatesInput, mergeDuplicatesInput, unmergeDuplicatesInput } from './duplicates.schema';
import { listDuplicates } from './duplicates.service';
import { mergeDuplicates } from './merge-duplicates.service';
import { unmergeDuplicates } from './unmerge-duplicates.service';

/** Ours: find duplicates, merge a group into the item kept, and undo a merge (docs/api-extensions.md#duplicates). */
export const duplicateRoutes = [
  // Reads: the content hashes it fills for unhashed files are upkeep, not a change of the library.
  route('POST', '/item/duplicates', duplicatesInput, listDuplicates, { writes: false }),
  route('POST', '/item/mergeDuplicates', mergeDuplicatesInput, mergeDuplicates, { writes: true }),
  route('POST', '/item/unmergeDuplicates', unmergeDuplicatesInput, unmergeDuplicates, { writes: true }),
];
