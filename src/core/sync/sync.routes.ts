import { route } from '../http/router';
import { lazyFunction, lazyModule } from '../shared/lazy-module';
import { currentStatus } from './sync-state';
import { noInput } from '../http/no-input';
import { noFields, startSyncInput, syncSettingsInput, watchSyncInput } from './sync.schema';

// Sync's code (the cycles, reconciling, the files step) is loaded by its first request that needs it, not at every worker start.
const service = lazyModule(() => import('./sync.service'));

// Sync's writes go on in its cycles, not in the request: no Idempotency-Key is recorded for them.
export const syncRoutes = [
  route('POST', '/sync/start', startSyncInput, lazyFunction(service, 'startSync'), { writes: true, oncePerKey: false }),
  route('POST', '/sync/check', startSyncInput, lazyFunction(service, 'checkSync'), { writes: true, oncePerKey: false }),
  // Two rows of the library's own database, asked at every start of the app and by its sync loop
  // (sync or not): answered without loading sync's code.
  route('GET', '/sync/status', noInput, async (ctx) => currentStatus((await ctx.library()).db, ctx.clock())),
  route('POST', '/sync/stop', noFields, lazyFunction(service, 'stopSync'), { writes: true, readOnlyOk: true }),
  route('POST', '/sync/run', noFields, lazyFunction(service, 'runSync'), { writes: true, oncePerKey: false }),
  route('POST', '/sync/watch', watchSyncInput, lazyFunction(service, 'watchSync'), { writes: true, oncePerKey: false }),
  route('POST', '/sync/settings', syncSettingsInput, lazyFunction(service, 'changeSyncSettings'), { writes: true, oncePerKey: false }),
];
