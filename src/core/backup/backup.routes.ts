/** Backup to a folder (ours): run one into the folder the page picked, read how the last went. */
import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { lazyModule } from '../shared/lazy-module';
import { backupInput } from './backup.schema';

const backup = lazyModule(() => import('./backup-status'));

export const backupRoutes = [
  // Each run has its own lease owner: two tabs' runs in one worker must not share one.
  route('POST', '/library/backup', backupInput, async (ctx, input) => (await backup()).runBackup(await ctx.library(), ctx.clock, ctx.ids(), input.maxItems)),
  route('GET', '/library/backup', noInput, async (ctx) => (await backup()).backupStatus(await ctx.library(), ctx.clock())),
];
