import { noInput } from '../http/input';
import { route } from '../http/router';
import { createLibraryInput, historyInput, libraryPathInput } from './library.schema';
import { createLibrary, libraryHistory, libraryIcon, libraryInfo, switchLibrary } from './library.service';

export const libraryRoutes = [
  route('GET', '/library/info', noInput, async (ctx) => libraryInfo(ctx, await ctx.library())),
  route('GET', '/library/history', historyInput, (ctx, page) => libraryHistory(ctx, page)),
  route('POST', '/library/switch', libraryPathInput, (ctx, input) => switchLibrary(ctx, input.libraryPath)),
  route('GET', '/library/icon', libraryPathInput, (ctx, input) => libraryIcon(ctx, input.libraryPath)),
  route('POST', '/library/create', createLibraryInput, (ctx, input) => createLibrary(ctx, input.name)),
];
