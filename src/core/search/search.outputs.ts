/** What the search routes answer (./search.routes.ts), for the OpenAPI document. */
import { itemPageOutput } from '../listing/item-view.outputs';
import type { OutputTable } from '../http/output-kit';

export const searchOutputs = {
  'POST /item/query': itemPageOutput,
} satisfies OutputTable;
