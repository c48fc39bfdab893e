/**
 * The planner: for each rule, the index read that answers it, if one exists. An answer is the
 * keys of the items it names, as a KeySet (ascending lists whose union it is); `negated` means the rule holds for items NOT in the list;
 * `exact` means the list decides the rule (else it is a superset and the row must be tested).
 * Rules without a lookup (url, annotation, comments, most name methods, colour, custom shape) are
 * tested on rows by the evaluator, and only on the candidates the other rules leave.
 */
import type { Collection } from 'dexie';
import { itemPk, shapeFacet, UNFILED, UNTAGGED, type Shape } from '../listing/item-row';
import { extList, facetList, folderList, starList, tagList } from '../postings/posting-lists';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { fold, starOf, textTest, textsHold } from './evaluate';
import { extensionsOf } from './file-types';
import { dateRange, isEmptyRange, numberRange, type Range } from './ranges';
import { CUSTOM_SHAPE } from './rule-catalogue';
import type { DateRule, NumberRule, Rule, SetRule, StringRule } from './rules';
import { ascendingUnique, intersectKeySets, type KeySet } from '../postings/key-sets';

export interface IndexAnswer {
  keys: KeySet;
  negated: boolean;
  exact: boolean;
}

type Items = Collection<ItemRow, string>;

/**
 * Where a rule's answer comes from, so that narrow.ts can weigh it before reading it: posting
 * lists (their size is known from their blocks, unread), or an index range (read up to a limit).
 */
export type Source =
  /** Items on any of `lists` (kept as the lists), or on every one of them (`every`: intersected). */
  | { lists: (db: LibraryDb) => Promise<readonly string[]> | readonly string[]; every?: boolean }
  /** Items in an index range; the keys come back in index order. */
  | { range: (db: LibraryDb) => Items };

export interface Lookup {
  source: Source;
  negated: boolean;
  exact: boolean;
}

/** The answer of a list source, from its lists' keys (in the order the source named them). */
export function listAnswer(lookup: Lookup, each: string[][]): IndexAnswer {
  const every = 'lists' in lookup.source && lookup.source.every;
  return { keys: every ? [intersectKeySets(each.map((list) => [list]))] : each, negated: lookup.negated, exact: lookup.exact };
}

/** The answer of a range source from its keys. */
export const rangeAnswer = (lookup: Lookup, keys: readonly string[]): IndexAnswer => ({ keys: [ascendingUnique(keys)], negated: lookup.negated, exact: lookup.exact });

const answer = (range: (db: LibraryDb) => Items, negated = false, exact = true): Lookup => ({ source: { range }, negated, exact });

const NUMBER_INDEX: Record<NumberRule['property'], keyof ItemRow> = { width: 'width', height: 'height', fileSize: 'size', duration: 'duration' };
const DATE_INDEX = { mtime: 'modificationTime', btime: 'btime' } as const;

/** Items on any of the posting `lists`. */
const onAnyList = (lists: readonly string[], negated = false): Lookup => ({ source: { lists: () => lists }, negated, exact: true });

/** An empty range (`< 0`) is no keys: IndexedDB refuses a bound whose ends meet and are both left out. */
const between = (db: LibraryDb, index: string, r: Range) =>
  isEmptyRange(r) ? db.items.where(index).anyOf([]) : db.items.where(index).between(r.lo, r.hi, r.loInclusive, r.hiInclusive);

/** The index read that answers `rule`, or undefined when only the row can. */
export function lookupFor(rule: Rule, now: number): Lookup | undefined {
  switch (rule.property) {
    case 'name': return nameLookup(rule);
    case 'folderName': return folderNameLookup(rule);
    case 'url': case 'annotation': case 'comments': return undefined;
    case 'width': case 'height': case 'fileSize': case 'duration': {
      const range = numberRange(rule);
      return answer((db) => between(db, NUMBER_INDEX[rule.property], range));
    }
    case 'createTime': case 'mtime': case 'btime': return dateLookup(rule, now);
    case 'tags': case 'folders': return setLookup(rule);
    case 'type': return onAnyList([...extensionsOf(rule.value)].map(extList), rule.method === 'unequal');
    case 'rating': {
      const stars = (Array.isArray(rule.value) ? rule.value : [rule.value]).map(starOf);
      return onAnyList(stars.map(starList), rule.method === 'unequal');
    }
    case 'shape':
      if (rule.value === CUSTOM_SHAPE) return undefined;
      return onAnyList([facetList(shapeFacet(rule.value as Shape))], rule.method === 'unequal');
    case 'color': return undefined;
  }
}

/** `nameKey` is the folded name, so equality, prefixes and emptiness are index reads. */
function nameLookup(rule: StringRule): Lookup | undefined {
  const value = fold(rule.value ?? '');
  switch (rule.method) {
    case 'equal': return answer((db) => db.items.where('nameKey').equals(value));
    case 'startWith': return answer((db) => db.items.where('nameKey').startsWith(value));
    case 'empty': return answer((db) => db.items.where('nameKey').equals(''));
    case 'not-empty': return answer((db) => db.items.where('nameKey').equals(''), true);
    default: return undefined;
  }
}

/**
 * Folder names live in the (small) folders table: test the rule on each folder, then read the
 * items of the folders that pass. An "every" method (uncontain, empty) holds for items in none of
 * the folders that fail it.
 */
function folderNameLookup(rule: StringRule): Lookup {
  const q = textTest(rule.method, rule.value);
  const lists = async (db: LibraryDb) => (await db.folders.toArray()).filter((f) => textsHold(q, [f.name]) !== q.every).map((f) => folderList(f.id));
  return { source: { lists }, negated: q.every, exact: true };
}

/** Import time leads the primary key, so a createTime range is a key range (no extra index). */
function dateLookup(rule: DateRule, now: number): Lookup {
  const r = dateRange(rule, now);
  const property = rule.property;
  if (property !== 'createTime') return answer((db) => between(db, DATE_INDEX[property], r));
  const key = (ms: number) => (ms === Infinity ? '\uffff' : ms === -Infinity ? '' : itemPk(ms, ''));
  return answer((db) => db.items.where(':id').between(key(r.lo), key(r.hi), r.loInclusive, r.hiInclusive));
}

function setLookup(rule: SetRule): Lookup {
  const lists = (rule.value ?? []).map(rule.property === 'tags' ? tagList : folderList);
  const emptyList = facetList(rule.property === 'tags' ? UNTAGGED : UNFILED);
  switch (rule.method) {
    case 'union': return onAnyList(lists);
    case 'identity': return onAnyList(lists, true);
    case 'empty': return onAnyList([emptyList]);
    case 'not-empty': return onAnyList([emptyList], true);
    case 'intersection': case 'equal':
      // Every item holding all the values; `equal` must still check that it holds no others.
      return { source: { lists: () => lists, every: true }, negated: false, exact: rule.method === 'intersection' };
  }
}
