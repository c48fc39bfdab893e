/**
 * Which items a smart folder holds. Index answers (plan.ts) narrow the candidates; rows are read
 * only when some rule has no exact index answer, and then only the candidates' rows. Trashed items
 * never match; a child smart folder matches only within its parent's matches.
 */
import { notFound } from '../http/errors';
import { listBatch } from '../postings/list-batch';
import { readAllItemKeys, readTrashedKeys } from '../postings/postings-store';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, SmartFolderRow } from '../storage/rows';
import { combineGroups, compileRule, type RuleSubject } from './evaluate';
import { lookupFor, type IndexAnswer } from './plan';
import { includes, type Conditions } from './rules';
import { ascendingUnique, inKeySet, intersectKeySets, type KeySet } from '../postings/key-sets';

const ROW_BATCH = 1000;

/** The tables a match reads, for callers that open their own read transaction. */
export const matchTables = (db: LibraryDb) => [db.items, db.postings, db.smartFolders, db.folders, db.comments];

/**
 * Keys (ascending) of the non-trashed items matching `conditions`, among `within` when given.
 * Callable directly (benchmarks, item/get); runs in the caller's transaction if there is one.
 */
export async function matchConditions(db: LibraryDb, conditions: Conditions, now: number, within?: readonly string[]): Promise<string[]> {
  // Every rule asks for its lists first; the batch then reads them together (a 30x30 folder's lists once each, in one pass per kind).
  const batch = listBatch(db);
  const asked = Promise.all(conditions.map((group) => Promise.all(group.rules.map((rule) => lookupFor(rule, now)?.(db, batch.read)))));
  asked.catch(() => {}); // a failing rule fails the match below, not as an unhandled rejection meanwhile
  await batch.flush();
  const answers = await asked;
  const trashed = await readTrashedKeys(db);
  const narrowed = narrowings(conditions, answers);
  if (within) narrowed.push([within]);
  const candidates = narrowed.length ? intersectKeySets(narrowed) : null;

  const exact = (g: number, i: number) => (answers[g]![i]?.exact ? answers[g]![i] : undefined);
  const residual = conditions.flatMap((group, g) => group.rules.filter((_, i) => !exact(g, i)));
  const test = combineGroups<RuleSubject>(conditions, (rule, g, i) => {
    const answer = exact(g, i);
    if (!answer) return compileRule(rule, now);
    return answer.negated ? (s) => !inKeySet(answer.keys, s.row.pk) : (s) => inKeySet(answer.keys, s.row.pk);
  });

  if (residual.length === 0) {
    const keys = candidates ?? (await readAllItemKeys(db));
    const bare = (pk: string): RuleSubject => ({ row: { pk } as ItemRow, folderNames: [], comments: [] });
    return keys.filter((pk) => !trashed.has(pk) && test(bare(pk)));
  }
  const subjects = subjectReader(db, residual.some((r) => r.property === 'folderName'), residual.some((r) => r.property === 'comments'));
  const kept: string[] = [];
  await forEachRowBatch(db, candidates, async (rows) => {
    for (const subject of await subjects(rows.filter((row) => !trashed.has(row.pk)))) if (test(subject)) kept.push(subject.row.pk);
  });
  return kept;
}

/**
 * The sets the matches must lie in: in a TRUE AND group, each positive answer; in a TRUE OR group,
 * the union of its answers when every rule has a positive one.
 */
function narrowings(conditions: Conditions, answers: (IndexAnswer | undefined)[][]): KeySet[] {
  const sets: KeySet[] = [];
  conditions.forEach((group, g) => {
    if (!includes(group)) return;
    const positive = answers[g]!.filter((a): a is IndexAnswer => a !== undefined && !a.negated).map((a) => a.keys);
    if (group.match !== 'OR') sets.push(...positive);
    if (group.match === 'OR' && positive.length === group.rules.length) sets.push(positive.flat());
  });
  return sets;
}

/** Hands the rows of `pks`, or of every item in key order, to `use` a batch at a time. */
async function forEachRowBatch(db: LibraryDb, pks: readonly string[] | null, use: (rows: ItemRow[]) => Promise<void>): Promise<void> {
  if (pks) {
    for (let at = 0; at < pks.length; at += ROW_BATCH) {
      await use((await db.items.bulkGet(pks.slice(at, at + ROW_BATCH))).filter((row): row is ItemRow => row !== undefined));
    }
    return;
  }
  for (let after = ''; ; ) {
    const rows = await db.items.where(':id').above(after).limit(ROW_BATCH).toArray();
    if (rows.length === 0) return;
    await use(rows);
    after = rows[rows.length - 1]!.pk;
  }
}

/** Adds folder names and comment texts to rows, reading them only when a rule needs them. */
function subjectReader(db: LibraryDb, needsFolderNames: boolean, needsComments: boolean) {
  let folderNames: Promise<Map<string, string>> | undefined;
  return async (rows: ItemRow[]): Promise<RuleSubject[]> => {
    const names = needsFolderNames ? await (folderNames ??= db.folders.toArray().then((all) => new Map(all.map((f) => [f.id, f.name])))) : undefined;
    const comments = new Map<string, string[]>();
    if (needsComments && rows.length) {
      for (const c of await db.comments.where('itemId').anyOf(rows.map((r) => r.id)).toArray()) {
        comments.set(c.itemId, [...(comments.get(c.itemId) ?? []), c.annotation]);
      }
    }
    return rows.map((row) => ({
      row,
      folderNames: names ? row.folders.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) : [],
      comments: comments.get(row.id) ?? [],
    }));
  };
}

/** Matches smart folders by id within their ancestors, remembering each folder's answer. */
export class SmartFolderMatcher {
  private readonly memo = new Map<string, Promise<string[]>>();

  constructor(
    private readonly db: LibraryDb,
    private readonly rows: ReadonlyMap<string, SmartFolderRow>,
    private readonly now: number,
  ) {}

  static async open(db: LibraryDb, now: number): Promise<SmartFolderMatcher> {
    return new SmartFolderMatcher(db, new Map((await db.smartFolders.toArray()).map((row) => [row.id, row])), now);
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  matches(id: string, seen: ReadonlySet<string> = new Set()): Promise<string[]> {
    let known = this.memo.get(id);
    if (!known) {
      known = this.compute(id, seen);
      this.memo.set(id, known);
    }
    return known;
  }

  private async compute(id: string, seen: ReadonlySet<string>): Promise<string[]> {
    const row = this.rows.get(id);
    if (!row) throw notFound(`No smart folder with id "${id}".`);
    const parent = row.parent !== null && this.rows.has(row.parent) && !seen.has(row.parent) ? row.parent : undefined;
    const within = parent ? await this.matches(parent, new Set([...seen, id])) : undefined;
    return matchConditions(this.db, row.conditions as Conditions, this.now, within);
  }
}

/**
 * Keys (ascending) of the non-trashed items matching ANY of the smart folders `ids` (the
 * `smartFolders` filter of item/get). Unknown ids are 404.
 */
export async function matchSmartFolders(db: LibraryDb, ids: readonly string[], now: number): Promise<string[]> {
  return db.transaction('r', matchTables(db), async () => {
    const matcher = await SmartFolderMatcher.open(db, now);
    const unknown = ids.find((id) => !matcher.has(id));
    if (unknown !== undefined) throw notFound(`No smart folder with id "${unknown}" (field smartFolders).`);
    return ascendingUnique((await Promise.all([...new Set(ids)].map((id) => matcher.matches(id)))).flat());
  });
}
