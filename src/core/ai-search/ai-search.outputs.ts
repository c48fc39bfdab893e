/** Output schemas of the aiSearch routes this feature added, for the OpenAPI document: the envelope's `data`. */
import { z } from 'zod';
import { clipManifestSchema } from './providers/clip-manifest';

export const aiSearchOutputs = {
  'GET /aiSearch/clipModel': () => z.object({ manifest: clipManifestSchema.nullable(), files: z.array(z.string()) }),
  /** A file of the model as it was given (application/octet-stream), not an envelope. */
  'GET /aiSearch/clipModel/file': () => z.instanceof(Blob),
  'POST /aiSearch/clipModel/put': () => z.object({ manifest: clipManifestSchema }),
  'POST /aiSearch/clipModel/remove': () => z.object({ removed: z.boolean() }),
};
