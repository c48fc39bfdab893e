/** Eagle library import (a zip body, resumable) and export (a streamed zip) (ours). */
import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { lazyModule } from '../shared/lazy-module';
import { keyedWithFingerprint } from '../storage/request-keys';
import { importInput, importStatusInput } from './library-transfer.schema';

// The export's code (the library's tree, zip writing) is loaded by the first export, not at every worker start.
const exportZip = lazyModule(() => import('./export-zip'));

export const libraryTransferRoutes = [
  route(
    'POST',
    '/library/import',
    importInput,
    async (ctx, input, request) => {
      // Into a new library, no library holds the key yet: the registry keeps it with the library made
      // (the input hashed is the query: the zip is not).
      const key = input.into === 'new' ? await keyedWithFingerprint(request, input, ctx.clock()) : ctx.requestKey;
      const started = await ctx.imports.start({ zip: await request.blob(), into: input.into, name: input.name, fileName: input.fileName, request: key }, ctx.library);
      return input.wait ? ctx.imports.wait(started.id) : started;
    },
    // Into a new library it changes none that exists: only `into=current` writes the current one.
    { writes: (url) => url.searchParams.get('into') === 'current', rawBody: true },
  ),
  route('GET', '/library/import', importStatusInput, async (ctx, input) => (input.id ? ctx.imports.status(input.id) : ctx.imports.list())),
  route('GET', '/library/export', noInput, async (ctx) => (await exportZip()).exportZipResponse(await ctx.library())),
];
