// The planner answers rules from indexes; this checks it against the pure evaluator, rule by
// rule, on a library with items of every kind (including trashed ones, which never match).
import { describe, expect, it, vi } from 'vitest';
import { compileConditions, type RuleSubject } from '../../src/core/smart-folders/evaluate';
import { matchConditions } from '../../src/core/smart-folders/match';
import type { Conditions } from '../../src/core/smart-folders/rules';
import type { LibraryDb } from '../../src/core/storage/library-db';
import type { ItemRow } from '../../src/core/storage/rows';
import { makeItemRow } from './fixtures/item-rows';
import { at, commentRow, folderRow, NOW, rule, seededLibrary } from './fixtures/smart-folders';

const MB = 1024 * 1024;
const rows: ItemRow[] = [
  makeItemRow({ id: 'I01', name: 'Cat on a mat', tags: ['cat', 'animal'], folders: ['F1'], width: 1920, height: 1080, size: 2 * MB, importedAt: at(2024, 3, 15, 9) }),
  makeItemRow({ id: 'I02', name: 'cat', tags: ['cat'], ext: 'jpg', width: 800, height: 800, star: 5, importedAt: at(2024, 3, 14, 23, 59) }),
  makeItemRow({ id: 'I03', name: 'Dog', tags: ['dog', 'animal'], folders: ['F2'], ext: 'gif', width: 400, height: 100, star: 3, importedAt: at(2024, 3, 10) }),
  makeItemRow({ id: 'I04', name: 'catalogue', tags: [], ext: 'pdf', width: 0, height: 0, size: 300 * 1024, importedAt: at(2024, 1, 1) }),
  makeItemRow({ id: 'I05', name: '', url: 'https://example.com/a', ext: 'url', width: 0, height: 0, size: 0, importedAt: at(2023, 12, 31, 23) }),
  makeItemRow({ id: 'I06', name: 'clip', ext: 'mp4', duration: 75, width: 1280, height: 720, annotation: 'Hero shot', importedAt: at(2024, 3, 12) }),
  makeItemRow({ id: 'I07', name: 'song', ext: 'mp3', duration: 3 * 3600, width: 0, height: 0, importedAt: at(2024, 2, 29) }),
  makeItemRow({ id: 'I08', name: 'Cat trashed', tags: ['cat'], isDeleted: true, importedAt: at(2024, 3, 15, 10) }),
  makeItemRow({ id: 'I09', name: 'red poster', tags: ['cat', 'poster'], folders: ['F1', 'F2'], width: 600, height: 900, star: 1, palettes: [{ color: [240, 10, 10], ratio: 70 }, { color: [120, 120, 120], ratio: 30 }], modificationTime: at(2024, 3, 10, 12), btime: at(2020, 5, 5) }),
  makeItemRow({ id: 'I10', name: 'grey study', tags: ['poster'], folders: ['F3'], width: 500, height: 1200, palettes: [{ color: [128, 128, 128], ratio: 90 }, { color: [255, 0, 0], ratio: 2 }], modificationTime: at(2024, 3, 15) }),
  makeItemRow({ id: 'I11', name: 'Font', ext: 'woff2', width: 0, height: 0, size: 40 * 1024, folders: ['F3'], star: 4 }),
  makeItemRow({ id: 'I12', name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', ext: 'svg', width: 1600, height: 900 }),
];
const folders = [folderRow('F1', 'Work'), folderRow('F2', 'Home'), folderRow('F3', 'Work archive', 'F1')];
const comments = [commentRow('I01', 'todo: crop'), commentRow('I03', 'looks fine'), commentRow('I08', 'todo too')];

/** What the evaluator alone says, over every row: the reference for the planner. */
async function bruteForce(db: LibraryDb, conditions: Conditions): Promise<string[]> {
  const test = compileConditions(conditions, NOW);
  const names = new Map((await db.folders.toArray()).map((f) => [f.id, f.name]));
  const all = await db.comments.toArray();
  const subjects: RuleSubject[] = (await db.items.toArray()).map((row) => ({
    row,
    folderNames: row.folders.map((id) => names.get(id)!),
    comments: all.filter((c) => c.itemId === row.id).map((c) => c.annotation),
  }));
  return subjects.filter((s) => !s.row.isDeleted && test(s)).map((s) => s.row.pk).sort();
}

const RULES: Record<string, unknown>[] = [
  ...['equal', 'startWith', 'endWith', 'contain', 'uncontain', 'regex'].flatMap((method) =>
    ['name', 'url', 'annotation', 'comments', 'folderName'].map((property) => ({ property, method, value: method === 'regex' ? '^(c|h|w)' : property === 'url' ? 'example' : 'cat' })),
  ),
  ...['empty', 'not-empty'].flatMap((method) => ['name', 'url', 'annotation', 'comments', 'folderName'].map((property) => ({ property, method }))),
  { property: 'name', method: 'regex', value: '(a+)+$' },
  { property: 'folderName', method: 'startWith', value: 'work' },
  { property: 'folderName', method: 'equal', value: 'WORK' },
  ...['=', '>=', '<=', '>', '<'].flatMap((method) => [
    { property: 'width', method, value: [800] },
    { property: 'height', method, value: [1080] },
    { property: 'fileSize', method, value: [2], unit: 'mb' },
    { property: 'duration', method, value: [75], unit: 's' },
  ]),
  { property: 'width', method: 'between', value: [500, 1600] },
  { property: 'width', method: '<', value: [0] },
  { property: 'fileSize', method: '<=', value: [0], unit: 'kb' },
  { property: 'fileSize', method: 'between', value: [30, 400], unit: 'kb' },
  { property: 'duration', method: 'between', value: [1, 3], unit: 'h' },
  ...['createTime', 'mtime', 'btime'].flatMap((property) => [
    { property, method: 'on', value: [at(2024, 3, 15)] },
    { property, method: 'before', value: [at(2024, 3, 10)] },
    { property, method: 'after', value: [at(2024, 3, 10)] },
    { property, method: 'between', value: [at(2023, 12, 31), at(2024, 3, 12)] },
    { property, method: 'within', value: [2] },
    { property, method: 'within', value: [30] },
  ]),
  ...['union', 'intersection', 'equal', 'identity'].flatMap((method) => [
    { property: 'tags', method, value: ['cat', 'animal'] },
    { property: 'folders', method, value: ['F1', 'F2'] },
  ]),
  { property: 'tags', method: 'equal', value: ['cat'] },
  ...['empty', 'not-empty'].flatMap((method) => [{ property: 'tags', method }, { property: 'folders', method }]),
  ...['png', 'image', 'video', 'bookmark', 'font'].flatMap((value) => ['equal', 'unequal'].map((method) => ({ property: 'type', method, value }))),
  { property: 'rating', method: 'equal', value: 'none' },
  { property: 'rating', method: 'unequal', value: '5' },
  { property: 'rating', method: 'contain', value: ['3', '4', '5'] },
  ...['square', 'landscape', 'portrait', 'panoramic-landscape', 'panoramic-portrait'].flatMap((value) => ['equal', 'unequal'].map((method) => ({ property: 'shape', method, value }))),
  { property: 'shape', method: 'equal', value: 'custom', width: 16, height: 9 },
  { property: 'shape', method: 'unequal', value: 'custom', width: 16, height: 9 },
  { property: 'color', method: 'similar', value: '#ff0000' },
  { property: 'color', method: 'accuracy', value: '#ff0000' },
  { property: 'color', method: 'grayscale' },
];

const group = (match: 'AND' | 'OR', boolean: 'TRUE' | 'FALSE', raws: Record<string, unknown>[]) => ({ match, boolean, rules: raws.map(rule) });
const catTag = { property: 'tags', method: 'union', value: ['cat'] };
const wide = { property: 'width', method: '>=', value: [800] };
const image = { property: 'type', method: 'equal', value: 'image' };
const named = { property: 'name', method: 'contain', value: 'cat' };
const noted = { property: 'comments', method: 'contain', value: 'todo' };

const COMBINATIONS: [string, Conditions][] = [
  ['tag AND width AND type (all from indexes)', [group('AND', 'TRUE', [catTag, wide, image])]],
  ['tag OR name (one rule on rows)', [group('OR', 'TRUE', [catTag, named])]],
  ['tag OR width (union of indexes)', [group('OR', 'TRUE', [catTag, wide])]],
  ['include images, exclude the cat tag', [group('AND', 'TRUE', [image]), group('AND', 'FALSE', [catTag])]],
  ['exclude only (index)', [group('AND', 'FALSE', [wide])]],
  ['exclude only (rows)', [group('OR', 'FALSE', [named, noted])]],
  ['two TRUE groups', [group('OR', 'TRUE', [catTag, wide]), group('AND', 'TRUE', [named])]],
  ['negated index rules only', [group('AND', 'TRUE', [{ property: 'tags', method: 'identity', value: ['cat'] }, { property: 'type', method: 'unequal', value: 'image' }])]],
];

describe('the planner agrees with the evaluator', async () => {
  const { db } = await seededLibrary(rows, { folders, comments });

  it.each(RULES.map((raw) => [`${raw.property} ${raw.method} ${JSON.stringify(raw.value ?? '')}`, raw] as const))('%s', async (_name, raw) => {
    const conditions = [group('AND', 'TRUE', [raw])];
    expect(await matchConditions(db, conditions, NOW)).toEqual(await bruteForce(db, conditions));
  });

  it.each(COMBINATIONS)('%s', async (_name, conditions) => {
    const expected = await bruteForce(db, conditions);
    expect(expected.length).toBeGreaterThan(0);
    expect(await matchConditions(db, conditions, NOW)).toEqual(expected);
  });

  it('keeps only keys within the parent set', async () => {
    const conditions = [group('AND', 'TRUE', [catTag])];
    const within = (await matchConditions(db, [group('AND', 'TRUE', [wide])], NOW));
    const expected = (await bruteForce(db, conditions)).filter((pk) => within.includes(pk));
    expect(expected.length).toBeGreaterThan(0);
    expect(await matchConditions(db, conditions, NOW, within)).toEqual(expected);
  });

  it('reads no rows when indexes answer every rule', async () => {
    const bulkGet = vi.spyOn(db.items, 'bulkGet');
    const where = vi.spyOn(db.items, 'where');
    await matchConditions(db, COMBINATIONS[0]![1], NOW);
    expect(bulkGet).not.toHaveBeenCalled();
    expect(where.mock.calls.map((c) => c[0])).not.toContain(':id');
    await matchConditions(db, COMBINATIONS[1]![1], NOW);
    expect(where.mock.calls.map((c) => c[0])).toContain(':id');
    vi.restoreAllMocks();
  });

  it('reads only the candidates left by index rules', async () => {
    const bulkGet = vi.spyOn(db.items, 'bulkGet');
    await matchConditions(db, [group('AND', 'TRUE', [catTag, named])], NOW);
    expect(bulkGet).toHaveBeenCalledTimes(1);
    expect(bulkGet.mock.calls[0]![0]).toHaveLength(rows.filter((r) => r.tags.includes('cat')).length);
    vi.restoreAllMocks();
  });
});
