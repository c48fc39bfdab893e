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
import type { OpenLibrary } from '../storage/open-library';
import { writeTransaction } from '../storage/write';
import { applyDocuments, type IncomingDocument } from './apply-documents';
import { foldersBreakingCycles } from './folder-cycles';
import { mergeBodies, sameBody, type SyncBody } from './merge';
import type { Pouch, PouchDocument } from './pouch';
import { kindOf, libraryDocuments, MERGE_SPECS } from './sync-documents';
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

async function readSteps(library: OpenLibrary): Promise<Map<string, string>> {
  const rows = await library.db.state.where('key').startsWith(STEP_PREFIX).toArray();
  return new Map(rows.map((row) => [row.key.slice(STEP_PREFIX.length), String(row.value)]));
}

async function bodyAt(local: Pouch, id: string, rev: string): Promise<SyncBody | undefined> {
  try {
    return bodyOf(await local.get(id, { rev }));
  } catch {
    return undefined; // compacted away: merge as if there were no common ancestor
  }
}

export async function reconcile(library: OpenLibrary, local: Pouch, now: () => number): Promise<ReconcileResult> {
  const mine = await libraryDocuments(library.db);
  const replica = new Map<string, PouchDocument>();
  for (const row of (await local.allDocs({ include_docs: true })).rows) if (row.doc) replica.set(row.id, row.doc);
  const steps = await readSteps(library);
  const stepWrites = new Map<string, string | undefined>();
  const incoming: { document: IncomingDocument; expected: SyncBody | undefined }[] = [];
  let written = 0;

  const writeReplica = async (id: string, body: SyncBody | undefined, current: PouchDocument | undefined): Promise<void> => {
    const rev = current?._rev;
    const answer = body ? await local.put({ ...body, _id: id, ...(rev ? { _rev: rev } : {}) }) : await local.put({ _id: id, _rev: rev!, _deleted: true });
    stepWrites.set(id, answer.rev);
    written += 1;
  };

  for (const id of new Set([...mine.keys(), ...replica.keys(), ...steps.keys()])) {
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
      if (ours || current) await writeReplica(id, ours, current);
      continue;
    }
    if (step !== undefined && sameBody(base, ours)) {
      incoming.push({ document: { id, body: theirs }, expected: ours });
      stepWrites.set(id, current?._rev);
      continue;
    }
    // Both sides changed (or never agreed): merge; an edit outlives a removal on the other side.
    const merged = ours && theirs ? mergeBodies(base, ours, theirs, MERGE_SPECS[kind]) : (ours ?? theirs);
    if (!sameBody(merged, theirs)) await writeReplica(id, merged, current);
    else stepWrites.set(id, current?._rev);
    if (!sameBody(merged, ours)) incoming.push({ document: { id, body: merged }, expected: ours });
  }

  if (incoming.length === 0 && stepWrites.size === 0) return { written, applied: 0 };
  let applied = 0;
  await writeTransaction(library, now(), async () => {
    // Only what no request changed since it was read; the rest waits for the next cycle.
    const fresh = await libraryDocuments(library.db);
    const safe = incoming.filter(({ document, expected }) => sameBody(fresh.get(document.id), expected));
    for (const { document } of incoming) if (!safe.some((entry) => entry.document === document)) stepWrites.delete(document.id);
    await applyDocuments(library.db, library.pipeline.observers, safe.map((entry) => entry.document), now());
    applied = safe.length;
    if (safe.some((entry) => kindOf(entry.document.id) === 'folder')) await breakFolderCycles(library);
    for (const [id, rev] of stepWrites) {
      if (rev) await library.db.state.put({ key: STEP_PREFIX + id, value: rev });
      else await library.db.state.delete(STEP_PREFIX + id);
    }
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
