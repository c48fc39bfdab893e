/**
 * Which index answers a match reads (docs/decisions/smart-folder-narrowing.md). Reading every
 * rule's answer costs the sum of their sizes whatever the result: three common tags are half of
 * a million-item library. So answers are weighed before they are read: a posting list by its
 * blocks, an index range by reading it up to a limit. The smallest answer that must hold (a TRUE
 * group's, or the parent's matches) bounds the candidates; another answer is read when it is
 * small beside them, and a larger one is left to the evaluator on the candidates' rows.
 */
import { MANY_LISTS, readManyLists } from '../postings/postings-store';
import type { LibraryDb } from '../storage/library-db';
import { listAnswer, lookupFor, rangeAnswer, type IndexAnswer, type Lookup } from './plan';
import { includes, type Conditions } from './rules';
import { listSizeBound } from './list-size';

export interface Narrowing {
  /** Testing one candidate's row costs about as much as reading this many keys of an answer. */
  rowCost: number;
  /** Answers of at most this many keys are read whatever the candidates (a few records). */
  small: number;
}

/**
 * A row read (Dexie bulkGet: a request per key) measured at 93 keys of a posting list (20,000 items)
 * to 179 (100,000, a profile on disk) in Chromium: bench row smart-folder-get-items-own-floor,
 * smart-folder-narrowing.md. About their geometric mean: either way a wrong call costs under 1.5×.
 */
export const NARROWING: Narrowing = { rowCost: 128, small: 4096 };

/** getAll's count is an unsigned long: a limit past it is no limit. */
const MAX_LIMIT = 2 ** 31;

export type Answers = (IndexAnswer | undefined)[][];

interface Ref {
  g: number;
  i: number;
  lookup: Lookup;
  /** A list source's list names. */
  lists?: readonly string[];
  /** A range source's keys, once read whole (undefined: past the limit, or not read). */
  keys?: string[];
}

/**
 * The index answers worth reading for `conditions`, by group and rule; a rule left undefined is
 * tested on rows. `within` (a parent's matches) bounds the candidates too; so does `tested`, when
 * the caller tests at most about that many (a first page, first-page.ts).
 */
export async function readAnswers(db: LibraryDb, conditions: Conditions, now: number, within?: readonly string[], tuning = NARROWING, tested = Infinity): Promise<Answers> {
  const refs: Ref[] = conditions.flatMap((group, g) => group.rules.flatMap((rule, i) => {
    const lookup = lookupFor(rule, now);
    return lookup ? [{ g, i, lookup }] : [];
  }));
  // Inside a transaction only Dexie requests are awaited: an await of anything else can let Dexie
  // lose the transaction, which then commits before its reads (PrematureCommitError in Chromium).
  const named = refs.flatMap((ref) => {
    if (!('lists' in ref.lookup.source)) return [];
    const lists = ref.lookup.source.lists(db);
    if (!('then' in lists)) return void (ref.lists = lists), [];
    return [lists.then((names) => void (ref.lists = names))];
  });
  if (named.length) await Promise.all(named);
  const names = [...new Set(refs.flatMap((ref) => ref.lists ?? []))];
  // A folder of many rules (30 × 30) names more lists than are worth weighing one by one: read all, one pass per kind.
  const weigh = names.length <= MANY_LISTS;
  const bounds = new Map<string, number>();
  if (weigh && names.length) {
    const sizes = await Promise.all(names.map((list) => listSizeBound(db, list)));
    names.forEach((list, k) => bounds.set(list, sizes[k]!));
  }
  const cost = (ref: Ref) => (ref.lists ? ref.lists.reduce((sum, list) => sum + (bounds.get(list) ?? Infinity), 0) : ref.keys?.length ?? Infinity);
  const size = (ref: Ref) => (ref.lists && 'every' in ref.lookup.source && ref.lookup.source.every ? Math.min(...ref.lists.map((list) => bounds.get(list) ?? Infinity)) : cost(ref));
  const units = narrowingUnits(conditions, refs);
  const smallest = () => Math.min(within?.length ?? Infinity, ...units.map((unit) => unit.reduce((sum, ref) => sum + size(ref), 0)));

  // Ranges read up to what rows would cost for the candidates the lists leave; past it, rows decide them.
  const listsOnly = smallest();
  const wanted = Math.ceil(Math.max(tuning.small, Math.min(listsOnly, tested) * tuning.rowCost));
  const limit = wanted < MAX_LIMIT ? wanted : Infinity;
  const ranged = refs.flatMap((ref) => {
    if (!('range' in ref.lookup.source)) return [];
    const range = ref.lookup.source.range(db);
    return [(limit === Infinity ? range : range.limit(limit + 1)).primaryKeys().then((keys) => void (keys.length <= limit && (ref.keys = keys)))];
  });
  if (ranged.length) await Promise.all(ranged);

  const candidates = smallest();
  const driver = units.find((unit) => unit.reduce((sum, ref) => sum + size(ref), 0) === candidates) ?? [];
  const worth = (ref: Ref) => candidates === Infinity || !weigh || driver.includes(ref) || cost(ref) <= Math.max(tuning.small, Math.min(candidates, tested) * tuning.rowCost);
  // Every list worth reading, read together (a 30x30 folder's lists once each, one pass per kind).
  // One Dexie read awaited here: promises resolved from another async scope (a ListBatch's) lost
  // the transaction's zone after this function returned (fault-checks' 30x30 smart folder).
  const toRead = [...new Set(refs.flatMap((ref) => (ref.lists && worth(ref) ? ref.lists : [])))];
  const read = toRead.length ? await readManyLists(db, toRead) : new Map<string, string[]>();
  const lists = refs.map((ref) => (ref.lists && worth(ref) ? [...new Set(ref.lists)].map((list) => read.get(list) ?? []) : undefined));

  const answers: Answers = conditions.map((group) => group.rules.map(() => undefined));
  refs.forEach((ref, k) => {
    const each = lists[k];
    if (each) answers[ref.g]![ref.i] = listAnswer(ref.lookup, each);
    else if (ref.keys) answers[ref.g]![ref.i] = rangeAnswer(ref.lookup, ref.keys);
  });
  return answers;
}

/**
 * The answers that bound the matches, each a list of rules whose answers unite: in a TRUE AND
 * group each positive answer alone; in a TRUE OR group all of its rules, when each has a positive
 * answer.
 */
function narrowingUnits(conditions: Conditions, refs: readonly Ref[]): Ref[][] {
  const units: Ref[][] = [];
  conditions.forEach((group, g) => {
    if (!includes(group)) return;
    const positive = refs.filter((ref) => ref.g === g && !ref.lookup.negated);
    if (group.match !== 'OR') units.push(...positive.map((ref) => [ref]));
    else if (positive.length === group.rules.length) units.push(positive);
  });
  return units;
}
