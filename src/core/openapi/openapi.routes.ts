/** The API's own OpenAPI 3.1 document (ours), built by its first request, never at a worker's start. */
import type { z } from 'zod';
import type { Context } from '../context';
import { noInput } from '../http/no-input';
import { route, type Route } from '../http/router';
import { lazyModule } from '../shared/lazy-module';

const served = lazyModule(() => import('./openapi-response'));

/** `table`: the route table (../routes.ts, which lists these rows), handed to the document's script rather than imported by it. */
export const openApiRoutes = (table: () => readonly Route<z.ZodType, Context>[]) => [
  route('GET', '/openapi.json', noInput, async (ctx) => (await served()).openApiResponse(ctx, table())),
];
