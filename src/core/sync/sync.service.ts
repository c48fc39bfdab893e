/** sync/start, sync/check, sync/status, sync/stop and sync/run (README, API extensions; docs/decisions/sync.md). */
import type { Context } from '../context';
import { conflict } from '../http/errors';
import { checkDatabase, probeDatabase, type SyncCheck } from './probe-server';
import { runCycle } from './sync-cycle';
import { currentStatus, readSettings, SYNC_SETTINGS_KEY, SYNC_STATUS_KEY, writeStatus, type SyncStatus } from './sync-state';
import type { StartSyncInput } from './sync.schema';

export async function startSync(ctx: Context, input: StartSyncInput): Promise<SyncStatus> {
  const library = await ctx.library();
  const existing = await readSettings(library.db);
  if (existing && existing.url !== input.url) {
    throw conflict(`url: this library already syncs with ${existing.url}; a library syncs with one database at a time (sync/stop first).`);
  }
  await probeDatabase(ctx.fetchServer, input.url, input.username, input.password);
  const now = ctx.clock();
  await library.db.state.put({ key: SYNC_SETTINGS_KEY, value: { ...input, startedAt: existing?.startedAt ?? now } });
  if (!existing) {
    await writeStatus(library.db, {
      state: 'connecting', url: input.url, pushed: 0, pulled: 0, pending: 0, conflictsMerged: 0, lastSyncedAt: null, error: null, firstPull: null, lastRunAt: now, runningSince: 0,
    });
  }
  return currentStatus(library.db, now);
}

/** Checks a database URL and credentials without starting anything (the Sync… dialog's "Test connection"). */
export async function checkSync(ctx: Context, input: StartSyncInput): Promise<SyncCheck> {
  return checkDatabase(ctx.fetchServer, input.url, input.username, input.password);
}

export async function syncStatus(ctx: Context): Promise<SyncStatus> {
  return currentStatus((await ctx.library()).db, ctx.clock());
}

/** Local data stays; the replica and its checkpoints stay too, so a later start resumes. */
export async function stopSync(ctx: Context): Promise<true> {
  const { db } = await ctx.library();
  await db.state.bulkDelete([SYNC_SETTINGS_KEY, SYNC_STATUS_KEY]);
  return true;
}

/** Runs one cycle (the open app calls this every second or so) and answers the status after it. */
export async function runSync(ctx: Context): Promise<SyncStatus> {
  const library = await ctx.library();
  await runCycle(library, ctx.loadPouch, ctx.clock);
  return currentStatus(library.db, ctx.clock());
}
