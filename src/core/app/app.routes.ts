import { noInput } from '../http/input';
import { route } from '../http/router';

export const appRoutes = [
  route('GET', '/app/info', noInput, async (ctx) => ({ ...ctx.app, platform: 'web' })),
];
