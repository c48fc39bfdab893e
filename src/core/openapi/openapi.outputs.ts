/** What the document's own route answers (./openapi.routes.ts). */
import { binary, type OutputTable } from '../http/output-kit';

export const openApiOutputs = {
  'GET /openapi.json': () => binary('application/json', 'This OpenAPI 3.1 document (not wrapped in the envelope).'),
} satisfies OutputTable;
