/**
 * Brings the library (Dexie, what the API reads) and its local PouchDB replica into step, document
 * by document, against the revision they last agreed on (the step, ./sync-state.ts):
 * - equal: only the step moves;
 * - the replica still holds the step: a local edit, written to the replica as a new revision;
 * - the library still matches the step: a change that came in, written to the library;
 * - both changed: merged (./merge.ts) and written to both.
 * Replica writes come first; the library writes and the new steps then commit in one transaction,
 * which skips any document a request changed meanwhile (the next cycle takes it up).
 */
import { forgetCounts } from '../storage/forget-counts';
import type { OpenLibrary } from '../storage/open-library';
import { writeTransaction } from '../storage/write';
import { applyDocuments, type IncomingDocument } from './apply-documents';
import { foldersBreakingCycles } from './folder-cycles';
import { mergeBodies, sameBody, type SyncBody } from './merge';
import type { Pouch, PouchDocument } from './pouch';
import { markNothingIn } from './dirty-items';
import { commitDirtySet, readDirtySet } from './dirty-set';
import { documentsOf, kindOf, libraryDocuments, MERGE_SPECS } from './sync-documents';
import { STEP_PREFIX } from './sync-state';

export interface ReconcileResult {
  /** Documents written to the replica (local edits and merges). */
  written: number;
  /** Documents written to the library. */
  applied: number;
}

export const bodyOf = (document: PouchDocument | undefined): SyncBody | undefined => {
  if (!document || document._deleted) return undefined;
  const { _id, _rev, _conflicts, _revisions, _deleted, ...body } = document;
  return body;
};

/** The steps of the documents named, or of every document. */
async function readSteps(library: OpenLibrary, ids: readonly string[] | undefined): Promise<Map<string, string>> {
  if (!ids) {
    const rows = await library.db.state.where('key').startsWith(STEP_PREFIX).toArray();
    return new Map(rows.map((row) => [row.key.slice(STEP_PREFIX.length), String(row.value)]));
  }
  const rows = await library.db.state.bulkGet(ids.map((id) => STEP_PREFIX + id));
  return new Map(rows.flatMap((row) => (row ? [[row.key.slice(STEP_PREFIX.length), String(row.value)] as const] : [])));
}

async function bodyAt(local: Pouch, id: string, rev: string): Promise<SyncBody | undefined> {
  try {
    return bodyOf(await local.get(id, { rev }));
  } catch {
    return undefined; // compacted away: merge as if there were no common ancestor
  }
}

/**
 * The replica's live documents: every one, or the items named and every document of the small
 * kinds. Items the change feed brought along are taken from it; the rest are read by id, or, when
 * they are many, by one pass over every item document (PouchDB reads each key on its own).
 */
async function replicaDocuments(local: Pouch, itemDocIds: readonly string[] | undefined, known: ReadonlyMap<string, PouchDocument>): Promise<Map<string, PouchDocument>> {
  const replica = new Map<string, PouchDocument>();
  const keep = (rows: { id: string; doc?: PouchDocument | null }[]) => {
    for (const row of rows) if (row.doc) replica.set(row.id, row.doc);
  };
  if (!itemDocIds) {
    keep((await local.allDocs({ include_docs: true })).rows);
    return replica;
  }
  // Document ids sort `comment:` < `folder:` < `item:` < `settings` < `smartFolder:` < `tagGroup:`.
  keep((await local.allDocs({ include_docs: true, endkey: 'item:', inclusive_end: false })).rows);
  keep((await local.allDocs({ include_docs: true, startkey: 'item:\uffff' })).rows);
  const unread = itemDocIds.filter((id) => !known.has(id));
  for (const id of itemDocIds) if (known.has(id)) replica.set(id, known.get(id)!);
  if (unread.length > BY_ID_AT_MOST) {
    const wanted = new Set(unread);
    keep((await local.allDocs({ include_docs: true, startkey: 'item:', endkey: 'item:\uffff' })).rows.filter((row) => wanted.has(row.id)));
  } else if (unread.length) keep((await local.allDocs({ include_docs: true, keys: unread })).rows);
  return replica;
}

/** Item documents read from the replica one by one at most; more are read in one pass over all. */
const BY_ID_AT_MOST = 200;

/** Documents per bulkDocs request to the replica. */
const REPLICA_BATCH = 1000;

interface ReplicaWrite {
  id: string;
  document: Record<string, unknown>;
}

