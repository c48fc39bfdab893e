/** What the folder routes answer (./folders.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { done, page, type OutputTable } from '../http/output-kit';
import { lazyValue } from '../shared/lazy-value';

/** A folder with its subfolders, nested (./folder-view.ts); one instance, so the document names it once. */
export const folderViewOutput = lazyValue((): z.ZodType => {
  const view: z.ZodType = z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    get children() {
      return z.array(view);
    },
    modificationTime: z.number(),
    tags: z.array(z.string()),
    iconColor: z.string(),
    imageCount: z.number().int(),
    parent: z.string().nullable(),
  });
  return view;
});

export const folderOutputs = {
  'GET /folder/get': () => page(folderViewOutput()),
  'POST /folder/get': () => page(folderViewOutput()),
  'POST /folder/create': folderViewOutput,
  'POST /folder/update': folderViewOutput,
  'POST /folder/open': done,
  'POST /folder/remove': done,
} satisfies OutputTable;
