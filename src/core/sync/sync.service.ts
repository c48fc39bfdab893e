/** sync/start, sync/check, sync/status, sync/settings, sync/stop, sync/run and sync/watch (docs/api-extensions.md#sync-with-couchdb; docs/decisions/sync.md). */
import type { Context } from '../context';
import { ApiError, conflict } from '../http/errors';
import type { LibraryDb } from '../storage/library-db';
import { forgetDirtySet } from './dirty-set';
import { forgetFileCandidates } from './file-candidates';
import { forgetSince } from './file-records';
import { FilesDatabase } from './files-database';
import { checkDatabase, probeDatabase, type SyncCheck } from './probe-server';
import { runCycle } from './sync-cycle';
import { watchServer } from './watch-server';
import { currentStatus, forgetSync, readSettings, readStoredStatus, SYNC_SETTINGS_KEY, SYNC_STATUS_KEY, type StoredStatus, type SyncSettings, type SyncStatus } from './sync-state';
import type { StartSyncInput, SyncSettingsInput, WatchSyncInput } from './sync.schema';

export async function startSync(ctx: Context, input: StartSyncInput): Promise<SyncStatus> {
  const { db } = await ctx.library();
  const existing = await readSettings(db);
  if (existing && existing.url !== input.url) {
    throw conflict(`url: this library already syncs with ${existing.url}; a library syncs with one database at a time (sync/stop first).`);
  }
  await probeDatabase(ctx.fetchServer, input.url, input.username, input.password);
  // The files database beside it (docs/decisions/sync.md "Files on demand"), created by the first device.
  await new FilesDatabase(ctx.fetchServer, input).create().catch(() => {});
  const now = ctx.clock();
  const keepOriginals = input.keepOriginals ?? existing?.keepOriginals ?? false;
  // One transaction: settings without a status answer "off" and run no cycle. A start with no status
  // stored (an older one cut between its writes) starts afresh.
  const fresh = !existing || !(await readStoredStatus(db));
  await db.transaction('rw', db.state, async () => {
    await writeSettings(db, { ...input, keepOriginals, startedAt: existing?.startedAt ?? now }, existing?.keepOriginals);
    if (!fresh) return;
    await forgetDirtySet(db);
    await forgetFileCandidates(db);
    await db.state.put({ key: SYNC_STATUS_KEY, value: {
      state: 'connecting', url: input.url, pushed: 0, pulled: 0, pending: 0, conflictsMerged: 0, lastSyncedAt: null, error: null, firstPull: null, lastRunAt: now, runningSince: 0,
    } satisfies StoredStatus });
  });
  return currentStatus(db, now);
}

/** Checks a database URL and credentials without starting anything (the Sync… dialog's "Test connection"). */
export async function checkSync(ctx: Context, input: StartSyncInput): Promise<SyncCheck> {
  return checkDatabase(ctx.fetchServer, input.url, input.username, input.password);
}

/** "Keep every original on this device", while the library syncs. */
export async function changeSyncSettings(ctx: Context, input: SyncSettingsInput): Promise<SyncStatus> {
  const { db } = await ctx.library();
  const settings = await readSettings(db);
  if (!settings) throw conflict('keepOriginals: this library does not sync (sync/start first).');
  await writeSettings(db, { ...settings, keepOriginals: input.keepOriginals }, settings.keepOriginals);
  return currentStatus(db, ctx.clock());
}

/** Turning "keep every original" on reads the files database's change feed from its start again. */
async function writeSettings(db: LibraryDb, settings: SyncSettings, keptBefore: boolean | undefined): Promise<void> {
  await db.transaction('rw', db.state, async () => {
    await db.state.put({ key: SYNC_SETTINGS_KEY, value: settings });
    if (settings.keepOriginals && !keptBefore) await forgetSince(db);
  });
}

/** Local data stays; the replica and its checkpoints stay too, so a later start resumes. */
export async function stopSync(ctx: Context): Promise<true> {
  const { db } = await ctx.library();
  await db.transaction('rw', db.state, async () => {
    await forgetSync(db);
    // Edits made while it does not sync are not marked: a later start compares everything.
    await forgetDirtySet(db);
    await forgetFileCandidates(db);
  });
  return true;
}

/** Waits until the server has documents this device has not pulled (sync/watch; the open app holds one). */
export async function watchSync(ctx: Context, input: WatchSyncInput): Promise<{ changed: boolean }> {
  const { db } = await ctx.library();
  try {
    return { changed: await watchServer(db, ctx.fetchServer, input.timeout) };
  } catch {
    // The server is away or refuses: the page loop's cycles say so in the status.
    throw new ApiError('UNAVAILABLE', 'The sync server did not answer a watch of its changes; the next cycle tells why (sync/status).');
  }
}

/** Runs one cycle (the open app calls this every second or so) and answers the status after it. */
export async function runSync(ctx: Context): Promise<SyncStatus> {
  const library = await ctx.library();
  await runCycle(library, { loadPouch: ctx.loadPouch, fetchServer: ctx.fetchServer, now: ctx.clock });
  return currentStatus(library.db, ctx.clock());
}
