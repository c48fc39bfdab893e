/** What the import and export routes answer (./library-transfer.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { binary, type OutputTable } from '../http/output-kit';

/** An import's progress, as kept in its library (./import-state.ts). */
const importState = () =>
  z.object({
    id: z.string(),
    format: z.enum(['eagle', 'bookmarks', 'takeout']).optional(),
    status: z.enum(['running', 'done', 'failed']),
    libraryPath: z.string(),
    libraryName: z.string(),
    folderName: z.string(),
    into: z.enum(['new', 'current']),
    startedAt: z.number(),
    updatedAt: z.number(),
    finishedAt: z.number(),
    rootDone: z.boolean(),
    total: z.number().int(),
    done: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    broken: z.array(z.object({ name: z.string(), reason: z.string() })),
    bytes: z.number(),
    sourceBytes: z.number(),
    thumbnailsQueued: z.number().int(),
    error: z.string(),
    duplicates: z.number().int().optional(),
    folderIds: z.record(z.string(), z.string()).optional(),
  });

export const libraryTransferOutputs = {
  'POST /library/import': importState,
  // One import with `id`, every import of this origin without.
  'GET /library/import': () => z.union([importState(), z.array(importState())]),
  'GET /library/export': () => binary('application/zip', 'The library as an Eagle library zip, streamed.'),
} satisfies OutputTable;
