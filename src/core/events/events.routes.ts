import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { eventStream } from './event-stream';

export const eventRoutes = [route('GET', '/events', noInput, async (ctx) => eventStream(ctx.changes))];
