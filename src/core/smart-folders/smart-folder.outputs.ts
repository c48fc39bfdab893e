/** What the smart folder routes answer (./smart-folder.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { itemPageOutput } from '../listing/item-view.outputs';
import { done, page, type OutputTable } from '../http/output-kit';
import { lazyValue } from '../shared/lazy-value';

/** A smart folder with its children, nested (./smart-folder-view.ts); one instance, so the document names it once. */
export const smartFolderViewOutput = lazyValue((): z.ZodType => {
  const view: z.ZodType = z.object({
    id: z.string(),
    name: z.string(),
    // Rules as stored: their shape is smartFolder/getRules's answer.
    conditions: z.array(z.unknown()),
    description: z.string(),
    icon: z.string(),
    iconColor: z.string(),
    get children() {
      return z.array(view);
    },
    modificationTime: z.number(),
    imageCount: z.number().int(),
    parent: z.string().nullable(),
  });
  return view;
});

/** Per rule property: its methods, value type, options and value forms (./rule-catalogue.ts). */
const ruleCatalogue = () =>
  z.record(
    z.string(),
    z.object({
      methods: z.array(z.string()),
      valueType: z.string(),
      options: z.array(z.unknown()).optional(),
      noValueMethods: z.array(z.string()).optional(),
      unit: z.array(z.string()).optional(),
      custom: z.object({ option: z.string(), fields: z.record(z.string(), z.string()) }).optional(),
      valueForms: z.record(z.string(), z.unknown()),
    }),
  );

export const smartFolderOutputs = {
  'GET /smartFolder/get': () => page(smartFolderViewOutput()),
  'POST /smartFolder/get': () => page(smartFolderViewOutput()),
  'POST /smartFolder/create': smartFolderViewOutput,
  'POST /smartFolder/update': smartFolderViewOutput,
  'POST /smartFolder/remove': done,
  'GET /smartFolder/getItems': itemPageOutput,
  'POST /smartFolder/getItems': itemPageOutput,
  'POST /smartFolder/count': () => z.object({ count: z.number().int() }),
  'GET /smartFolder/getRules': ruleCatalogue,
} satisfies OutputTable;
