/** Output schemas of the duplicate routes' `data`, for the OpenAPI document. */
import { z } from 'zod';

const scored = () => z.object({ id: z.string(), score: z.number().min(0).max(1) });

const fields = () => ({ tags: z.array(z.string()), folders: z.array(z.string()), annotation: z.string(), star: z.number().int(), url: z.string() });

export const duplicatesOutputs = {
  'POST /item/duplicates': () =>
    z.object({
      groups: z.array(z.object({ kind: z.enum(['exact', 'similar']), items: z.array(scored()).min(2) })),
      total: z.number().int().min(0),
    }),
  'POST /item/mergeDuplicates': () =>
    z.object({
      // The kept item as item/get answers it.
      item: z.looseObject({ id: z.string(), ...fields() }),
      trashed: z.array(z.string()),
      previous: z.object(fields()),
      copiedComments: z.array(z.string()),
    }),
  'POST /item/unmergeDuplicates': () =>
    z.object({
      item: z.looseObject({ id: z.string(), ...fields() }),
      restored: z.array(z.string()),
      removedComments: z.array(z.string()),
    }),
};
