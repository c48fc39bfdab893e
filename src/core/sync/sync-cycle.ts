/**
 * One sync cycle of a library: local edits into its PouchDB replica, a one-shot two-way
 * replication with the server (PouchDB keeps the checkpoints, so it resumes where it stopped,
 * never from zero), conflicts merged, and what came in written to the library; then, once the
 * metadata went through, a bounded files step (./files-cycle.ts). Cycles are short
 * and driven from outside (the open app calls sync/run), because the browser stops an idle
 * service worker at any time: live replication inside one stalls (docs/decisions/sync.md).
 */
import type { OpenLibrary } from '../storage/open-library';
import { DEFAULT_FILE_BUDGET, syncFiles, type FileBudget } from './files-cycle';
import { FilesDatabaseMissing } from './files-database';
import type { FetchServer } from './probe-server';
import type { Pouch, PouchConstructor } from './pouch';
import { reconcile } from './reconcile';
import { claimReplica, replicaOf } from './replica';
import { rememberRemoteSeq } from './watch-server';
import { resolveConflicts } from './resolve-conflicts';
import { isStorageFull, STORAGE_FULL_MESSAGE } from './storage-full';
import { cyclesRunningHere as running, readSettings, readStoredStatus, writeStatus, type StoredStatus, type SyncSettings, type SyncStateName } from './sync-state';

export const replicaName = (library: OpenLibrary): string => replicaOf(library.db.name);

export interface CycleDeps {
  loadPouch: () => Promise<PouchConstructor>;
  /** Requests to the files database (./files-database.ts). */
  fetchServer: FetchServer;
  now: () => number;
  fileBudget?: FileBudget;
}

/** The metadata step, then (only once it succeeded) the files step. */
export async function runCycle(library: OpenLibrary, deps: CycleDeps): Promise<void> {
  const { now } = deps;
  const settings = await readSettings(library.db);
  const before = await readStoredStatus(library.db);
  if (!settings || !before || running.has(library.db.name)) return;
  running.add(library.db.name);
  const started = now();
  await writeStatus(library.db, { ...before, lastRunAt: started, runningSince: started });
  try {
    const metadata = await runMetadataStep(library, settings, before, deps);
    const counted = (await readStoredStatus(library.db)) ?? before;
    await writeStatus(library.db, {
      ...counted,
      pushed: counted.pushed + metadata.pushed,
      pulled: counted.pulled + metadata.pulled,
      pending: metadata.pending,
      conflictsMerged: counted.conflictsMerged + metadata.merged,
      lastSyncedAt: now(),
      firstPull: null,
    });
    // Files only after the metadata went through: no item waits for bytes.
    const files = await syncFiles(library.db, settings, deps.fetchServer, deps.fileBudget ?? DEFAULT_FILE_BUDGET);
    const current = (await readStoredStatus(library.db)) ?? before;
    // Ended now: a page drove it until now, however long it ran (no `waiting` right after a long pull).
    await writeStatus(library.db, { ...current, state: 'idle', error: null, fileErrors: files.fileErrors, lastRunAt: now(), runningSince: 0 });
  } catch (error) {
    const current = (await readStoredStatus(library.db).catch(() => undefined)) ?? before;
    const { state, message } = describeFailure(error, settings);
    await writeStatus(library.db, { ...current, state, error: message, lastRunAt: now(), runningSince: 0 } satisfies StoredStatus).catch(() => {});
  } finally {
    running.delete(library.db.name);
  }
}

