/** What the tag group routes answer (./tag-groups.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { done, page, type OutputTable } from '../http/output-kit';

/** A tag group (./tag-group-view.ts). */
export const tagGroupViewOutput = () => z.object({ id: z.string(), name: z.string(), color: z.string(), tags: z.array(z.string()), description: z.string() });

export const tagGroupOutputs = {
  'GET /tagGroup/get': () => page(tagGroupViewOutput()),
  'POST /tagGroup/create': tagGroupViewOutput,
  'POST /tagGroup/update': tagGroupViewOutput,
  'POST /tagGroup/remove': done,
  'POST /tagGroup/addTags': tagGroupViewOutput,
  'POST /tagGroup/removeTags': tagGroupViewOutput,
} satisfies OutputTable;
