/**
 * Which items a smart folder holds. Index answers (plan.ts), those worth reading (narrow.ts),
 * narrow the candidates; rows are read only when some rule has no exact index answer read, and
 * then only the candidates' rows. Trashed items never match; a child smart folder matches only
 * within its parent's matches.
 */
import Dexie from 'dexie';
import { notFound } from '../http/errors';
import { readAllItemKeys, readTrashedKeys } from '../postings/postings-store';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, SmartFolderRow } from '../storage/rows';
import { combineGroups, compileRule, type RuleSubject, type Test } from './evaluate';
import { readAnswers, type Answers, type Narrowing } from './narrow';
import type { IndexAnswer } from './plan';
import { includes, type Conditions, type Rule } from './rules';
import { ascendingUnique, inKeySet, intersectKeySets, type KeySet } from '../postings/key-sets';

const ROW_BATCH = 1000;

/** The tables a match reads, for callers that open their own read transaction. */
export const matchTables = (db: LibraryDb) => [db.items, db.postings, db.smartFolders, db.folders, db.comments];

/**
 * Keys (ascending) of the non-trashed items matching `conditions`, among `within` when given.
 * Callable directly (benchmarks, item/get); runs in the caller's transaction if there is one.
 * `tuning` weighs index reads against row tests (narrow.ts); the answer never depends on it.
 */
export async function matchConditions(db: LibraryDb, conditions: Conditions, now: number, within?: readonly string[], tuning?: Narrowing): Promise<string[]> {
  const answers = await readAnswers(db, conditions, now, within, tuning);
  const trashed = await readTrashedKeys(db);
  const narrowed = narrowings(conditions, answers);
  if (within) narrowed.push([within]);
  const candidates = narrowed.length ? intersectKeySets(narrowed) : null;

  const { test, residual } = answeredTest(conditions, answers, now);

  if (residual.length === 0) {
    const keys = candidates ?? (await readAllItemKeys(db));
    const bare = (pk: string): RuleSubject => ({ row: { pk } as ItemRow, folderNames: [], comments: [] });
    return keys.filter((pk) => !trashed.has(pk) && test(bare(pk)));
  }
  const subjects = subjectReader(db, residual.some((r) => r.property === 'folderName'), residual.some((r) => r.property === 'comments'));
  const kept: string[] = [];
  const keep = (batch: readonly RuleSubject[]) => {
    for (const subject of batch) if (test(subject)) kept.push(subject.row.pk);
  };
  await forEachRowBatch(db, candidates, (rows) => {
    const batch = subjects(rows.filter((row) => !trashed.has(row.pk)));
    return Array.isArray(batch) ? keep(batch) : (batch as PromiseLike<RuleSubject[]>).then(keep);
  });
  return kept;
}

/** The conditions' test, each rule decided by its exact index answer, else by the evaluator (`residual`: those rules). */
export function answeredTest(conditions: Conditions, answers: Answers, now: number): { test: Test<RuleSubject>; residual: Rule[] } {
  const exact = (g: number, i: number) => (answers[g]![i]?.exact ? answers[g]![i] : undefined);
  const residual = conditions.flatMap((group, g) => group.rules.filter((_, i) => !exact(g, i)));
  const test = combineGroups<RuleSubject>(conditions, (rule, g, i) => {
    const answer = exact(g, i);
    if (!answer) return compileRule(rule, now);
    return answer.negated ? (s) => !inKeySet(answer.keys, s.row.pk) : (s) => inKeySet(answer.keys, s.row.pk);
  });
  return { test, residual };
}

/**
 * The sets the matches must lie in: in a TRUE AND group, each positive answer; in a TRUE OR group,
 * the union of its answers when every rule has a positive one.
 */
export function narrowings(conditions: Conditions, answers: Answers): KeySet[] {
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
async function forEachRowBatch(db: LibraryDb, pks: readonly string[] | null, use: (rows: ItemRow[]) => void | PromiseLike<void>): Promise<void> {
  // Awaits only what `use` reads: an await of a settled promise in a transaction can lose it (narrow.ts).
  if (pks) {
    for (let at = 0; at < pks.length; at += ROW_BATCH) {
      const used = use((await db.items.bulkGet(pks.slice(at, at + ROW_BATCH))).filter((row): row is ItemRow => row !== undefined));
      if (used) await used;
    }
    return;
  }
  for (let after = ''; ; ) {
    const rows = await db.items.where(':id').above(after).limit(ROW_BATCH).toArray();
    if (rows.length === 0) return;
    const used = use(rows);
    if (used) await used;
    after = rows[rows.length - 1]!.pk;
  }
}

/**
 * Adds folder names and comment texts to rows, reading them only when a rule needs them: the
 * subjects at once when nothing is to be read, else a Dexie promise of them.
 */
export function subjectReader(db: LibraryDb, needsFolderNames: boolean, needsComments: boolean) {
  let names: Map<string, string> | undefined;
  const subjectsOf = (rows: readonly ItemRow[], comments: ReadonlyMap<string, string[]>): RuleSubject[] => rows.map((row) => ({
    row,
    folderNames: names ? row.folders.flatMap((id) => (names!.has(id) ? [names!.get(id)!] : [])) : [],
    comments: comments.get(row.id) ?? [],
  }));
  return (rows: ItemRow[]): RuleSubject[] | PromiseLike<RuleSubject[]> => {
    const folderRead = needsFolderNames && !names ? db.folders.toArray().then((all) => void (names = new Map(all.map((f) => [f.id, f.name])))) : undefined;
    const commentRead = needsComments && rows.length ? db.comments.where('itemId').anyOf(rows.map((r) => r.id)).toArray() : undefined;
    if (!folderRead && !commentRead) return subjectsOf(rows, new Map());
    return Dexie.Promise.all([folderRead, commentRead]).then(([, read]) => {
      const comments = new Map<string, string[]>();
      for (const c of read ?? []) comments.set(c.itemId, [...(comments.get(c.itemId) ?? []), c.annotation]);
      return subjectsOf(rows, comments);
    });
  };
}

/** Matches smart folders by id within their ancestors, remembering each folder's answer. */
export class SmartFolderMatcher {
  private readonly memo = new Map<string, Promise<string[]>>();

  constructor(
    private readonly db: LibraryDb,
    readonly rows: ReadonlyMap<string, SmartFolderRow>,
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
