/**
 * Evaluates a plan as set algebra over item keys (pks) with the term posting lists. An AND starts
 * from its most selective operand (list lengths estimate sizes) and narrows that set. Phrases are
 * verified on the candidates' own rows (their search terms' text), once the lists have narrowed them. Only a pure
 * negation (or an OR with one) reads the list of every item. One evaluator serves one query: it
 * caches the lists it read.
 *
 * Sets stay the ascending lists the postings hold: a million-item library's common words hold
 * tens of thousands of keys each, and building a Set of every list cost more than reading it.
 */
import { termList } from '../postings/posting-lists';
import { readAllItemKeys, readList, readListsStartingWith } from '../postings/postings-store';
import type { LibraryDb } from '../storage/library-db';
import type { SearchTerms } from '../storage/rows';
import type { Lookup, PhraseCheck, Plan } from './query-plan';
import { phraseOccurs } from './search-document';
import { intersectAscending, subtractAscending, unionAscending } from '../postings/key-sets';

/** Item keys, ascending, each once. */
type Keys = readonly string[];

export class QueryEvaluator {
  private readonly keyReads = new Map<string, Promise<Keys>>();
  private readonly texts = new Map<string, SearchTerms['text']>();
  private allKeys?: Promise<Keys>;

  constructor(private readonly db: LibraryDb) {}

  /** Keys of the items matching `plan`, ascending. Trash is the caller's business. */
  matching(plan: Plan): Promise<Keys> {
    return this.evaluate(plan);
  }

  private universe(): Promise<Keys> {
    return (this.allKeys ??= readAllItemKeys(this.db));
  }

  private lookupKeys(lookup: Lookup): Promise<Keys> {
    const id = `${lookup.prefix}:${lookup.term}`;
    let read = this.keyReads.get(id);
    if (!read) {
      const list = termList(lookup.term);
      read = lookup.prefix ? readListsStartingWith(this.db, list) : readList(this.db, list);
      this.keyReads.set(id, read);
    }
    return read;
  }

  /** How many items a lookup names: its posting list is cheap to read whole. */
  private async lookupCount(lookup: Lookup): Promise<number> {
    return (await this.lookupKeys(lookup)).length;
  }

  private async estimate(plan: Plan): Promise<number> {
    switch (plan.type) {
      case 'match':
        return Math.min(...(await Promise.all(plan.lookups.map((lookup) => this.lookupCount(lookup)))));
      case 'and': {
        const positives = plan.operands.filter((operand) => operand.type !== 'not');
        if (positives.length === 0) return Infinity;
        return Math.min(...(await Promise.all(positives.map((operand) => this.estimate(operand)))));
      }
      case 'or':
        return (await Promise.all(plan.operands.map((operand) => this.estimate(operand)))).reduce((a, b) => a + b, 0);
      case 'not':
        return Infinity;
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

  private async evaluate(plan: Plan): Promise<Keys> {
    switch (plan.type) {
      case 'match': {
        const [first, ...rest] = await this.lookupsBySize(plan.lookups);
        return this.restrictMatch(rest, plan.phrase, await this.lookupKeys(first!));
      }
      case 'or':
        return unionAscending(await Promise.all(plan.operands.map((operand) => this.evaluate(operand))));
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
  private async restrict(plan: Plan, candidates: Keys): Promise<Keys> {
    if (candidates.length === 0) return candidates;
    switch (plan.type) {
      case 'match':
        return this.restrictMatch(await this.lookupsBySize(plan.lookups), plan.phrase, candidates);
      case 'not':
        return subtractAscending(candidates, await this.restrict(plan.operand, candidates));
      case 'or': {
        const parts: Keys[] = [];
        for (const operand of plan.operands) parts.push(await this.restrict(operand, candidates));
        return unionAscending(parts);
      }
      case 'and': {
        let current = candidates;
        for (const operand of await this.bySize(plan.operands)) current = await this.restrict(operand, current);
        return current;
      }
    }
  }

  /** Intersects the candidates with each lookup's list, then checks the phrase on the rows left. */
  private async restrictMatch(lookups: readonly Lookup[], phrase: PhraseCheck | undefined, candidates: Keys): Promise<Keys> {
    let current = candidates;
    for (const lookup of lookups) {
      if (current.length === 0) return current;
      current = intersectAscending(current, await this.lookupKeys(lookup));
    }
    return phrase && current.length > 0 ? this.checkPhrase(phrase, current) : current;
  }

  private async checkPhrase(phrase: PhraseCheck, candidates: Keys): Promise<Keys> {
    const missing = candidates.filter((key) => !this.texts.has(key));
    if (missing.length > 0) {
      const rows = await this.db.items.bulkGet(missing);
      missing.forEach((key, i) => this.texts.set(key, rows[i]?.search?.text ?? []));
    }
    return candidates.filter((key) => phraseOccurs(this.texts.get(key) ?? [], phrase));
  }
}
