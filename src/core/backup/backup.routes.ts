/** Backup to a folder (ours): run one into the folder the page picked, read how the last went. */
import { noInput } from '../http/no-input';
import { route } from '../http/router';
import { lazyModule } from '../shared/lazy-module';
import { backupInput } from './backup.schema';

const status = lazyModule(() => import('./backup-status'));
const writer = lazyModule(() => import('./backup-start'));

export const backupRoutes = [
  // Each run has its own lease owner: two tabs' runs in one worker must not share one.
  // Reads the library and writes the backup folder, not the library: allowed on a read-only one.
  route('POST', '/library/backup', backupInput, async (ctx, input) => (await writer()).runBackup(await ctx.library(), ctx.clock, ctx.ids(), input.maxItems), { writes: false }),
  route('GET', '/library/backup', noInput, async (ctx) => (await status()).backupStatus(await ctx.library(), ctx.clock())),
];
