/**
 * The page loop's wake sources (in the app, a second `/events` stream: src/app/sync/sync-wake.ts)
 * listen only while the library syncs (src/app/sync/sync-loop.ts): a library that does not sync
 * opens none, and its edits cost no `sync/status` read; sync/start makes them listen, sync/stop and
 * a switch to a library that does not sync end them. Against a real pouchdb-server
 * (../sync/couch-server.ts); the wake source here is the core's own change feed, which is what the
 * app's stream reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoosePort as ApiPort } from '../loose-client';
import { startSyncLoop, type WakeSource } from '../../src/app/sync/sync-loop';
import { SyncStatusStore } from '../../src/app/sync/sync-status-store';
import { startCouchServer, type CouchServer } from '../sync/couch-server';
import { loadNodePouch } from '../sync/node-pouch';
import { apiPort, call, makeApi, newLibrary } from './helpers';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(async () => server?.dispose());

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
async function until(done: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !done(); await sleep(20)) if (Date.now() - started > 20_000) throw new Error(`not within 20 s: ${what}`);
}

describe('the page sync loop listens for wake-ups only while the library syncs', () => {
  it('opens no wake source for a library without sync, listens once sync starts, and stops on sync/stop and on a switch', async () => {
    const api = makeApi({ loadPouch: loadNodePouch });
    const post = async (path: string, body: Record<string, unknown> = {}) => {
      const answer = await call(api, 'POST', path, body);
      if (answer.httpStatus !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.data;
    };
    const port = apiPort(() => api, () => '');
    let statusReads = 0;
    const counted: ApiPort = {
      get: (path, query) => {
        if (path === '/sync/status') statusReads += 1;
        return port.get(path, query);
      },
      post: (path, body) => port.post(path, body),
    };
    let listening = 0;
    let heard = 0;
    const changeFeed: WakeSource = (wake) => {
      listening += 1;
      const unsubscribe = api.changes.subscribe(() => {
        heard += 1;
        wake();
      });
      return () => {
        listening -= 1;
        unsubscribe();
      };
    };
    const store = new SyncStatusStore();
    // The idle pause is longer than the test: every status read below is one the loop was woken for.
    const stop = startSyncLoop(counted, { periodMs: 100, retryMs: 500, idleMs: 600_000, debounceMs: 10, store, wakeOn: [changeFeed], watchServer: false });
    try {
      await until(() => store.status?.state === 'off', 'the first status read');
      expect(listening).toBe(0);
      const readsBefore = statusReads;
      await post('/item/add', { name: 'local', bookmarkURL: 'https://example.com/local' });
      await post('/item/add', { name: 'local 2', bookmarkURL: 'https://example.com/local-2' });
      // A listening source would have woken the loop 10 ms after each edit; give it ample time.
      await sleep(500);
      expect(statusReads).toBe(readsBefore);
      expect(heard).toBe(0);

      await post('/sync/start', { url: `${server.origin}/listens-${process.pid}` });
      store.wakeUp(); // as the Sync… dialog does
      await until(() => store.status?.state === 'idle', 'a first cycle');
      expect(listening).toBe(1);
      await post('/item/add', { name: 'synced', bookmarkURL: 'https://example.com/synced' });
      await until(() => heard > 0, 'the edit heard by the wake source');
      await until(() => store.status?.state === 'idle' && store.status.pending === 0 && store.status.pushed > 0, 'the edit pushed');

      await post('/sync/stop');
      store.wakeUp();
      await until(() => store.status?.state === 'off', 'the stop read');
      expect(listening).toBe(0);

      // Syncing again, then a switch to a library that does not sync: the shell wakes the loop on a switch.
      await post('/sync/start', { url: `${server.origin}/listens-${process.pid}` });
      store.wakeUp();
      await until(() => listening === 1, 'listening again');
      await post('/library/switch', { libraryPath: await newLibrary(api) });
      store.wakeUp();
      await until(() => store.status?.state === 'off', 'the new library\'s status');
      expect(listening).toBe(0);
    } finally {
      stop();
    }
    expect(listening).toBe(0);
  }, 60_000);
});