export async function reconcile(library: OpenLibrary, local: Pouch, now: () => number): Promise<ReconcileResult> {
  const dirty = await readDirtySet(library.db, local);
  const itemDocIds = dirty.full ? undefined : [...dirty.itemIds];
  const mine = itemDocIds ? await documentsOf(library.db, itemDocIds) : await libraryDocuments(library.db);
  const replica = await replicaDocuments(local, itemDocIds, dirty.changedDocs);
  const ids = [...new Set([...mine.keys(), ...replica.keys(), ...(itemDocIds ?? [])])];
  const steps = await readSteps(library, dirty.full ? undefined : ids);
  const stepWrites = new Map<string, string | undefined>();
  const incoming: { document: IncomingDocument; expected: SyncBody | undefined }[] = [];
  const replicaWrites: ReplicaWrite[] = [];
  /** Documents to look at again next cycle (their replica write met a newer revision). */
  const kept = new Set<string>();

  const writeReplica = (id: string, body: SyncBody | undefined, current: PouchDocument | undefined): void => {
    const rev = current?._rev;
    replicaWrites.push({ id, document: body ? { ...body, _id: id, ...(rev ? { _rev: rev } : {}) } : { _id: id, _rev: rev!, _deleted: true } });
  };

  for (const id of new Set([...ids, ...(dirty.full ? steps.keys() : [])])) {
    const kind = kindOf(id);
    if (!kind) continue;
    const ours = mine.get(id);
    const current = replica.get(id);
    const theirs = bodyOf(current);
    const step = steps.get(id);
    if (sameBody(ours, theirs)) {
      if (step !== current?._rev) stepWrites.set(id, current?._rev);
      continue;
    }
    if (!ours && !current && !step) continue;
    const replicaAtStep = step !== undefined && step === current?._rev;
    const base = step === undefined ? undefined : replicaAtStep ? theirs : await bodyAt(local, id, step);
    if (replicaAtStep) {
      if (ours || current) writeReplica(id, ours, current);
      continue;
    }
    if (step !== undefined && sameBody(base, ours)) {
      incoming.push({ document: { id, body: theirs }, expected: ours });
      stepWrites.set(id, current?._rev);
      continue;
    }
    // Both sides changed (or never agreed): merge; an edit outlives a removal on the other side.
    const merged = ours && theirs ? mergeBodies(base, ours, theirs, MERGE_SPECS[kind]) : (ours ?? theirs);
    if (!sameBody(merged, theirs)) writeReplica(id, merged, current);
    else stepWrites.set(id, current?._rev);
    if (!sameBody(merged, ours)) incoming.push({ document: { id, body: merged }, expected: ours });
  }

  // Local edits and merges into the replica, a batch per request; one that meets a newer revision
  // (a replication writing meanwhile) is left, with what it would have brought in, for next time.
  let written = 0;
  for (let at = 0; at < replicaWrites.length; at += REPLICA_BATCH) {
    const batch = replicaWrites.slice(at, at + REPLICA_BATCH);
    const answers = await local.bulkDocs(batch.map((write) => write.document));
    batch.forEach(({ id }, index) => {
      const answer = answers[index];
      if (answer && 'rev' in answer && !('error' in answer)) {
        stepWrites.set(id, answer.rev);
        written += 1;
      } else kept.add(id);
    });
  }
  const wanted = incoming.filter(({ document }) => !kept.has(document.id));

  if (wanted.length === 0 && stepWrites.size === 0) {
    if (dirty.marks.size === 0 && dirty.seq === dirty.since) return { written, applied: 0 };
    await library.db.transaction('rw', library.db.state, () => commitDirtySet(library.db, dirty, kept));
    return { written, applied: 0 };
  }
  let applied = 0;
  await writeTransaction(library, now(), async () => {
    markNothingIn(); // what it writes, the library and the replica agree on
    // Only what no request changed since it was read; the rest waits for the next cycle.
    const fresh = await documentsOf(library.db, wanted.map(({ document }) => document.id).filter((id) => kindOf(id) === 'item'));
    const safe = wanted.filter(({ document, expected }) => sameBody(fresh.get(document.id), expected));
    const safeIds = new Set(safe.map(({ document }) => document.id));
    for (const { document } of wanted) if (!safeIds.has(document.id)) stepWrites.delete(document.id);
    await applyDocuments(library.db, library.pipeline.observers, safe.map((entry) => entry.document), now());
    applied = safe.length;
    if (safe.some((entry) => kindOf(entry.document.id) === 'folder')) await breakFolderCycles(library);
    if (safe.some((entry) => kindOf(entry.document.id) === 'smartFolder')) await breakSmartFolderCycles(library);
    const puts = [...stepWrites].flatMap(([id, rev]) => (rev ? [{ key: STEP_PREFIX + id, value: rev }] : []));
    const deletes = [...stepWrites].flatMap(([id, rev]) => (rev ? [] : [STEP_PREFIX + id]));
    if (puts.length) await library.db.state.bulkPut(puts);
    if (deletes.length) await library.db.state.bulkDelete(deletes);
    await commitDirtySet(library.db, dirty, kept);
  });
  return { written, applied };
}

/**
 * Folder moves merged from two devices may close a cycle. Every device breaks it the same way
 * (./folder-cycles.ts), keeping the folder's modificationTime, so they all write the same document.
 */
async function breakFolderCycles(library: OpenLibrary): Promise<void> {
  const folders = await library.db.folders.toArray();
  for (const id of foldersBreakingCycles(folders)) await library.db.folders.update(id, { parent: null });
}

/**
 * The same for smart folders: in a loop none has a root, so every list (smartFolder/get,
 * library/info) leaves them all out. The one moved to the root counts within other rules now.
 */
async function breakSmartFolderCycles(library: OpenLibrary): Promise<void> {
  const moved = foldersBreakingCycles(await library.db.smartFolders.toArray());
  for (const id of moved) await library.db.smartFolders.update(id, { parent: null });
  await forgetCounts(library.db, moved);
}
