/**
 * Before a library starts syncing, its database URL is checked as CouchDB clients do: the server
 * root answers CouchDB's welcome (CouchDB: `{"couchdb":"Welcome"}`; pouchdb-server:
 * `{"express-pouchdb":"Welcome!"}`), then the database answers, or is created when missing and
 * the credentials allow it (the first device). Each failure is an error naming its cause; none
 * repeats the password.
 */
import { ApiError, invalid } from '../http/errors';

export type FetchServer = (url: string, init: RequestInit) => Promise<Response>;

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

export async function probeDatabase(fetchServer: FetchServer, url: string, username: string, password: string): Promise<void> {
  const headers = { Accept: 'application/json', ...basicAuth(username, password) };
  const root = new URL('./', `${url}/`).href.replace(/[^/]+\/$/, '');
  const welcome = await ask(fetchServer, root, { headers });
  if (welcome.status === 401 || welcome.status === 403) throw refused(welcome.status);
  const greeting = await jsonOf(welcome);
  if (!welcome.ok || !greeting || !('couchdb' in greeting || 'express-pouchdb' in greeting)) {
    throw invalid(`url: ${root} is not a CouchDB server (no CouchDB welcome at its root).`);
  }
  const database = await ask(fetchServer, url, { headers });
  if (database.status === 401 || database.status === 403) throw refused(database.status);
  if (database.status === 404) {
    const created = await ask(fetchServer, url, { method: 'PUT', headers });
    if (created.status === 401 || created.status === 403) throw invalid(`url: the database does not exist and these credentials may not create it (HTTP ${created.status}).`);
    if (!created.ok && created.status !== 412) throw invalid(`url: the server could not create the database (HTTP ${created.status}).`);
    return;
  }
  const info = await jsonOf(database);
  if (!database.ok || !info || !('db_name' in info)) throw invalid(`url: ${url} is not a CouchDB database (HTTP ${database.status}).`);
}
