/** What the library routes answer (./library.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { folderViewOutput } from '../folders/folders.outputs';
import { binary, done, page, type OutputTable } from '../http/output-kit';
import { smartFolderViewOutput } from '../smart-folders/smart-folder.outputs';
import { tagGroupViewOutput } from '../tag-groups/tag-groups.outputs';

const libraryInfo = () =>
  z.object({
    modificationTime: z.number(),
    applicationVersion: z.string(),
    folders: z.array(folderViewOutput()),
    smartFolders: z.array(smartFolderViewOutput()),
    quickAccess: z.array(z.unknown()),
    tagGroups: z.array(tagGroupViewOutput()),
    // A published library still loading (ours).
    loading: z.object({ stored: z.number().int(), total: z.number().int(), indexed: z.boolean(), failed: z.string().optional() }).optional(),
    // The address a subscribed library was published at (ours).
    publishedFrom: z.string().optional(),
    name: z.string(),
    path: z.string(),
    readOnly: z.boolean(),
  });

export const libraryOutputs = {
  'GET /library/info': libraryInfo,
  'GET /library/history': () => page(z.object({ name: z.string(), path: z.string(), readOnly: z.boolean().optional() })),
  'POST /library/switch': done,
  'GET /library/icon': () => binary('image/png', "The library's icon."),
  'POST /library/create': () => z.object({ name: z.string(), path: z.string(), modificationTime: z.number(), applicationVersion: z.string() }),
  'POST /library/rename': () => z.object({ name: z.string(), path: z.string() }),
  'POST /library/remove': done,
} satisfies OutputTable;
