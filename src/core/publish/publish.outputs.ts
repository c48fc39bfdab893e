/** What the publish routes answer (./publish.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import type { OutputTable } from '../http/output-kit';

export const publishOutputs = {
  'POST /library/subscribe': () =>
    z.object({ path: z.string(), name: z.string(), url: z.string(), contentVersion: z.string(), items: z.number().int(), stored: z.number().int() }),
} satisfies OutputTable;
