// The narrowed plan (narrow.ts: read only the answers worth reading, test the rest on rows) gives
// the naive evaluation's answer: over random libraries, random rule sets of every rule type, AND
// and OR, TRUE and FALSE groups, a parent's matches or none, and weightings from "read every
// answer" to "test everything on rows".
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SHAPES } from '../../src/core/listing/item-row';
import { compileConditions, type RuleSubject } from '../../src/core/smart-folders/evaluate';
import { matchConditions } from '../../src/core/smart-folders/match';
import { readAnswers, type Narrowing } from '../../src/core/smart-folders/narrow';
import { PROPERTY_SPECS } from '../../src/core/smart-folders/rule-catalogue';
import { COLOR_METHODS, DATE_METHODS, NUMBER_METHODS, RATING_METHODS, RATING_OPTIONS, SET_METHODS, SHAPE_METHODS, STRING_METHODS, TYPE_METHODS, type Conditions } from '../../src/core/smart-folders/rules';
import type { LibraryDb } from '../../src/core/storage/library-db';
import type { CommentRow, ItemRow } from '../../src/core/storage/rows';
import type { Page } from '../../src/core/http/pagination';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';
import { call } from './helpers';
import { makeItemRow } from './fixtures/item-rows';
import { at, commentRow, folderRow, NOW, rule, seededLibrary } from './fixtures/smart-folders';

const TAGS = ['cat', 'dog', 'animal', 'poster'];
const FOLDERS = [folderRow('F1', 'Work'), folderRow('F2', 'Home'), folderRow('F3', 'Work archive', 'F1')];
const EXTS = ['png', 'jpg', 'gif', 'mp4', 'mp3', 'url', 'pdf', 'woff2'];
const SIDES = [0, 100, 400, 800, 1080, 1920];
const DAYS = [at(2024, 3, 15, 9), at(2024, 3, 14, 23, 59), at(2024, 3, 10), at(2024, 1, 1), at(2023, 12, 31, 23)];
const NAMES = ['Cat on a mat', 'cat', 'Dog', '', 'catalogue', 'hero clip'];
const PALETTES = [[], [{ color: [240, 10, 10] as [number, number, number], ratio: 70 }], [{ color: [128, 128, 128] as [number, number, number], ratio: 90 }]];

const item = fc.record({
  tags: fc.subarray(TAGS),
  folders: fc.subarray(FOLDERS.map((f) => f.id)),
  ext: fc.constantFrom(...EXTS),
  width: fc.constantFrom(...SIDES),
  height: fc.constantFrom(...SIDES),
  size: fc.constantFrom(0, 40 * 1024, 300 * 1024, 2 * 1024 * 1024),
  duration: fc.constantFrom(0, 75, 3 * 3600),
  star: fc.integer({ min: 0, max: 5 }),
  name: fc.constantFrom(...NAMES),
  url: fc.constantFrom('', 'https://example.com/a'),
  annotation: fc.constantFrom('', 'Hero shot'),
  importedAt: fc.constantFrom(...DAYS),
  modificationTime: fc.constantFrom(...DAYS),
  btime: fc.constantFrom(...DAYS),
  isDeleted: fc.constantFrom(false, false, false, true),
  palettes: fc.constantFrom(...PALETTES),
  comment: fc.constantFrom(undefined, 'todo: crop', 'looks fine'),
});

const text = fc.constantFrom('cat', 'c', 'work', 'hero', 'example');
const number = fc.constantFrom(0, 1, 2, 75, 400, 800, 1080);
const day = fc.constantFrom(...DAYS.map((d) => new Date(new Date(d).setHours(0, 0, 0, 0)).getTime()));
const pair = <T>(a: fc.Arbitrary<T>) => fc.tuple(a, a).map(([x, y]) => ((x as number) <= (y as number) ? [x, y] : [y, x]));

