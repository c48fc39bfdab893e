/** What the item routes answer (./items.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { binary, done, page, type OutputTable } from '../http/output-kit';
import { itemPageOutput, itemViewOutput } from '../listing/item-view.outputs';
import { MAX_BATCH, newItemInput, updateInput } from './item.schema';

const comment = () =>
  z.object({
    id: z.string(),
    annotation: z.string(),
    lastModified: z.number(),
    x: z.number().optional(),
    y: z.number().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
    duration: z.number().optional(),
  });

const added = () => z.object({ id: z.string(), duplicateOf: z.string().nullable() });

export const itemOutputs = {
  'GET /item/get': itemPageOutput,
  'POST /item/get': itemPageOutput,
  'GET /item/countAll': () => z.number().int(),
  'POST /item/ids': () => z.object({ ids: z.array(z.string()), total: z.number().int(), offset: z.number().int() }),
  'POST /item/position': () => z.object({ position: z.number().int(), total: z.number().int() }),
  'POST /item/add': () => z.union([added(), z.object({ ids: z.array(z.string()), duplicateOf: z.array(z.string().nullable()) })]),
  'POST /item/addFile': added,
  'POST /item/addFiles': () => z.object({ ids: z.array(z.string()), duplicateOf: z.array(z.string().nullable()) }),
  'POST /item/update': () => z.union([itemViewOutput(), z.object({ items: z.array(itemViewOutput()) })]),
  'POST /item/remove': done,
  'GET /item/getComments': () => z.array(comment()),
  'POST /item/addComment': comment,
  'POST /item/updateComment': comment,
  'POST /item/removeComment': done,
  'GET /item/file': () => binary('application/octet-stream', "The item's original file, in its own media type; a Range request answers 206 with that part.", [206]),
  'GET /item/thumbnail': () => binary('image/*', "The item's thumbnail (or its original with preferOriginal)."),
  'POST /item/select': done,
  'POST /item/selection': () => z.object({ ids: z.array(z.string()), total: z.number().int(), offset: z.number().int(), version: z.number().int() }),
  'POST /item/open': done,
} satisfies OutputTable;

/**
 * The request bodies of item/add and item/update as the services check them, entry by entry (the
 * routes' own input schemas only tell one item from a batch, so that errors name the entry).
 */
export const itemRequests = {
  'POST /item/add': () => z.union([newItemInput(), z.object({ items: z.array(newItemInput()).max(MAX_BATCH) })]),
  'POST /item/update': () => z.union([updateInput(), z.object({ items: z.array(updateInput()).max(MAX_BATCH) })]),
} satisfies Record<string, () => z.ZodType>;
