/**
 * A page of a smart folder in import order without its whole match (smart-folder-narrowing.md):
 * the total is the folder's kept count (count-store.ts, exact under every item change), and the
 * page walks the narrowed candidates from the asked end, testing rows until it holds `offset +
 * limit` matches. So the work follows the page, not the library: the whole match of a folder
 * whose candidates and answer grow with the library grows with it. Without a current kept count,
 * or with nothing narrowing the candidates, the caller matches in full.
 */
import { readTrashedKeys } from '../postings/postings-store';
import { intersectKeySets } from '../postings/key-sets';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, SmartFolderRow } from '../storage/rows';
import { chainOf, keptCount, rulesOf } from './count-store';
import { compileConditions, type RuleSubject } from './evaluate';
import { answeredTest, narrowings, subjectReader } from './match';
import { NARROWING, readAnswers } from './narrow';
import type { Conditions } from './rules';

/**
 * Rows read per step of the walk: the first step about the page (at least FIRST_STEP), each later
 * one what the share of matches so far says is missing, a quarter more (rows cost 100 µs each).
 */
const FIRST_STEP = 64;
const MIN_STEP = 16;
const MAX_STEP = 1000;

const nextStep = (want: number, found: number, walked: number) =>
  Math.min(MAX_STEP, Math.max(MIN_STEP, Math.ceil(((want - found) / Math.max(found / walked, 1 / FIRST_STEP)) * 1.25)));

export interface FirstPage {
  total: number;
  /** The first `want` matches in the asked order (fewer at the end). */
  pks: string[];
}

/** Call inside a read transaction over matchTables and smartFolderCounts. */
export async function firstPage(db: LibraryDb, rows: ReadonlyMap<string, SmartFolderRow>, id: string, now: number, want: number, descending: boolean): Promise<FirstPage | undefined> {
  const chain = chainOf(rows, id);
  const total = await keptCount(db, chain, now);
  if (total === undefined) return undefined;
  const conditions = chain[0]!.conditions as Conditions;
  const answers = await readAnswers(db, conditions, now, undefined, NARROWING, want);
  const narrowed = narrowings(conditions, answers);
  if (narrowed.length === 0) return undefined;
  const trashed = await readTrashedKeys(db);
  const candidates = intersectKeySets(narrowed);
  if (descending) candidates.reverse();

  const { test, residual } = answeredTest(conditions, answers, now);
  const ancestors = chain.slice(1).map((row) => compileConditions(row.conditions as Conditions, now));
  const rules = [...residual, ...rulesOf(chain.slice(1))];
  const subjects = subjectReader(db, rules.some((r) => r.property === 'folderName'), rules.some((r) => r.property === 'comments'));
  const holds = (subject: RuleSubject) => test(subject) && ancestors.every((above) => above(subject));
  const pks: string[] = [];
  const keep = (batch: readonly RuleSubject[]) => {
    for (const subject of batch) if (pks.length < want && holds(subject)) pks.push(subject.row.pk);
  };
  for (let at = 0, step = Math.min(MAX_STEP, Math.max(FIRST_STEP, want)); at < candidates.length && pks.length < want; at += step, step = nextStep(want, pks.length, at)) {
    const found = await db.items.bulkGet(candidates.slice(at, at + step));
    const batch = subjects(found.filter((row): row is ItemRow => row !== undefined && !trashed.has(row.pk)));
    // Only Dexie requests are awaited in a transaction (narrow.ts).
    if (Array.isArray(batch)) keep(batch);
    else await (batch as PromiseLike<RuleSubject[]>).then(keep);
  }
  return { total, pks };
}