/** A raw rule of any property and method the catalogue offers, with a value it accepts. */
const rawRule: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ property: fc.constantFrom('name', 'url', 'annotation', 'comments', 'folderName'), method: fc.constantFrom(...STRING_METHODS), value: text }).map((r) =>
    r.method === 'empty' || r.method === 'not-empty' ? { property: r.property, method: r.method } : r.method === 'regex' ? { ...r, value: `^(${r.value}|d)` } : r),
  fc.record({ property: fc.constantFrom('width', 'height'), method: fc.constantFrom(...NUMBER_METHODS), value: number, two: pair(number) }).map(({ two, ...r }) => ({ ...r, value: r.method === 'between' ? two : [r.value] })),
  fc.record({ property: fc.constantFrom('fileSize', 'duration'), method: fc.constantFrom(...NUMBER_METHODS), value: number, two: pair(number) }).map(({ two, ...r }) => ({
    ...r, value: r.method === 'between' ? two : [r.value], unit: r.property === 'fileSize' ? 'kb' : 's',
  })),
  fc.record({ property: fc.constantFrom('createTime', 'mtime', 'btime'), method: fc.constantFrom(...DATE_METHODS), value: day, two: pair(day), days: fc.integer({ min: 1, max: 120 }) }).map(({ two, days, ...r }) => ({
    ...r, value: r.method === 'between' ? two : r.method === 'within' ? [days] : [r.value],
  })),
  fc.record({ property: fc.constantFrom('tags', 'folders'), method: fc.constantFrom(...SET_METHODS), tags: fc.subarray(TAGS, { minLength: 1 }), folders: fc.subarray(['F1', 'F2', 'F3'], { minLength: 1 }) }).map(({ tags, folders, ...r }) =>
    r.method === 'empty' || r.method === 'not-empty' ? r : { ...r, value: r.property === 'tags' ? tags : folders }),
  fc.record({ property: fc.constant('type'), method: fc.constantFrom(...TYPE_METHODS), value: fc.constantFrom('png', 'jpg', 'image', 'video', 'bookmark', 'font', 'audio') }),
  fc.record({ property: fc.constant('rating'), method: fc.constantFrom(...RATING_METHODS), value: fc.constantFrom(...RATING_OPTIONS), many: fc.subarray([...RATING_OPTIONS], { minLength: 1 }) }).map(({ many, ...r }) => (r.method === 'contain' ? { ...r, value: many } : r)),
  fc.record({ property: fc.constant('shape'), method: fc.constantFrom(...SHAPE_METHODS), value: fc.constantFrom(...SHAPES, 'custom') }).map((r) => (r.value === 'custom' ? { ...r, width: 16, height: 9 } : r)),
  fc.record({ property: fc.constant('color'), method: fc.constantFrom(...COLOR_METHODS), value: fc.constantFrom('#ff0000', '#808080') }).map((r) => (r.method === 'grayscale' ? { property: r.property, method: r.method } : r)),
);

const conditions: fc.Arbitrary<Conditions> = fc.array(
  fc.record({ match: fc.constantFrom('AND' as const, 'OR' as const), boolean: fc.constantFrom('TRUE' as const, 'TRUE' as const, 'FALSE' as const), rules: fc.array(rawRule.map(rule), { minLength: 1, maxLength: 4 }) }),
  { minLength: 1, maxLength: 3 },
);

/** From "read every answer" to "test all on rows" (rowCost 0 and small 0 read only the narrowest answer). */
const tuning: fc.Arbitrary<Narrowing> = fc.record({ rowCost: fc.constantFrom(0, 0.5, 1, 32, 1e9), small: fc.constantFrom(0, 1, 64, 4096) });

/** What the evaluator alone says, over every row: the naive evaluation. */
async function naive(db: LibraryDb, conds: Conditions, within?: readonly string[]): Promise<string[]> {
  const test = compileConditions(conds, NOW);
  const names = new Map((await db.folders.toArray()).map((f) => [f.id, f.name]));
  const comments = await db.comments.toArray();
  const subjects: RuleSubject[] = (await db.items.toArray()).map((row) => ({
    row,
    folderNames: row.folders.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
    comments: comments.filter((c) => c.itemId === row.id).map((c) => c.annotation),
  }));
  return subjects.filter((s) => !s.row.isDeleted && test(s) && (!within || within.includes(s.row.pk))).map((s) => s.row.pk).sort();
}

