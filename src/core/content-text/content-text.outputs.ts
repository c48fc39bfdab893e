/** Output schemas of the content-text routes' `data`, for the OpenAPI document. */
import { z } from 'zod';

export const contentTextOutputs = {
  'GET /item/contentText': () =>
    z.object({ source: z.enum(['ocr', 'text', 'pdf']), text: z.string() }).nullable().describe('The text found inside the item, null when none (yet).'),
};
