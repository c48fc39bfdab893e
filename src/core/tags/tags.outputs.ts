/** What the tag routes answer (./tags.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { page, type OutputTable } from '../http/output-kit';

const tagView = () => z.object({ name: z.string(), count: z.number().int(), color: z.string(), groups: z.array(z.string()), pinyin: z.string(), starred: z.boolean() });

export const tagOutputs = {
  'GET /tag/get': () => page(tagView()),
  'POST /tag/get': () => page(tagView()),
  'GET /tag/getRecentTags': () => page(tagView()),
  'GET /tag/getStarredTags': () => page(tagView()),
  'POST /tag/update': tagView,
  'POST /tag/merge': () => z.object({ affectedItems: z.number().int(), sourceRemoved: z.boolean() }),
} satisfies OutputTable;
