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
  // One whose password holds what reads as a malformed %-escape in a URL.
  const percy = await fetch(`${server.origin}/_users/org.couchdb.user:percy`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'percy', password: '100%zz-sure', roles: [], type: 'user' }),
  });
  expect(percy.status).toBe(201);
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

  it('tells a member who may not create the files database that an admin must, while the metadata syncs (and never tries)', async () => {
    const api = makeApi({ loadPouch: loadNodePouch });
    const url = `${server.origin}/member-${process.pid}`;
    expect((await fetch(url, { method: 'PUT' })).status).toBe(201); // the admin made the library's database, not its files database
    await call(api, 'POST', '/item/add', { name: 'notes', ext: 'txt', base64: Buffer.from('hello').toString('base64') });
    expect(await call(api, 'POST', '/sync/start', { url, username: 'alice', password: 'alice-pw' })).toMatchObject({ httpStatus: 200 });
    const after = (await call<{ state: string; error: string; pushed: number }>(api, 'POST', '/sync/run')).data;
    expect(after.pushed).toBeGreaterThan(0);
    expect(after).toMatchObject({ state: 'error', error: `Files do not sync: the database member-${process.pid}-files does not exist and alice may not create it; a server admin must create it once (PUT ${url}-files).` });
    // The server is still up (pouchdb-server 4.2 crashes when a non-admin asks it to create a database).
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
    // Once the admin made it, files go up.
    expect((await fetch(`${url}-files`, { method: 'PUT' })).status).toBe(201);
    expect((await call(api, 'POST', '/sync/run')).data).toMatchObject({ state: 'idle', error: null });
    const files = (await (await fetch(`${url}-files/_all_docs`)).json()) as { rows: { id: string }[] };
    expect(files.rows.map((row) => row.id)).toEqual([expect.stringMatching(/^original:/)]);
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
    // A malformed %-escape: in the database's name a 400 naming url, in a password the password as written (never a 500).
    for (const route of ['/sync/check', '/sync/start']) {
      expect(await call(api, 'POST', route, { url: `${server.origin}/photos%zz` })).toMatchObject({ httpStatus: 400, body: { message: expect.stringMatching(/^url: /) } });
    }
    const escaped = await call(api, 'POST', '/sync/check', { url: url.replace('://', '://percy:100%zz-sure@') });
    expect(escaped).toMatchObject({ httpStatus: 200, data: { user: 'percy' } });
    expect((await call(api, 'GET', '/sync/status')).data).toMatchObject({ state: 'off' });
  }, 60_000);
});
