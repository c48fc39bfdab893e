/**
 * A write sent with an `Idempotency-Key` header is carried out once. Chromium dispatches a fetch
 * again to a restarted worker when the worker stopped while handling it, so a write that committed
 * just before the stop would be written twice; a client that retries after a lost answer would do
 * the same. The key's record is written in the write's own transaction (`markKeyedWrite`), so the
 * record exists exactly when the write does; the answer joins it once made (`storeKeyedAnswer`).
 *
 * Records sit in the `state` table under `request:<hour>:<key>` and live one to two hours: a lookup
 * reads this hour's and the last hour's, and storing an answer drops the hours before those.
 */
import { conflict, invalid } from '../http/errors';
import type { LibraryDb } from './library-db';

export const REQUEST_KEY_HEADER = 'Idempotency-Key';
const PREFIX = 'request:';
const HOUR = 3_600_000;
/** Visible ASCII, as a header value a client makes (a UUID, a hash, a counter) is. */
const KEY_SHAPE = /^[\x21-\x7e]{1,128}$/;

/**
 * A keyed write in flight. `wrote`: a transaction of it has committed (its record exists).
 * `fingerprint`: its method, path and input, hashed: a key stands for one request.
 */
export interface KeyedRequest {
  key: string;
  hour: number;
  wrote: boolean;
  fingerprint?: string;
}

/** The answer kept with a key, replayed to a request that repeats it. */
export interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

interface RequestRecord {
  answer?: StoredAnswer;
  /** The first request's (records kept before fingerprints have none). */
  fingerprint?: string;
}

/** The request's key, if it has one; a malformed one is refused, naming the header. */
export function keyedRequest(request: Request, now: number): KeyedRequest | undefined {
  const key = request.headers.get(REQUEST_KEY_HEADER);
  if (key === null) return undefined;
  if (!KEY_SHAPE.test(key)) throw invalid(`${REQUEST_KEY_HEADER} header: 1 to 128 visible ASCII characters (a UUID, say), not "${key.slice(0, 40)}".`);
  return { key, hour: Math.floor(now / HOUR), wrote: false };
}

/**
 * SHA-256 of the method, path and input as read. An upload's file is not hashed (its input is its
 * query): a repeat is the same request, and a file may be gigabytes.
 */
export async function requestFingerprint(method: string, path: string, input: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(`${method} ${path}\n${JSON.stringify(input)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The request's key with the request it stands for (its method, path and input), if it has a key. */
export async function keyedWithFingerprint(request: Request, input: unknown, now: number): Promise<KeyedRequest | undefined> {
  const key = keyedRequest(request, now);
  return key && { ...key, fingerprint: await requestFingerprint(request.method, new URL(request.url).pathname, input) };
}

const recordKey = (key: string, hour: number) => `${PREFIX}${String(hour).padStart(10, '0')}:${key}`;

/** The key's record from this hour or the last, if a write under it committed. */
export async function findKeyedRecord(db: LibraryDb, keyed: KeyedRequest): Promise<RequestRecord | undefined> {
  const [now, before] = await db.state.bulkGet([recordKey(keyed.key, keyed.hour), recordKey(keyed.key, keyed.hour - 1)]);
  return (now ?? before)?.value as RequestRecord | undefined;
}

/**
 * Inside the write's transaction: refuses a key another request already wrote under (two sent at
 * once, or a repeat that slipped past the lookup), then records it.
 */
export async function markKeyedWrite(db: LibraryDb, keyed: KeyedRequest): Promise<void> {
  if (keyed.wrote) return;
  if (await findKeyedRecord(db, keyed)) throw alreadyWritten(keyed.key);
  await db.state.put({ key: recordKey(keyed.key, keyed.hour), value: { ...fingerprintOf(keyed) } satisfies RequestRecord });
}

/**
 * Keeps the answer of a keyed write with its record, and drops the records of past hours. Its
 * transaction is begun, not awaited: it is queued before the answer leaves, so a repeat (sent after
 * that) reads it, and waiting for its commit cost each small write about 3 ms (15 to 25 ms writes).
 */
export async function storeKeyedAnswer(db: LibraryDb, keyed: KeyedRequest, response: Response): Promise<void> {
  const type = response.headers.get('Content-Type') ?? '';
  // Only an envelope is kept; a request that repeats a write that answered a file gets the 409.
  if (!keyed.wrote || !type.includes('json')) return;
  const answer: StoredAnswer = { status: response.status, type, body: await response.clone().text() };
  void db
    .transaction('rw', db.state, async () => {
      await db.state.put({ key: recordKey(keyed.key, keyed.hour), value: { answer, ...fingerprintOf(keyed) } satisfies RequestRecord });
      await db.state.where('key').between(PREFIX, recordKey('', keyed.hour - 1)).delete();
    })
    .catch(() => undefined); // unkept, a repeat gets the 409 instead
}

const fingerprintOf = (keyed: KeyedRequest) => (keyed.fingerprint ? { fingerprint: keyed.fingerprint } : {});

/**
 * What a repeated keyed write answers: the first one's answer, or a 409 when it was lost, or when
 * the key came with another request (a reused counter, say) that must not get the first's answer.
 */
export function replayAnswer(record: RequestRecord, keyed: KeyedRequest): Response {
  const { key } = keyed;
  if (record.fingerprint && keyed.fingerprint && record.fingerprint !== keyed.fingerprint) throw keySentWithAnother(key);
  if (!record.answer) throw alreadyWritten(key);
  const { status, type, body } = record.answer;
  return new Response(body, { status, headers: { 'Content-Type': type, 'Idempotent-Replayed': 'true' } });
}

/** The 409 for a key that stands for another request (a reused counter, say). */
export function keySentWithAnother(key: string) {
  return conflict(`${REQUEST_KEY_HEADER} header: key "${key}" was sent within the last two hours with another request (another route or input), which it stands for. Send this one under a new key.`);
}

function alreadyWritten(key: string) {
  return conflict(
    `${REQUEST_KEY_HEADER} header: a write sent with key "${key}" has already changed the library, and its answer was lost (the service worker stopped) or is not made yet. Check the library before sending the write again under a new key.`,
  );
}
