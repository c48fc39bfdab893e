/** The document as the worker serves it: built by the first request for it, then kept (it only changes with the code). */
import type { Context } from '../context';
import type { z } from 'zod';
import type { Route } from '../http/router';
import { buildOpenApiDocument } from './openapi-document';

const built = new Map<string, string>();

export async function openApiResponse(ctx: Pick<Context, 'apiPrefix'>, routes: readonly Route<z.ZodType, never>[]): Promise<Response> {
  let text = built.get(ctx.apiPrefix);
  if (text === undefined) {
    text = JSON.stringify(buildOpenApiDocument({ apiPrefix: ctx.apiPrefix, routes }));
    built.set(ctx.apiPrefix, text);
  }
  return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}
