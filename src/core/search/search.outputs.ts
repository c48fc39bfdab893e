/** What the search routes answer (./search.routes.ts), for the OpenAPI document. */
import { itemPageOutput } from '../items/items.outputs';
import type { OutputTable } from '../openapi/output-kit';

export const searchOutputs = {
  'POST /item/query': itemPageOutput,
} satisfies OutputTable;