describe('the narrowed plan agrees with the naive evaluation', () => {
  it('covers every rule property of the catalogue', () => {
    const seen = new Set(fc.sample(rawRule, 2000).map((r) => r.property));
    expect([...seen].sort()).toEqual(Object.keys(PROPERTY_SPECS).sort());
  });

  it('over random libraries, rule sets and weightings', async () => {
    let empty = 0;
    let some = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 40 }), fc.array(fc.tuple(conditions, tuning, fc.boolean()), { minLength: 8, maxLength: 8 }), async (items, cases) => {
        const rows: ItemRow[] = items.map(({ comment: _, ...fields }, k) => makeItemRow({ id: `I${k}`, ...fields }));
        const comments: CommentRow[] = items.flatMap(({ comment }, k) => (comment ? [commentRow(`I${k}`, comment)] : []));
        const { db } = await seededLibrary(rows, { folders: FOLDERS, comments });
        const parent = rows.filter((_, k) => k % 2 === 0).map((r) => r.pk).sort();
        for (const [conds, weights, underParent] of cases) {
          const within = underParent ? parent : undefined;
          const expected = await naive(db, conds, within);
          if (expected.length) some++;
          else empty++;
          expect(await matchConditions(db, conds, NOW, within, weights)).toEqual(expected);
        }
        db.close();
      }),
      { numRuns: 40, endOnFailure: true },
    );
    // Both kinds of answer were checked, not only empty ones.
    expect(empty).toBeGreaterThan(0);
    expect(some).toBeGreaterThan(0);
  }, 120_000);
});

describe('a large list is tested on rows, not read', () => {
  const wideTaggedPngs = (minWidth: number): Conditions => [{
    match: 'AND',
    boolean: 'TRUE',
    rules: [rule({ property: 'tags', method: 'union', value: ['cat', 'dog'] }), rule({ property: 'width', method: '>=', value: [minWidth] }), rule({ property: 'type', method: 'equal', value: 'png' })],
  }];
  // 1,500 tagged bookmarks (three blocks of the cat list) and 30 PNGs of which 10 are wide.
  const rows = [
    ...Array.from({ length: 1500 }, (_, k) => makeItemRow({ id: `B${k}`, ext: 'url', width: 0, height: 0, tags: k % 3 ? ['cat'] : ['dog', 'cat'] })),
    ...Array.from({ length: 30 }, (_, k) => makeItemRow({ id: `P${k}`, ext: 'png', width: k < 10 ? 1920 : 100, tags: k % 2 ? ['cat'] : [] })),
  ];
  const narrow: Narrowing = { rowCost: 64, small: 64 };

  it('starts from the narrowest answer, reads a list small beside it, and leaves the tags to the rows', async () => {
    const { db } = await seededLibrary(rows);
    const conds = wideTaggedPngs(1000);
    const answers = await readAnswers(db, conds, NOW, undefined, narrow);
    expect(answers[0]!.map((a) => a !== undefined)).toEqual([false, true, true]);
    const bulkGet = vi.spyOn(db.items, 'bulkGet');
    const matched = await matchConditions(db, conds, NOW, undefined, narrow);
    expect(bulkGet.mock.calls.flatMap((call) => call[0])).toHaveLength(10);
    vi.restoreAllMocks();
    expect(matched).toEqual(await naive(db, conds));
    expect(matched).toHaveLength(5);
    // Read everything (the default at this size: the lists are small), the same answer.
    expect((await readAnswers(db, conds, NOW)).flat().every((a) => a !== undefined)).toBe(true);
    expect(await matchConditions(db, conds, NOW)).toEqual(matched);
    db.close();
  });

  it('reads a range only up to the limit the lists set', async () => {
    const { db } = await seededLibrary(rows);
    // Rows that cost nothing: the width range (30 keys) passes its limit (0) and the tags their bound; the PNG list drives.
    const conds = wideTaggedPngs(50);
    expect((await readAnswers(db, conds, NOW, undefined, { rowCost: 0, small: 0 }))[0]!.map((a) => a !== undefined)).toEqual([false, false, true]);
    expect(await matchConditions(db, conds, NOW, undefined, { rowCost: 0, small: 0 })).toEqual(await naive(db, conds));
    db.close();
  });
});

