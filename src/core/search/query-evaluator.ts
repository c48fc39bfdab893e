/**
 * Evaluates a plan as set algebra over item keys (pks) with the `terms` index. An AND starts from
 * its most selective operand (index counts estimate sizes) and narrows that set; once a candidate
 * set is small next to the index range it would be intersected with, the candidates' own terms rows
 * are checked instead of reading the range. Phrases are verified on those rows. Only a pure
 * negation (or an OR with one) reads every item key. One evaluator serves one query: it caches.
 */
import type { LibraryDb } from '../storage/library-db';
import type { TermsRow } from '../storage/rows';
import type { Lookup, PhraseCheck, Plan } from './query-plan';
import { rowMatches } from './search-document';

/** Candidate sets this small are checked row by row without looking at index sizes. */
const ROW_CHECK_LIMIT = 64;
/** Reading one terms row costs about as much as reading this many index keys. */
const ROW_COST = 4;

export class QueryEvaluator {
  private readonly keyReads = new Map<string, Promise<Set<string>>>();
  private readonly counts = new Map<string, Promise<number>>();
  private readonly rows = new Map<string, TermsRow | undefined>();
  private allKeys?: Promise<Set<string>>;

  constructor(private readonly db: LibraryDb) {}

  /** Keys of the items matching `plan`, in no particular order. Trash is the caller's business. */
  matching(plan: Plan): Promise<Set<string>> {
    return this.evaluate(plan);
  }

  private universe(): Promise<Set<string>> {
    return (this.allKeys ??= this.db.items.toCollection().primaryKeys().then((keys) => new Set(keys)));
  }

  private range(lookup: Lookup) {
    const index = this.db.terms.where('terms');
    return lookup.prefix ? index.startsWith(lookup.term) : index.equals(lookup.term);
  }

  private lookupKeys(lookup: Lookup): Promise<Set<string>> {
    const id = `${lookup.prefix}:${lookup.term}`;
    let read = this.keyReads.get(id);
    if (!read) {
      // A multiEntry prefix range lists an item once per matching term: the Set dedupes.
      read = this.range(lookup).primaryKeys().then((keys) => new Set(keys));
      this.keyReads.set(id, read);
    }
    return read;
  }

  /** Index entries in the lookup's range: an upper bound of its item count, without reading keys. */
  private lookupCount(lookup: Lookup): Promise<number> {
    const id = `${lookup.prefix}:${lookup.term}`;
    let count = this.counts.get(id);
    if (!count) {
      count = this.range(lookup).count();
      this.counts.set(id, count);
    }
    return count;
  }

  private async estimate(plan: Plan): Promise<number> {
    switch (plan.type) {
      case 'match':
        return Math.min(...(await Promise.all(plan.lookups.map((lookup) => this.lookupCount(lookup)))));
      case 'and': {
        const positives = plan.operands.filter((operand) => operand.type !== 'not');
        if (positives.length === 0) return this.db.items.count();
        return Math.min(...(await Promise.all(positives.map((operand) => this.estimate(operand)))));
      }
      case 'or':
        return (await Promise.all(plan.operands.map((operand) => this.estimate(operand)))).reduce((a, b) => a + b, 0);
      case 'not':
        return this.db.items.count();
    }
  }

  /** Smallest estimate first; negations last (they only ever remove keys). */
  private async bySize(plans: readonly Plan[]): Promise<Plan[]> {
    if (plans.length <= 1) return [...plans];
    const sizes = await Promise.all(plans.map((plan) => (plan.type === 'not' ? Infinity : this.estimate(plan))));
    return plans.map((plan, i) => ({ plan, size: sizes[i]! })).sort((a, b) => a.size - b.size).map(({ plan }) => plan);
  }

  private async lookupsBySize(lookups: readonly Lookup[]): Promise<Lookup[]> {
    if (lookups.length <= 1) return [...lookups];
    const sizes = await Promise.all(lookups.map((lookup) => this.lookupCount(lookup)));
    return lookups.map((lookup, i) => ({ lookup, size: sizes[i]! })).sort((a, b) => a.size - b.size).map(({ lookup }) => lookup);
  }

  private async evaluate(plan: Plan): Promise<Set<string>> {
    switch (plan.type) {
      case 'match': {
        const [first, ...rest] = await this.lookupsBySize(plan.lookups);
        return this.restrictMatch(rest, plan.phrase, await this.lookupKeys(first!));
      }
      case 'or': {
        const union = new Set<string>();
        for (const keys of await Promise.all(plan.operands.map((operand) => this.evaluate(operand)))) for (const key of keys) union.add(key);
        return union;
      }
      case 'not':
        return this.restrict(plan, await this.universe());
      case 'and': {
        const [first, ...rest] = await this.bySize(plan.operands);
        if (first!.type === 'not') return this.restrict(plan, await this.universe());
        return this.restrict({ type: 'and', operands: rest }, await this.evaluate(first!));
      }
    }
  }

  /** The members of `candidates` that match `plan`. */
  private async restrict(plan: Plan, candidates: Set<string>): Promise<Set<string>> {
    if (candidates.size === 0) return candidates;
    if (candidates.size <= ROW_CHECK_LIMIT) return this.checkRows(plan, candidates);
    switch (plan.type) {
      case 'match':
        return this.restrictMatch(await this.lookupsBySize(plan.lookups), plan.phrase, candidates);
      case 'not': {
        const excluded = await this.restrict(plan.operand, candidates);
        return new Set([...candidates].filter((key) => !excluded.has(key)));
      }
      case 'or': {
        const union = new Set<string>();
        for (const operand of plan.operands) for (const key of await this.restrict(operand, candidates)) union.add(key);
        return union;
      }
      case 'and': {
        let current = candidates;
        for (const operand of await this.bySize(plan.operands)) current = await this.restrict(operand, current);
        return current;
      }
    }
  }

  /** Intersects with index ranges while that is cheaper than reading rows, then checks rows. */
  private async restrictMatch(lookups: readonly Lookup[], phrase: PhraseCheck | undefined, candidates: Set<string>): Promise<Set<string>> {
    let current = candidates;
    let next = 0;
    for (; next < lookups.length && current.size > 0; next++) {
      const lookup = lookups[next]!;
      if (current.size <= ROW_CHECK_LIMIT || current.size * ROW_COST <= (await this.lookupCount(lookup))) break;
      const keys = await this.lookupKeys(lookup);
      current = new Set([...current].filter((key) => keys.has(key)));
    }
    const remaining = lookups.slice(next);
    if (current.size === 0 || (remaining.length === 0 && !phrase)) return current;
    return this.checkRows(phrase ? { type: 'match', lookups: remaining, phrase } : { type: 'match', lookups: remaining }, current);
  }

  private async checkRows(plan: Plan, candidates: Set<string>): Promise<Set<string>> {
    const missing = [...candidates].filter((key) => !this.rows.has(key));
    if (missing.length > 0) {
      const rows = await this.db.terms.bulkGet(missing);
      missing.forEach((key, i) => this.rows.set(key, rows[i]));
    }
    return new Set([...candidates].filter((key) => rowMatches(plan, this.rows.get(key))));
  }
}
