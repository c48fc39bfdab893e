/**
 * Two devices that edited one document offline leave two branches in its revision tree; CouchDB
 * picks the same winner everywhere, and the other edit would be lost. Each conflicting branch is
 * merged into the winner against their common ancestor (./merge.ts) and then deleted, so the
 * document has one branch again. Two devices doing this at once make equal documents, whose
 * conflict the next cycle ends the same way.
 */
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

/** Returns how many conflicting branches were merged. */
export async function resolveConflicts(local: Pouch): Promise<number> {
  let merged = 0;
  const { rows } = await local.allDocs({ include_docs: true, conflicts: true });
  for (const row of rows) {
    const kind = kindOf(row.id);
    if (!row.doc?._conflicts?.length || !kind) continue;
    let winner = await local.get(row.id, { revs: true });
    for (const rev of row.doc._conflicts) {
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
  return merged;
}
