import type { Context } from '../context';
import { noInput } from '../http/no-input';
import { route } from '../http/router';

/** What the app routes read of a request's context: so the service worker's shell answers them too (../shell-api.ts). */
export type AppContext = Pick<Context, 'app'>;

export const appRoutes = [
  route('GET', '/app/info', noInput, async (ctx: AppContext) => ({ ...ctx.app, platform: 'web' }), { shell: true }),
];
