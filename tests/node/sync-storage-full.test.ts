/**
 * A full device during sync (issue 26 point 7; the browser case: tests/e2e/small-quota.test.ts):
 * the error is recognised in the shapes Dexie and PouchDB give it, the status says so, and a
 * status that cannot be stored while nothing fits is still answered.
 */
import { describe, expect, it } from 'vitest';
import type { LibraryDb } from '../../src/core/storage/library-db';
import { describeFailure } from '../../src/core/sync/sync-cycle';
import { isStorageFull } from '../../src/core/sync/storage-full';
import { readStoredStatus, writeStatus, type StoredStatus } from '../../src/core/sync/sync-state';

const settings = { url: 'http://127.0.0.1:5984/photos', username: 'ann', password: 'secret', startedAt: 0 };
const quota = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('sync on a full device', () => {
  it.each([
    ['Dexie', quota()],
    ['Dexie, inside an abort', Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner: quota() })],
    ['PouchDB', { status: 500, name: 'indexed_db_went_bad', message: 'unknown', reason: 'QuotaExceededError' }],
  ])('recognises the %s error and names the cause', (_, error) => {
    expect(isStorageFull(error)).toBe(true);
    expect(describeFailure(error, settings)).toEqual({ state: 'error', message: expect.stringMatching(/^This device's storage is full: .*resumes once space is freed/) });
  });

  it('is not fooled by other errors', () => {
    expect(isStorageFull({ status: 500, name: 'indexed_db_went_bad', reason: 'VersionError' })).toBe(false);
    expect(isStorageFull(new TypeError('Failed to fetch'))).toBe(false);
    expect(describeFailure({ status: 401, name: 'unauthorized' }, settings).message).toMatch(/refused the user name or password/);
  });

  it('answers a status that could not be stored while nothing fits, and the stored one again once there is room', async () => {
    let full = true;
    let stored: unknown;
    const db = {
      name: 'full-library',
      state: {
        put: async (row: { value: unknown }) => {
          if (full) throw quota();
          stored = row.value;
        },
        get: async () => (stored === undefined ? undefined : { key: 'sync-status', value: stored }),
      },
    } as unknown as LibraryDb;
    const status = (state: StoredStatus['state'], error: string | null): StoredStatus => ({
      state, url: settings.url, pushed: 0, pulled: 0, pending: 0, conflictsMerged: 0, lastSyncedAt: null, error, firstPull: null, lastRunAt: 1, runningSince: 0,
    });
    await writeStatus(db, status('error', 'full'));
    expect(await readStoredStatus(db)).toMatchObject({ state: 'error', error: 'full' });
    full = false;
    await writeStatus(db, status('idle', null));
    expect(await readStoredStatus(db)).toMatchObject({ state: 'idle', error: null });
    // Any other failure to store is not hidden.
    await expect(writeStatus({ name: 'x', state: { put: async () => Promise.reject(new Error('disk gone')) } } as unknown as LibraryDb, status('idle', null))).rejects.toThrow('disk gone');
  });
});
