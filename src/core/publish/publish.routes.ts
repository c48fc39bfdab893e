/**
 * library/subscribe (ours): a read-only library made from a published library's URL.
 * library/publish (ours): the open library, or a folder or smart folder of it, as a published
 * library in a zip (GET for a download link, POST to name the files the destination already has).
 */
import type { z } from 'zod';
import type { Context } from '../context';
import { route } from '../http/router';
import { lazyModule } from '../shared/lazy-module';
import { publishInput, subscribeInput } from './publish.schema';

// The publish writer and client-zip load with the first publish, not at every worker start.
const publishZip = lazyModule(() => import('./publish-zip'));

async function publish(ctx: Context, input: z.infer<ReturnType<typeof publishInput>>): Promise<Response> {
  const part =
    input.folderId !== undefined || input.smartFolderId !== undefined
      ? { folder: input.folderId, subfolders: input.subfolders, smartFolder: input.smartFolderId }
      : undefined;
  return (await publishZip()).publishZipResponse(await ctx.library(), { part, originals: input.originals, name: input.name, shardItems: input.shardItems, have: input.have });
}

export const publishRoutes = [
  route('POST', '/library/subscribe', subscribeInput, (ctx, input, request) => ctx.subscriptions.subscribe(input.url, request.url, input.wait), { writes: true, readOnlyOk: true }),
  // Reads the library and answers a zip: allowed on a read-only (subscribed) library too.
  route('GET', '/library/publish', publishInput, publish),
  route('POST', '/library/publish', publishInput, publish, { writes: false }),
];
