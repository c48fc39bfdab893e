/**
 * The second CouchDB database of a syncing library, `<database>-files`: one document per file,
 * `thumbnail:<item id>` or `original:<item id>`, holding the bytes as its one attachment `file`.
 * Metadata replication never touches it, so no item waits for bytes, and each device reads the
 * files it wants by id (docs/decisions/sync.md "Files on demand"). The worker talks to it with
 * plain requests (no second PouchDB replica, which would hold every byte twice on the device):
 * - upload: `PUT <files>/<doc id>` with the attachment inline (base64), the request a CouchDB
 *   replication would make, so the server's size limits answer 413 for it as they would there;
 * - download: `GET <files>/<doc id>/file?rev=…`, the raw bytes of a known revision;
 * - what arrived since last time: `GET <files>/_changes?since=…`, with each document's revision
 *   (a later one than this device holds is a file replaced elsewhere);
 * - a replaced file goes up over the current revision; a removed item's files are deleted.
 */
import type { RemoteFileKind } from '../storage/remote-files';
import { basicAuth, checkDatabase, type FetchServer } from './probe-server';
import type { SyncSettings } from './sync-state';

export const filesDatabaseUrl = (url: string): string => `${url}-files`;

export const fileDocId = (kind: RemoteFileKind, itemId: string): string => `${kind}:${itemId}`;

export function parseFileDocId(id: string): { kind: RemoteFileKind; itemId: string } | undefined {
  const at = id.indexOf(':');
  const kind = id.slice(0, at);
  return kind === 'thumbnail' || kind === 'original' ? { kind, itemId: id.slice(at + 1) } : undefined;
}

/** A failed request, shaped as PouchDB's errors are (sync-cycle.ts `describeFailure` reads it). */
export class FilesServerError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'FilesServerError';
  }
}

/** The files database is missing and these credentials may not create it: said as it is. */
export class FilesDatabaseMissing extends Error {
  override readonly name = 'FilesDatabaseMissing';
}

export class FilesDatabase {
  private readonly base: string;
  constructor(
    private readonly fetchServer: FetchServer,
    private readonly settings: Pick<SyncSettings, 'url' | 'username' | 'password'>,
  ) {
    this.base = filesDatabaseUrl(settings.url);
  }

  private request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = { Accept: 'application/json', ...basicAuth(this.settings.username, this.settings.password), ...(init.headers as Record<string, string> | undefined) };
    return this.fetchServer(`${this.base}${path}`, { ...init, headers, credentials: 'omit', cache: 'no-store' });
  }

  /**
   * Creates the database when missing (sync/start does, for the first device). Credentials the
   * server says may not create databases (a member, not an admin) are not sent to try: the error
   * says who must create it. (pouchdb-server 4.2 even crashes on a non-admin's create.)
   */
  async create(): Promise<void> {
    const { user, database } = await checkDatabase(this.fetchServer, this.base, this.settings.username, this.settings.password);
    if (database.exists) return;
    if (database.canCreate === false) {
      throw new FilesDatabaseMissing(`Files do not sync: the database ${database.name} does not exist and ${user ?? 'this user'} may not create it; a server admin must create it once (PUT ${this.base}).`);
    }
    const answer = await this.request('', { method: 'PUT' });
    if (!answer.ok && answer.status !== 412) throw await failure(answer, 'create the files database');
  }

  /**
   * Uploads one file: `stored` (with the new revision of its document), `present` (the server has
   * it already: another device sent it first), or `too-large` (the server's limits refused it, HTTP
   * 413). `replace`: a file replaced on this device goes over the server's revision, whatever it is.
   */
  async upload(kind: RemoteFileKind, itemId: string, blob: Blob, replace = false): Promise<{ outcome: 'stored' | 'present' | 'too-large'; rev?: string }> {
    const body = JSON.stringify({ item: itemId, kind, size: blob.size, _attachments: { file: { content_type: blob.type || 'application/octet-stream', data: await base64Of(blob) } } });
    const put = async () => {
      const rev = replace ? await this.revision(kind, itemId) : undefined;
      const query = rev ? `?rev=${encodeURIComponent(rev)}` : '';
      return this.request(`/${encodeURIComponent(fileDocId(kind, itemId))}${query}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
    };
    let answer = await put();
    if (answer.status === 404) {
      await this.create();
      answer = await put();
    }
    if (answer.ok) return { outcome: 'stored', rev: ((await answer.json()) as { rev?: string }).rev };
    if (answer.status === 409) return { outcome: 'present' };
    if (answer.status === 413) return { outcome: 'too-large' };
    throw await failure(answer, `upload the ${kind} of item ${itemId}`);
  }

  /** The current revision of a file's document, undefined when there is none (or it was deleted). */
  async revision(kind: RemoteFileKind, itemId: string): Promise<string | undefined> {
    const answer = await this.request(`/${encodeURIComponent(fileDocId(kind, itemId))}`);
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw await failure(answer, `read the ${kind} of item ${itemId}`);
    return ((await answer.json()) as { _rev: string })._rev;
  }

  /**
   * The file's bytes at revision `rev` (its current one when not given: asked for first), or
   * undefined when the server does not have it (yet).
   */
  async download(kind: RemoteFileKind, itemId: string, type: string, rev?: string): Promise<{ blob: Blob; rev: string } | undefined> {
    const at = rev ?? (await this.revision(kind, itemId));
    if (!at) return undefined;
    const answer = await this.request(`/${encodeURIComponent(fileDocId(kind, itemId))}/file?rev=${encodeURIComponent(at)}`, { headers: { Accept: '*/*' } });
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw await failure(answer, `download the ${kind} of item ${itemId}`);
    const blob = await answer.blob();
    return { blob: type && blob.type !== type ? new Blob([blob], { type }) : blob, rev: at };
  }

  /** Deletes a file's document (an item removed everywhere); done when it is not there. */
  async remove(kind: RemoteFileKind, itemId: string): Promise<void> {
    const rev = await this.revision(kind, itemId);
    if (!rev) return;
    const answer = await this.request(`/${encodeURIComponent(fileDocId(kind, itemId))}?rev=${encodeURIComponent(rev)}`, { method: 'DELETE' });
    if (!answer.ok && answer.status !== 404) throw await failure(answer, `delete the ${kind} of item ${itemId}`);
  }

  /** File documents written since `since` (a sequence the server gave), oldest first, each with its revision. */
  async changes(since: string, limit: number): Promise<{ results: { id: string; seq: string; rev: string; deleted?: boolean }[]; lastSeq: string }> {
    const answer = await this.request(`/_changes?since=${encodeURIComponent(since)}&limit=${limit}`);
    if (answer.status === 404) return { results: [], lastSeq: since };
    if (!answer.ok) throw await failure(answer, 'read the changes of the files database');
    const body = (await answer.json()) as { results: { id: string; seq: unknown; changes: { rev: string }[]; deleted?: boolean }[]; last_seq: unknown };
    return {
      results: body.results.map(({ id, seq, changes, deleted }) => ({ id, seq: String(seq), rev: changes[0]?.rev ?? '', ...(deleted ? { deleted } : {}) })),
      lastSeq: String(body.last_seq),
    };
  }
}

async function failure(answer: Response, doing: string): Promise<FilesServerError> {
  const body = (await answer.json().catch(() => ({}))) as { reason?: string; error?: string };
  return new FilesServerError(answer.status, `Could not ${doing}: ${body.reason ?? body.error ?? answer.statusText}`);
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(start, start + 0x8000)));
  return btoa(parts.join(''));
}
