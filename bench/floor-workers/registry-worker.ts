/**
 * The third cold-start floor (bench only): a worker that only opens the database a cold app/info
 * reads, the API's library registry (named by the request's `db` parameter), with the raw IndexedDB
 * API and reads its one record. Its cold start is Chromium's plus one IndexedDB open and one get:
 * the least a first answer that checks the library its request names can cost, with no library
 * code at all (neither Dexie, nor idb-keyval, nor ours).
 */
import { jsonResponse, serveFloor } from './serve-floor';

/** The registry's object store and key (src/core/storage/registry.ts). */
const STORE = 'keyval';
const KEY = 'registry';

const settled = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Database name → its connection, opened on first use. */
const connections = new Map<string, Promise<IDBDatabase>>();

serveFloor(async (request) => {
  const name = new URL(request.url).searchParams.get('db');
  if (!name) return new Response('The db parameter names the database to read.', { status: 400 });
  let db = connections.get(name);
  if (!db) connections.set(name, (db = settled(indexedDB.open(name))));
  const record = (await settled((await db).transaction(STORE, 'readonly').objectStore(STORE).get(KEY))) as { libraries?: object } | undefined;
  return jsonResponse({ status: 'success', data: { libraries: Object.keys(record?.libraries ?? {}).length } });
});