/** Reconcile, replicate, merge conflicts, reconcile again; the status counts are written by the caller. */
async function runMetadataStep(library: OpenLibrary, settings: SyncSettings, before: StoredStatus, { loadPouch, now }: CycleDeps): Promise<{ pushed: number; pulled: number; pending: number; merged: number }> {
  let local: Pouch | undefined;
  let remote: Pouch | undefined;
  try {
    const PouchDB = await loadPouch();
    await claimReplica(library.db, PouchDB);
    local = new PouchDB(replicaName(library));
    remote = new PouchDB(settings.url, { skip_setup: true, ...(settings.username ? { auth: { username: settings.username, password: settings.password } } : {}) });
    await reconcile(library, local, now);
    const replicated = await replicate(library, local, remote, before, now);
    await rememberRemoteSeq(library.db, replicated.pull.last_seq);
    const merged = await resolveConflicts(local, library.db);
    const after = await reconcile(library, local, now);
    return { pushed: replicated.push.docs_written, pulled: replicated.pull.docs_written, pending: after.written, merged };
  } finally {
    await Promise.all([local?.close(), remote?.close()].map((closing) => closing?.catch(() => {})));
  }
}

/** Documents pulled between two applies to the library while a pull runs. */
const APPLY_EVERY = 1000;

/**
 * `local.sync(remote)`. What a pull brings is written to the library as it arrives, every
 * APPLY_EVERY documents (a reconcile of what arrived since the last: one pipeline run per batch),
 * so a first pull fills the grid as it goes; the cycle's last reconcile takes the rest.
 * Until a first cycle completes (a fresh device bringing a library in), the status tells how far
 * the pull got: documents in the replica of the server database's `doc_count` (a GET of the
 * database), updated after each batch. When the pull ends both hold the same documents, so the
 * two counts meet.
 */
async function replicate(library: OpenLibrary, local: Pouch, remote: Pouch, before: StoredStatus, now: () => number) {
  const first = before.lastSyncedAt === null;
  const [{ doc_count: total }, { doc_count: start }] = first ? await Promise.all([remote.info(), local.info()]) : [{ doc_count: 0 }, { doc_count: 0 }];
  let writing = Promise.resolve();
  const tell = (received: number) => {
    writing = writing.then(async () => {
      const current = await readStoredStatus(library.db);
      if (current?.runningSince) await writeStatus(library.db, { ...current, firstPull: { received: Math.min(received, total), total } });
    });
  };
  if (first) tell(start);
  const replication = local.sync(remote, { batch_size: 200 });
  // One apply at a time; its failure fails the cycle once the replication has ended.
  let applying: Promise<unknown> = Promise.resolve();
  let [appliedUpTo, queued] = [0, false];
  replication.on('change', ({ direction, change }) => {
    if (direction !== 'pull') return;
    if (first) tell(start + change.docs_written);
    if (queued || change.docs_written - appliedUpTo < APPLY_EVERY) return;
    queued = true;
    appliedUpTo = change.docs_written;
    applying = applying.then(() => {
      queued = false;
      return reconcile(library, local, now);
    });
    applying.catch(() => {}); // handled below, once the replication has ended
  });
  try {
    const result = await replication;
    await applying;
    return result;
  } finally {
    await Promise.all([writing.catch(() => {}), applying.catch(() => {})]);
  }
}

/** What a failed cycle tells: the cause, never the password. */
export function describeFailure(error: unknown, settings: SyncSettings): { state: SyncStateName; message: string } {
  const failure = (error ?? {}) as { status?: number; name?: string; message?: string; reason?: string };
  const origin = new URL(settings.url).origin;
  if (error instanceof FilesDatabaseMissing) return { state: 'error', message: error.message };
  if (failure.status === 401 || failure.status === 403) return { state: 'error', message: `The server refused the user name or password (HTTP ${failure.status}).` };
  if (isStorageFull(error)) return { state: 'error', message: STORAGE_FULL_MESSAGE };
  if (!failure.status || failure.name === 'TypeError' || /fetch|network/i.test(failure.message ?? '')) {
    return { state: 'offline', message: `The server at ${origin} did not answer; sync resumes when it does.` };
  }
  const text = `${failure.reason ?? failure.message ?? failure.name ?? 'unknown error'} (HTTP ${failure.status})`;
  return { state: 'error', message: settings.password ? text.split(settings.password).join('***') : text };
}
