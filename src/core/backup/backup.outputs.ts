/** The `data` of the backup routes' answers, for the OpenAPI document. */
import { z } from 'zod';

const problem = z.object({
  reason: z.enum(['no-folder', 'permission', 'folder-gone', 'disk-full', 'failed']),
  message: z.string(),
  at: z.number(),
});

const status = () =>
  z.object({
    configured: z.boolean(),
    running: z.boolean(),
    lastBackupAt: z.number(),
    items: z.number(),
    folderName: z.string().optional(),
    problem: problem.optional(),
  });

export const backupOutputs = {
  'GET /library/backup': status,
  'POST /library/backup': () =>
    status().extend({
      status: z.enum(['done', 'partial', 'busy', 'failed']),
      written: z.object({ items: z.number(), files: z.number(), bytes: z.number(), removed: z.number() }),
    }),
};
