/**
 * Two devices that edited one document offline leave two branches in its revision tree; CouchDB
 * picks the same winner everywhere, and the other edit would be lost. Each conflicting branch is
 * merged into the winner against their common ancestor (./merge.ts) and then deleted, so the
 * document has one branch again. Two devices doing this at once make equal documents, whose
 * conflict the next cycle ends the same way.
 * Only documents the replica's change feed shows since the last look can have a new branch (a pull
 * writes one): the feed is read from a checkpoint of its own (`sync-conflicts-seq`, moved once
 * every branch found is merged, so a stopped worker looks again), listing each document's leaves.
 */
import type { LibraryDb } from '../storage/library-db';
import { mergeBodies, type SyncBody } from './merge';
import type { Pouch, PouchDocument } from './pouch';
import { bodyOf } from './reconcile';
import { kindOf, MERGE_SPECS } from './sync-documents';

const revsOf = (document: PouchDocument): string[] => {
  const { start, ids } = document._revisions ?? { start: 0, ids: [] };
  return ids.map((id, index) => `${start - index}-${id}`);
};

async function commonAncestor(local: Pouch, winner: PouchDocument, loser: PouchDocument): Promise<SyncBody | undefined> {
  const loserRevs = new Set(revsOf(loser));
  const shared = revsOf(winner).find((rev) => loserRevs.has(rev));
  if (!shared) return undefined;
  try {
    return bodyOf(await local.get(winner._id, { rev: shared }));
  } catch {
    return undefined;
  }
}

export const CONFLICTS_SEQ_KEY = 'sync-conflicts-seq';

/** Returns how many conflicting branches were merged. */
export async function resolveConflicts(local: Pouch, db: LibraryDb): Promise<number> {
  let merged = 0;
  const since = (await db.state.get(CONFLICTS_SEQ_KEY))?.value as number | string | undefined;
  const { results, last_seq } = await local.changes({ since: since ?? 0, style: 'all_docs' });
  for (const change of results) {
    const kind = kindOf(change.id);
    // Fewer than two leaves: no branch. A removed document (every leaf deleted) has none to merge.
    if (change.changes.length < 2 || !kind) continue;
    const current = await local.get(change.id, { conflicts: true }).catch(() => undefined);
    if (!current?._conflicts?.length) continue;
    const row = { id: change.id };
    let winner = await local.get(row.id, { revs: true });
    for (const rev of current._conflicts) {
      const loser = await local.get(row.id, { rev, revs: true });
      const base = await commonAncestor(local, winner, loser);
      const body = mergeBodies(base, bodyOf(winner)!, bodyOf(loser)!, MERGE_SPECS[kind]);
      const answers = await local.bulkDocs([
        { ...body, _id: row.id, _rev: winner._rev },
        { _id: row.id, _rev: loser._rev, _deleted: true },
      ]);
      const failed = answers.find((answer) => 'error' in answer);
      if (failed) throw new Error(`Merging the conflict of ${row.id} failed: ${'message' in failed ? failed.message : 'unknown'}.`);
      merged += 1;
      winner = await local.get(row.id, { revs: true });
    }
  }
  if (last_seq !== since) await db.state.put({ key: CONFLICTS_SEQ_KEY, value: last_seq });
  return merged;
}
