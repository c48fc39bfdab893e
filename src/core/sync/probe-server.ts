/**
 * Before a library starts syncing, its database URL is checked as CouchDB clients do: the server
 * root answers CouchDB's welcome (CouchDB: `{"couchdb":"Welcome","version":"3.3.3"}`;
 * pouchdb-server: `{"express-pouchdb":"Welcome!","version":"4.2.0"}`), then the database answers,
 * or is created when missing and the credentials allow it (the first device). `checkDatabase`
 * (sync/check, the dialog's "Test connection") asks the same and writes nothing: for a missing
 * database it reads `_session` to tell whether these credentials may create it (a server admin).
 * Each failure is an error naming its cause; none repeats the password.
 */
import { ApiError, invalid } from '../http/errors';
import { decodeText } from '../http/uri-text';

export type FetchServer = (url: string, init: RequestInit) => Promise<Response>;

/** What sync/check answers. */
export interface SyncCheck {
  /** The database URL, without credentials. */
  url: string;
  /** `CouchDB` or `PouchDB Server` (from the welcome). */
  server: string;
  version: string | null;
  /** The user the server knows the credentials as; null without credentials. */
  user: string | null;
  database: {
    name: string;
    exists: boolean;
    /** Its `doc_count` when it exists. */
    documents: number | null;
    /** For a missing database: whether these credentials may create it (null: the server did not say). */
    canCreate: boolean | null;
  };
}

export const basicAuth = (username: string, password: string): Record<string, string> =>
  username ? { Authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}` } : {};

const refused = (status: number) => invalid(`password: the server refused the user name or password (HTTP ${status}).`);

async function ask(fetchServer: FetchServer, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchServer(url, { ...init, credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new ApiError('UNAVAILABLE', `url: the server at ${new URL(url).origin} did not answer (unreachable, or it does not allow this site's origin by CORS).`);
  }
}

async function jsonOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body = (await response.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const serverRoot = (url: string): string => new URL('./', `${url}/`).href.replace(/[^/]+\/$/, '');

interface Inspection {
  server: string;
  version: string | null;
  /** The database's info (`doc_count`, ...), undefined when it does not exist. */
  info: Record<string, unknown> | undefined;
}

/** The welcome and the database, read (no writes); refusals and non-CouchDB answers throw. */
async function inspect(fetchServer: FetchServer, url: string, headers: Record<string, string>): Promise<Inspection> {
  const root = serverRoot(url);
  const welcome = await ask(fetchServer, root, { headers });
  if (welcome.status === 401 || welcome.status === 403) throw refused(welcome.status);
  const greeting = await jsonOf(welcome);
  if (!welcome.ok || !greeting || !('couchdb' in greeting || 'express-pouchdb' in greeting)) {
    throw invalid(`url: ${root} is not a CouchDB server (no CouchDB welcome at its root).`);
  }
  const server = 'couchdb' in greeting ? 'CouchDB' : 'PouchDB Server';
  const version = typeof greeting.version === 'string' ? greeting.version : null;
  const database = await ask(fetchServer, url, { headers });
  if (database.status === 401 || database.status === 403) throw refused(database.status);
  if (database.status === 404) return { server, version, info: undefined };
  const info = await jsonOf(database);
  if (!database.ok || !info || !('db_name' in info)) throw invalid(`url: ${url} is not a CouchDB database (HTTP ${database.status}).`);
  return { server, version, info };
}

export async function probeDatabase(fetchServer: FetchServer, url: string, username: string, password: string): Promise<void> {
  const headers = { Accept: 'application/json', ...basicAuth(username, password) };
  const { info } = await inspect(fetchServer, url, headers);
  if (info) return;
  const created = await ask(fetchServer, url, { method: 'PUT', headers });
  if (created.status === 401 || created.status === 403) throw invalid(`url: the database does not exist and these credentials may not create it (HTTP ${created.status}).`);
  if (!created.ok && created.status !== 412) throw invalid(`url: the server could not create the database (HTTP ${created.status}).`);
}

/** sync/check: what the server is and whether the database exists or may be created; nothing written. */
export async function checkDatabase(fetchServer: FetchServer, url: string, username: string, password: string): Promise<SyncCheck> {
  const headers = { Accept: 'application/json', ...basicAuth(username, password) };
  const { server, version, info } = await inspect(fetchServer, url, headers);
  const session = await jsonOf(await ask(fetchServer, `${serverRoot(url)}_session`, { headers }));
  const userContext = session?.userCtx as { name?: unknown; roles?: unknown } | undefined;
  const user = typeof userContext?.name === 'string' ? userContext.name : null;
  const roles = Array.isArray(userContext?.roles) ? userContext.roles : undefined;
  const name = decodeText(new URL(url).pathname.replace(/\/+$/, '').split('/').at(-1) ?? '');
  const documents = typeof info?.doc_count === 'number' ? info.doc_count : null;
  return { url, server, version, user, database: { name, exists: Boolean(info), documents, canCreate: info || !roles ? null : roles.includes('_admin') } };
}
