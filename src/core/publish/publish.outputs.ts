/** What the publish routes answer (./publish.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { binary, type OutputTable } from '../http/output-kit';

const zip = () => binary('application/zip', 'The published library (or the part asked for) as a zip, streamed; files the destination already has are left out.');

export const publishOutputs = {
  'POST /library/subscribe': () =>
    z.object({ path: z.string(), name: z.string(), url: z.string(), contentVersion: z.string(), items: z.number().int(), stored: z.number().int() }),
  'GET /library/publish': zip,
  'POST /library/publish': zip,
} satisfies OutputTable;
