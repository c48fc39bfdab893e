/** What the AI search routes answer (./ai-search.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { itemViewOutput } from '../listing/item-view.outputs';
import { binary, type OutputTable } from '../http/output-kit';
import { clipManifestSchema } from './providers/clip-manifest';

/** How far AI indexing is (./indexing-status.ts), and the model download before it (ours). */
const indexingStatus = () =>
  z.object({
    isSyncing: z.boolean(),
    syncedCount: z.number().int(),
    totalCount: z.number().int(),
    progress: z.number(),
    preparing: z.object({ doneBytes: z.number(), totalBytes: z.number() }).optional(),
    message: z.string().optional(),
    queuedJobs: z.number().int().optional(),
  });

const result = () => z.object({ item: itemViewOutput(), score: z.number(), signals: z.array(z.string()), nearDuplicate: z.boolean().optional() });

const visualAnswer = () => z.object({ results: z.array(result()), message: z.string().optional() });

const health = () =>
  z.object({
    healthy: z.boolean(),
    provider: z.string(),
    signals: z.array(z.string()),
    models: z.array(z.object({ name: z.string(), signal: z.string(), runsIn: z.string(), state: z.enum(['idle', 'loading', 'loaded']) })),
    clip: z.object({ loaded: z.boolean(), name: z.string().optional(), dims: z.number().int().optional(), indexedCount: z.number().int().optional(), runsIn: z.string().optional() }),
  });

export const aiSearchOutputs = {
  'GET /aiSearch/isInstalled': () => z.boolean(),
  'GET /aiSearch/isReady': () => z.boolean(),
  'GET /aiSearch/isStarting': () => z.boolean(),
  'GET /aiSearch/isSyncing': () => z.boolean(),
  'GET /aiSearch/getSyncStatus': indexingStatus,
  'GET /aiSearch/checkServiceHealth': health,
  'POST /aiSearch/searchByText': () =>
    z.object({
      results: z.array(result()),
      understood: z.object({ colours: z.array(z.string()), objects: z.array(z.string()), metadata: z.array(z.string()), meaning: z.array(z.string()) }),
      unmatched: z.array(z.string()),
      message: z.string().optional(),
      model: z.string().optional(),
    }),
  'POST /aiSearch/searchByBase64': visualAnswer,
  'POST /aiSearch/searchByItemId': visualAnswer,
  // Ours: the user's own CLIP model, kept by the service worker.
  'GET /aiSearch/clipModel': () => z.object({ manifest: clipManifestSchema.nullable(), files: z.array(z.string()) }),
  'GET /aiSearch/clipModel/file': () => binary('application/octet-stream', 'A file of the model as it was given.'),
  'POST /aiSearch/clipModel/put': () => z.object({ manifest: clipManifestSchema }),
  'POST /aiSearch/clipModel/remove': () => z.object({ removed: z.boolean() }),
} satisfies OutputTable;
