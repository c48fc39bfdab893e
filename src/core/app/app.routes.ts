import { z } from 'zod';
import { route } from '../http/router';

export const appRoutes = [
  route('GET', '/app/info', z.object({}), async (ctx) => ({ ...ctx.app, platform: 'web' })),
];
