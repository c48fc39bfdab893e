/** What the thumbnail routes answer (./thumbnails.routes.ts), for the OpenAPI document. */
import { z } from 'zod';
import { binary, type OutputTable } from '../http/output-kit';

export const thumbnailOutputs = {
  'POST /item/refreshThumbnail': () => z.boolean(),
  'POST /item/setCustomThumbnail': () => z.boolean(),
  'GET /item/icon': () => binary('image/svg+xml', 'The generic icon of a file type.'),
} satisfies OutputTable;
