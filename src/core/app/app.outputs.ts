/** What the app routes answer (./app.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import type { OutputTable } from '../http/output-kit';

export const appOutputs = {
  'GET /app/info': () =>
    z.object({ platform: z.string(), version: z.string(), buildVersion: z.string(), prereleaseVersion: z.string().nullable(), webVersion: z.string() }),
} satisfies OutputTable;
