/** The status bar's words for a library's sync (src/app/sync/sync-summary.ts). */
import { describe, expect, it } from 'vitest';
import { syncSummary } from '../../src/app/sync/sync-summary';
import type { SyncStatus } from '../../src/app/api-types';

const url = 'http://127.0.0.1:5984/photos';
const status = (change: Partial<SyncStatus>): SyncStatus => ({
  state: 'idle', url, pushed: 0, pulled: 0, pending: 0, conflictsMerged: 0, lastSyncedAt: null, error: null, keepOriginals: false, fileErrors: [], firstPull: null, ...change,
});

describe('syncSummary', () => {
  it('says nothing for a library that does not sync', () => {
    expect(syncSummary(null)).toBeNull();
    expect(syncSummary(status({ state: 'off', url: null }))).toBeNull();
  });

  it('says synced, syncing N, the first pull, offline and the server\'s error', () => {
    expect(syncSummary(status({}))).toMatchObject({ tone: 'ok', text: 'Synced', detail: `Syncing with ${url}` });
    expect(syncSummary(status({ state: 'waiting' }))).toMatchObject({ tone: 'ok', text: 'Synced' });
    expect(syncSummary(status({ pending: 3 }))).toMatchObject({ tone: 'busy', text: 'Syncing 3' });
    expect(syncSummary(status({ state: 'active' }))).toMatchObject({ tone: 'busy', text: 'Syncing…' });
    expect(syncSummary(status({ state: 'connecting' }))).toMatchObject({ tone: 'busy', text: 'Syncing…' });
    expect(syncSummary(status({ state: 'active', firstPull: { received: 1200, total: 10000 } }))).toMatchObject({ tone: 'busy', text: 'Bringing in 1,200 of 10,000' });
    expect(syncSummary(status({ state: 'active', firstPull: { received: 10000, total: 10000 } }))).toMatchObject({ text: 'Syncing…' });
    expect(syncSummary(status({ state: 'offline', error: 'The server at http://127.0.0.1:5984 did not answer; sync resumes when it does.' }))).toEqual({
      tone: 'offline',
      text: 'Offline',
      detail: 'The server at http://127.0.0.1:5984 did not answer; sync resumes when it does. Retrying.',
    });
    expect(syncSummary(status({ state: 'error', error: 'The server refused the user name or password (HTTP 401).' }))).toMatchObject({
      tone: 'error',
      text: 'Sync error: The server refused the user name or password (HTTP 401).',
    });
  });
});