describe('getItems pages without the whole match, as the whole match would', () => {
  const ORDERS = [undefined, '-IMPORT', 'IMPORT', 'NAME'] as const;
  const edit = fc.record({ at: fc.nat(), tags: fc.subarray(TAGS), isDeleted: fc.boolean() });
  const request = fc.record({ offset: fc.integer({ min: 0, max: 6 }), limit: fc.integer({ min: 1, max: 8 }), orderBy: fc.constantFrom(...ORDERS) });
  const rawGroups = fc.array(fc.record({ match: fc.constantFrom('AND', 'OR'), boolean: fc.constantFrom('TRUE', 'TRUE', 'FALSE'), rules: fc.array(rawRule, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 2 });

  it('over random libraries, folders under random parents, item edits and pages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 30 }), rawGroups, fc.option(rawGroups, { nil: undefined }), fc.array(edit, { maxLength: 4 }), fc.array(request, { minLength: 3, maxLength: 3 }), async (items, childRules, parentRules, edits, requests) => {
        const rows: ItemRow[] = items.map(({ comment: _, ...fields }, k) => makeItemRow({ id: `I${k}`, ...fields }));
        const comments: CommentRow[] = items.flatMap(({ comment }, k) => (comment ? [commentRow(`I${k}`, comment)] : []));
        const { api, library, db } = await seededLibrary(rows, { folders: FOLDERS, comments });
        const post = async <T>(path: string, body: Record<string, unknown>) => {
          const answer = await call<T>(api, 'POST', path, body, { library });
          expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
          return answer.data;
        };
        const parent = parentRules ? await post<SmartFolderView>('/smartFolder/create', { name: 'parent', conditions: parentRules }) : undefined;
        const folder = await post<SmartFolderView>('/smartFolder/create', { name: 'child', conditions: childRules, ...(parent ? { parent: parent.id } : {}) });
        for (const { at: k, tags, isDeleted } of edits) await post('/item/update', { id: rows[k % rows.length]!.id, tags, isDeleted });

        const chain = [folder, ...(parent ? [parent] : [])].map((view) => view.conditions.map((g) => ({ ...(g as Conditions[number]), rules: (g as Conditions[number]).rules })) as Conditions);
        const all = await db.items.toArray();
        const names = new Map(FOLDERS.map((f) => [f.id, f.name]));
        const tests = chain.map((conds) => compileConditions(conds, NOW));
        const matched = all
          .filter((row) => !row.isDeleted && tests.every((test) => test({ row, folderNames: row.folders.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])), comments: comments.filter((c) => c.itemId === row.id).map((c) => c.annotation) })))
          .map((row) => row.pk)
          .sort();
        for (const { offset, limit, orderBy } of requests) {
          const page = await post<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: folder.id, offset, limit, fields: ['id'], ...(orderBy ? { orderBy } : {}) });
          expect(page.total).toBe(matched.length);
          if (orderBy === 'NAME') continue;
          const ordered = orderBy === 'IMPORT' ? matched : [...matched].reverse();
          const byPk = new Map(all.map((row) => [row.pk, row.id]));
          expect(page.data.map((entry) => entry.id)).toEqual(ordered.slice(offset, offset + limit).map((pk) => byPk.get(pk)));
        }
        db.close();
      }),
      { numRuns: 40, endOnFailure: true },
    );
  }, 120_000);
});

describe('the first page walks in steps', () => {
  it('reads more candidates’ rows until the page is full, and stops there', async () => {
    // 400 PNGs, every seventh named with a z: a first step of 64 rows finds 9, the next ones the rest.
    const rows = Array.from({ length: 400 }, (_, k) => makeItemRow({ id: `Z${String(k).padStart(3, '0')}`, name: k % 7 ? 'plain' : 'zebra', importedAt: NOW - 400_000 + k * 1000 }));
    const { api, library, db } = await seededLibrary(rows);
    const post = async <T>(path: string, body: Record<string, unknown>) => (await call<T>(api, 'POST', path, body, { library })).data;
    const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'type', method: 'equal', value: 'png' }, { property: 'name', method: 'contain', value: 'z' }] }];
    const folder = await post<SmartFolderView>('/smartFolder/create', { name: 'z', conditions });
    const zebras = rows.filter((_, k) => k % 7 === 0).map((row) => row.id).reverse();
    const bulkGet = vi.spyOn(db.items, 'bulkGet');
    for (const [offset, limit] of [[0, 50], [30, 20], [55, 10], [0, 1]] as const) {
      bulkGet.mockClear();
      const page = await post<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: folder.id, offset, limit, fields: ['id'] });
      expect(page.total).toBe(zebras.length);
      expect(page.data.map((entry) => entry.id)).toEqual(zebras.slice(offset, offset + limit));
      // The walk read fewer rows than the 400 candidates while the page was not at the end.
      const walked = bulkGet.mock.calls.slice(0, -1).reduce((sum, call) => sum + call[0].length, 0);
      if (offset + limit < zebras.length) expect(walked).toBeLessThan(400);
    }
    vi.restoreAllMocks();
    db.close();
  });
});
