import { route } from '../http/router';
import { duplicatesInput, mergeDuplicatesInput } from './duplicates.schema';
import { listDuplicates } from './duplicates.service';
import { mergeDuplicates } from './merge-duplicates.service';

/** Ours: find duplicates, and merge a group into the item kept (docs/api-extensions.md#duplicates). */
export const duplicateRoutes = [
  route('POST', '/item/duplicates', duplicatesInput, listDuplicates),
  route('POST', '/item/mergeDuplicates', mergeDuplicatesInput, mergeDuplicates),
];
