/**
 * The second cold-start floor (bench only): a worker that only opens the library's database with
 * Dexie (named by the request's `db` parameter, its schema read from the database) and reads one
 * item row. Its cold start is Chromium's plus Dexie's set-up and one IndexedDB open and read.
 */
import Dexie from 'dexie';
import { jsonResponse, serveFloor } from './serve-floor';

/** Database name → its connection, opened on first use (no version declared: Dexie reads the schema). */
const connections = new Map<string, Promise<Dexie>>();
const connect = (name: string) => {
  let db = connections.get(name);
  if (!db) connections.set(name, (db = new Dexie(name).open()));
  return db;
};

serveFloor(async (request) => {
  const name = new URL(request.url).searchParams.get('db');
  if (!name) return new Response('The db parameter names the database to read.', { status: 400 });
  const db = await connect(name);
  const row = (await db.table('items').toCollection().first()) as { id?: string } | undefined;
  return jsonResponse({ status: 'success', data: { id: row?.id ?? null } });
});
