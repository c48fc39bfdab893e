/**
 * sync/check (the Sync… dialog's "Test connection") against a real pouchdb-server on loopback
 * (../sync/couch-server.ts): what the server is, whether the database exists or these credentials
 * may create it, the same errors as sync/start, and nothing written or started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../sync/couch-server';
import { loadNodePouch } from '../sync/node-pouch';
import { call, makeApi } from './helpers';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
  // A user who is not a server admin (the server itself runs without admins: "admin party").
  const created = await fetch(`${server.origin}/_users/org.couchdb.user:alice`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'alice', password: 'alice-pw', roles: [], type: 'user' }),
  });
  expect(created.status).toBe(201);
}, 60_000);
afterAll(async () => server?.dispose());

const exists = async (url: string) => (await fetch(url)).status === 200;

describe('sync/check', () => {
  it('tells what the server is and whether the database exists, without creating it or starting sync', async () => {
    const api = makeApi({ loadPouch: loadNodePouch });
    const missing = `${server.origin}/check-missing-${process.pid}`;
    const answer = await call(api, 'POST', '/sync/check', { url: missing });
    expect(answer).toMatchObject({ httpStatus: 200 });
    expect(answer.data).toEqual({
      url: missing,
      server: 'PouchDB Server',
      version: '4.2.0',
      user: null,
      database: { name: `check-missing-${process.pid}`, exists: false, documents: null, canCreate: true },
    });
    expect(await exists(missing)).toBe(false);
    expect((await call(api, 'GET', '/sync/status')).data).toMatchObject({ state: 'off' });

    const full = `${server.origin}/check-full-${process.pid}`;
    await fetch(full, { method: 'PUT' });
    await fetch(`${full}/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ docs: [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }] }) });
    expect((await call(api, 'POST', '/sync/check', { url: `${full}/`, username: 'alice', password: 'alice-pw' })).data).toEqual({
      url: full,
      server: 'PouchDB Server',
      version: '4.2.0',
      user: 'alice',
      database: { name: `check-full-${process.pid}`, exists: true, documents: 3, canCreate: null },
    });
    // alice is no server admin: she may not create a database.
    expect((await call(api, 'POST', '/sync/check', { url: missing, username: 'alice', password: 'alice-pw' })).data).toMatchObject({
      user: 'alice',
      database: { exists: false, canCreate: false },
    });
  }, 60_000);

  it('answers the errors sync/start answers, naming the field, and never repeats the password', async () => {
    const api = makeApi({ loadPouch: loadNodePouch });
    const url = `${server.origin}/check-errors-${process.pid}`;
    const wrong = await call(api, 'POST', '/sync/check', { url, username: 'alice', password: 'not-her-pw' });
    expect(wrong).toMatchObject({ httpStatus: 400, body: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^password: the server refused the user name or password \(HTTP 401\)/) } });
    expect(JSON.stringify(wrong.body)).not.toContain('not-her-pw');
    expect(await call(api, 'POST', '/sync/check', { url: 'http://127.0.0.1:9/photos' })).toMatchObject({
      httpStatus: 503,
      body: { code: 'UNAVAILABLE', message: expect.stringMatching(/^url: the server at http:\/\/127\.0\.0\.1:9 did not answer/) },
    });
    expect(await call(api, 'POST', '/sync/check', { url: `${server.origin}/_utils/x/Upper` })).toMatchObject({ httpStatus: 400, body: { message: expect.stringMatching(/url/) } });
    expect(await call(api, 'POST', '/sync/check', {})).toMatchObject({ httpStatus: 400, body: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/url/) } });
    expect((await call(api, 'GET', '/sync/status')).data).toMatchObject({ state: 'off' });
  }, 60_000);
});
