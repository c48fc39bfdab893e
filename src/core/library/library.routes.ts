import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { createLibraryInput, historyInput, libraryPathInput, renameLibraryInput } from './library.schema';
import { createLibrary, libraryHistory, libraryIcon, libraryInfo, removeLibrary, renameLibrary, switchLibrary } from './library.service';

export const libraryRoutes = [
  route('GET', '/library/info', noInput, async (ctx) => libraryInfo(ctx, await ctx.library())),
  route('GET', '/library/history', historyInput, (ctx, page) => libraryHistory(ctx, page)),
  route('POST', '/library/switch', libraryPathInput, (ctx, input) => switchLibrary(ctx, input.libraryPath), { writes: true, readOnlyOk: true }),
  route('GET', '/library/icon', libraryPathInput, (ctx, input) => libraryIcon(ctx, input.libraryPath)),
  route('POST', '/library/create', createLibraryInput, (ctx, input) => createLibrary(ctx, input.name), { writes: true, readOnlyOk: true, oncePerKey: true }),
  route('POST', '/library/rename', renameLibraryInput, (ctx, input) => renameLibrary(ctx, input.libraryPath, input.name), { writes: true, readOnlyOk: true }),
  route('POST', '/library/remove', libraryPathInput, (ctx, input) => removeLibrary(ctx, input.libraryPath), { writes: true, readOnlyOk: true, oncePerKey: true }),
];
