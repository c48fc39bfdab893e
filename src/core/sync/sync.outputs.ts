/** What the sync routes answer (./sync.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { done, type OutputTable } from '../http/output-kit';

/** Where sync stands (./sync-state.ts). */
const syncStatus = () =>
  z.object({
    state: z.enum(['off', 'connecting', 'active', 'idle', 'waiting', 'offline', 'error']),
    url: z.string().nullable(),
    pushed: z.number().int(),
    pulled: z.number().int(),
    pending: z.number().int(),
    conflictsMerged: z.number().int(),
    lastSyncedAt: z.number().nullable(),
    error: z.string().nullable(),
    keepOriginals: z.boolean(),
    fileErrors: z.array(z.object({ id: z.string(), name: z.string(), file: z.enum(['original', 'thumbnail']), error: z.string() })),
    firstPull: z.object({ received: z.number().int(), total: z.number().int() }).nullable(),
  });

/** What sync/check found at the server (./probe-server.ts). */
const syncCheck = () =>
  z.object({
    url: z.string(),
    server: z.string(),
    version: z.string().nullable(),
    user: z.string().nullable(),
    database: z.object({ name: z.string(), exists: z.boolean(), documents: z.number().int().nullable(), canCreate: z.boolean().nullable() }),
  });

export const syncOutputs = {
  'POST /sync/start': syncStatus,
  'POST /sync/check': syncCheck,
  'GET /sync/status': syncStatus,
  'POST /sync/stop': done,
  'POST /sync/run': syncStatus,
  'POST /sync/watch': () => z.object({ changed: z.boolean() }),
  'POST /sync/settings': syncStatus,
} satisfies OutputTable;
