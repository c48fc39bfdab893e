/** Eagle library import (a zip body, resumable) and export (a streamed zip) (ours). */
import { noInput } from '../http/input';
import { route } from '../http/router';
import { exportZipResponse } from './export-zip';
import { importInput, importStatusInput } from './library-transfer.schema';

export const libraryTransferRoutes = [
  route(
    'POST',
    '/library/import',
    importInput,
    async (ctx, input, request) => {
      const started = await ctx.imports.start({ zip: await request.blob(), into: input.into, name: input.name, fileName: input.fileName }, ctx.library);
      return input.wait ? ctx.imports.wait(started.id) : started;
    },
    { rawBody: true },
  ),
  route('GET', '/library/import', importStatusInput, (ctx, input) => (input.id ? ctx.imports.status(input.id) : ctx.imports.list())),
  route('GET', '/library/export', noInput, async (ctx) => exportZipResponse(await ctx.library())),
];
