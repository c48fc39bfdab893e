/**
 * `sync/watch`: waits, up to WATCH_MS, until the server's database has a change past where this
 * device's last pull stopped (`sync-remote-seq`, written by each cycle), by one long-poll of its
 * change feed (`_changes?feed=longpoll`). The open app holds one such request while it syncs and
 * runs a cycle as soon as it answers `changed`, so an edit made on another device arrives without
 * waiting for the loop's period (src/app/sync/sync-loop.ts). The worker stays alive while it
 * answers a request; nothing is kept in memory.
 */
import type { LibraryDb } from '../storage/library-db';
import { basicAuth, type FetchServer } from './probe-server';
import { readSettings, STEP_PREFIX } from './sync-state';

export const REMOTE_SEQ_KEY = 'sync-remote-seq';

/** Below the 30 s after which an idle worker would be stopped, and any proxy's patience. */
export const WATCH_MS = 25_000;

export async function rememberRemoteSeq(db: LibraryDb, seq: number | string | undefined): Promise<void> {
  if (seq !== undefined) await db.state.put({ key: REMOTE_SEQ_KEY, value: seq });
}

/**
 * Whether the server had a change past the last pull that this device lacks (false: none within
 * `waitMs`, or nothing to watch). A change whose revision is already the document's step is this
 * device's own push (or one it already has): the watch moves past it and goes on waiting, so a
 * device's own edits do not wake it for a cycle with nothing to pull.
 */
export async function watchServer(db: LibraryDb, fetchServer: FetchServer, waitMs = WATCH_MS): Promise<boolean> {
  const settings = await readSettings(db);
  let since = (await db.state.get(REMOTE_SEQ_KEY))?.value as number | string | undefined;
  if (!settings || since === undefined) return false;
  const headers = { Accept: 'application/json', ...basicAuth(settings.username, settings.password) };
  const until = Date.now() + waitMs;
  // CouchDB ends the long-poll at `timeout`; pouchdb-server 4.2 ignores it, so the request is also cut here.
  const cut = new AbortController();
  const timer = setTimeout(() => cut.abort(), waitMs);
  try {
    while (Date.now() < until) {
      const query = new URLSearchParams({ feed: 'longpoll', limit: '50', timeout: String(Math.max(0, until - Date.now())), since: String(since) });
      const answer = await fetchServer(`${settings.url}/_changes?${query}`, { headers, credentials: 'omit', cache: 'no-store', signal: cut.signal });
      if (!answer.ok) throw Object.assign(new Error(`The server answered HTTP ${answer.status} to a watch of its changes.`), { status: answer.status });
      const { results = [], last_seq: last } = (await answer.json()) as { results?: { id: string; changes: { rev: string }[] }[]; last_seq?: number | string };
      if (results.length === 0) return false;
      const steps = await db.state.bulkGet(results.map((change) => STEP_PREFIX + change.id));
      if (results.some((change, at) => steps[at]?.value !== change.changes[0]?.rev)) return true;
      since = last ?? since;
      await rememberRemoteSeq(db, since);
    }
    return false;
  } catch (error) {
    if (cut.signal.aborted) return false;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
