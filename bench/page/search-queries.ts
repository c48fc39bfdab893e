/**
 * The item/query rows' queries, chosen from the seeded library itself (the text library-plan.ts
 * generated), never hard-coded: word and phrase frequencies are counted over the same fields
 * search indexes, with the core's own tokenizer, and each query kind takes the words whose share of
 * items is closest to a target. Same seed, same library, same queries. Also hands the MiniSearch
 * row its documents (name, tags, annotation, url, folder names of every seeded item).
 */
import { wordsOf } from '../../src/core/search/tokenize';
import type { BenchContext } from './context';

export type QueryKind = 'word' | 'and' | 'or' | 'phrase' | 'not';

export interface ChosenQuery {
  kind: QueryKind;
  query: string;
}

export interface SearchDoc {
  id: string;
  name: string;
  tags: string;
  annotation: string;
  url: string;
  folders: string;
}

export interface SearchSetup {
  queries: Record<QueryKind, ChosenQuery>;
  docs: SearchDoc[];
  /** How the words were chosen, for the notes. */
  summary: string;
}

/** Share of items each kind aims at (a realistic, non-trivial result, well above a page of 50). */
const TARGET = { word: 0.05, andEach: 0.08, andBoth: 0.01, or: 0.02, phrase: 0.005 };
const QUERY_SAMPLE_ITEMS = 100_000;
/** Words shorter than this (and digits) make poor queries: "a", "of", "123". */
const MIN_WORD = 4;

const cache = new WeakMap<BenchContext, Promise<SearchSetup>>();

export function searchSetup(ctx: BenchContext): Promise<SearchSetup> {
  let setup = cache.get(ctx);
  if (!setup) {
    setup = chooseQueries(ctx);
    cache.set(ctx, setup);
  }
  return setup;
}

async function chooseQueries(ctx: BenchContext): Promise<SearchSetup> {
  const db = await ctx.db();
  // The first items seeded (keys follow import order): at most a 100,000-item library, so the
  // scale mode's sizes get the same words and its million rows are never all held in the page.
  const [items, folders] = await Promise.all([db.items.limit(QUERY_SAMPLE_ITEMS).toArray(), db.folders.toArray()]);
  const folderName = new Map(folders.map((folder) => [folder.id, folder.name]));
  const docs: SearchDoc[] = [];
  /** Items (by index in `docs`) holding each word; phrases: adjacent word pairs within one field. */
  const holders = new Map<string, number[]>();
  const pairs = new Map<string, number>();
  const isWord = (word: string) => word.length >= MIN_WORD && /^\p{L}+$/u.test(word);

  for (const row of items) {
    if (row.isDeleted) continue;
    const doc: SearchDoc = {
      id: row.id,
      name: row.name,
      tags: row.tags.join(' '),
      annotation: row.annotation,
      url: row.url,
      folders: row.folders.flatMap((id) => folderName.get(id) ?? []).join(' '),
    };
    const index = docs.push(doc) - 1;
    const seen = new Set<string>();
    const seenPairs = new Set<string>();
    // The URL is indexed but its words (https, www, domains) are not what people type.
    for (const field of [doc.name, ...row.tags, doc.annotation, ...row.folders.flatMap((id) => folderName.get(id) ?? [])]) {
      const words = wordsOf(field).map((word) => word.text);
      words.forEach((word, i) => {
        if (isWord(word)) seen.add(word);
        const next = words[i + 1];
        if (next !== undefined && isWord(word) && isWord(next)) seenPairs.add(`${word} ${next}`);
      });
    }
    for (const word of seen) (holders.get(word) ?? holders.set(word, []).get(word)!).push(index);
    for (const pair of seenPairs) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const n = docs.length;
  if (n === 0) throw new Error('The seeded library has no items to search.');

  const df = (word: string) => holders.get(word)?.length ?? 0;
  const byCloseness = <T>(list: readonly T[], value: (item: T) => number, target: number) =>
    [...list].sort((a, b) => Math.abs(value(a) - target) - Math.abs(value(b) - target));
  const words = [...holders.keys()];
  const used = new Set<string>();
  const take = (word: string) => (used.add(word), word);

  const one = take(byCloseness(words, df, TARGET.word * n)[0]!);

  // AND: of the 30 words nearest the per-word target, the pair whose co-occurrence is nearest its target.
  const andPool = byCloseness(words.filter((w) => !used.has(w)), df, TARGET.andEach * n).slice(0, 30);
  const both = (a: string, b: string) => {
    const set = new Set(holders.get(a));
    return holders.get(b)!.filter((i) => set.has(i)).length;
  };
  let andPair: [string, string, number] | undefined;
  for (let i = 0; i < andPool.length; i++) {
    for (let j = i + 1; j < andPool.length; j++) {
      const count = both(andPool[i]!, andPool[j]!);
      if (count > 0 && (!andPair || Math.abs(count - TARGET.andBoth * n) < Math.abs(andPair[2] - TARGET.andBoth * n))) {
        andPair = [andPool[i]!, andPool[j]!, count];
      }
    }
  }
  if (!andPair) throw new Error('No two common words of the seeded library occur together.');
  take(andPair[0]);
  take(andPair[1]);

  const [orA, orB] = byCloseness(words.filter((w) => !used.has(w)), df, TARGET.or * n);
  take(orA!);
  take(orB!);

  const phrase = byCloseness([...pairs.keys()].filter((p) => !p.split(' ').some((w) => used.has(w))), (p) => pairs.get(p)!, TARGET.phrase * n)[0]!;

  // Negation: the one-word query minus the word that most often keeps it company, so it removes something.
  const excluded = words.filter((w) => w !== one).sort((a, b) => both(one, b) - both(one, a))[0]!;

  const queries: Record<QueryKind, ChosenQuery> = {
    word: { kind: 'word', query: one },
    and: { kind: 'and', query: `${andPair[0]} ${andPair[1]}` },
    or: { kind: 'or', query: `${orA} OR ${orB}` },
    phrase: { kind: 'phrase', query: `"${phrase}"` },
    not: { kind: 'not', query: `${one} -${excluded}` },
  };
  const pct = (count: number) => `${((count / n) * 100).toFixed(1)} %`;
  const summary =
    `from ${n} items: "${one}" in ${pct(df(one))}; "${andPair[0]}" ${pct(df(andPair[0]))} and "${andPair[1]}" ${pct(df(andPair[1]))}, ` +
    `both ${pct(andPair[2])}; "${orA}" ${pct(df(orA!))}, "${orB}" ${pct(df(orB!))}; phrase ${pct(pairs.get(phrase)!)}; ` +
    `"${excluded}" with "${one}" ${pct(both(one, excluded))}`;
  return { queries, docs, summary };
}
