// The pure rule engine, property by property and method by method. Dates are built in local time
// (`at`), because rules compare local calendar days; the tests hold in any time zone.
import { describe, expect, it } from 'vitest';
import { compileRule, matchesConditions, type RuleSubject } from '../../src/core/smart-folders/evaluate';
import { localMidnight } from '../../src/core/smart-folders/ranges';
import type { Conditions } from '../../src/core/smart-folders/rules';
import type { ItemRow } from '../../src/core/storage/rows';
import { at, NOW, rule, subject } from './fixtures/smart-folders';

type Case = [string, Record<string, unknown>, Partial<ItemRow>, Partial<Omit<RuleSubject, 'row'>>, boolean];
const KB = 1024;
const MB = 1024 * 1024;
const red = (ratio: number) => ({ color: [250, 20, 20] as [number, number, number], ratio });
const grey = (ratio: number) => ({ color: [128, 128, 128] as [number, number, number], ratio });

const STRING_CASES: Case[] = [
  ['name equal ignores case', { property: 'name', method: 'equal', value: 'Cat' }, { name: 'cAT' }, {}, true],
  ['name equal is the whole name', { property: 'name', method: 'equal', value: 'cat' }, { name: 'cats' }, {}, false],
  ['name startWith', { property: 'name', method: 'startWith', value: 'CA' }, { name: 'Catalog' }, {}, true],
  ['name startWith misses a middle', { property: 'name', method: 'startWith', value: 'ca' }, { name: 'scat' }, {}, false],
  ['name endWith', { property: 'name', method: 'endWith', value: 'AT' }, { name: 'scat' }, {}, true],
  ['name endWith misses a start', { property: 'name', method: 'endWith', value: 'ca' }, { name: 'cats' }, {}, false],
  ['name contain', { property: 'name', method: 'contain', value: 'AT' }, { name: 'Scatter' }, {}, true],
  ['name contain misses', { property: 'name', method: 'contain', value: 'at' }, { name: 'dog' }, {}, false],
  ['name uncontain', { property: 'name', method: 'uncontain', value: 'at' }, { name: 'dog' }, {}, true],
  ['name uncontain refuses', { property: 'name', method: 'uncontain', value: 'AT' }, { name: 'cat' }, {}, false],
  ['name empty', { property: 'name', method: 'empty' }, { name: '' }, {}, true],
  ['name empty refuses a name', { property: 'name', method: 'empty' }, { name: 'x' }, {}, false],
  ['name not-empty', { property: 'name', method: 'not-empty' }, { name: 'x' }, {}, true],
  ['name not-empty refuses ""', { property: 'name', method: 'not-empty' }, { name: '' }, {}, false],
  ['name regex with the i flag', { property: 'name', method: 'regex', value: '^c.t$' }, { name: 'CAT' }, {}, true],
  ['name regex misses', { property: 'name', method: 'regex', value: '^c.t$' }, { name: 'cart' }, {}, false],
  ['name regex in JavaScript syntax', { property: 'name', method: 'regex', value: '(?<year>\\d{4})-\\d\\d' }, { name: 'shot 2024-03' }, {}, true],
  ['pathological regex answers false', { property: 'name', method: 'regex', value: '(a+)+$' }, { name: `${'a'.repeat(20_000)}b` }, {}, false],
  ['pathological regex answers true', { property: 'name', method: 'regex', value: '(a+)+$' }, { name: 'a'.repeat(20_000) }, {}, true],
  ['url contain', { property: 'url', method: 'contain', value: 'example.com' }, { url: 'https://EXAMPLE.com/x' }, {}, true],
  ['url empty', { property: 'url', method: 'empty' }, { url: '' }, {}, true],
  ['annotation equal', { property: 'annotation', method: 'equal', value: 'Hero shot' }, { annotation: 'hero SHOT' }, {}, true],
  ['annotation not-empty', { property: 'annotation', method: 'not-empty' }, { annotation: '' }, {}, false],
  ['comments contain: any comment', { property: 'comments', method: 'contain', value: 'todo' }, {}, { comments: ['fix', 'TODO later'] }, true],
  ['comments contain: no comments', { property: 'comments', method: 'contain', value: 'todo' }, {}, { comments: [] }, false],
  ['comments uncontain: every comment', { property: 'comments', method: 'uncontain', value: 'todo' }, {}, { comments: ['fix', 'todo'] }, false],
  ['comments uncontain: no comments', { property: 'comments', method: 'uncontain', value: 'todo' }, {}, { comments: [] }, true],
  ['comments empty: none', { property: 'comments', method: 'empty' }, {}, { comments: [] }, true],
  ['comments empty: one', { property: 'comments', method: 'empty' }, {}, { comments: ['x'] }, false],
  ['comments not-empty', { property: 'comments', method: 'not-empty' }, {}, { comments: ['x'] }, true],
  ['comments regex', { property: 'comments', method: 'regex', value: '\\bv\\d+' }, {}, { comments: ['see V2'] }, true],
  ['folderName equal: any folder', { property: 'folderName', method: 'equal', value: 'Work' }, {}, { folderNames: ['home', 'work'] }, true],
  ['folderName startWith', { property: 'folderName', method: 'startWith', value: 'ref' }, {}, { folderNames: ['References'] }, true],
  ['folderName endWith', { property: 'folderName', method: 'endWith', value: 'ces' }, {}, { folderNames: ['References'] }, true],
  ['folderName contain', { property: 'folderName', method: 'contain', value: 'fer' }, {}, { folderNames: ['Home'] }, false],
  ['folderName uncontain: every folder', { property: 'folderName', method: 'uncontain', value: 'work' }, {}, { folderNames: ['Home', 'Work'] }, false],
  ['folderName uncontain: unfiled', { property: 'folderName', method: 'uncontain', value: 'work' }, {}, { folderNames: [] }, true],
  ['folderName empty', { property: 'folderName', method: 'empty' }, {}, { folderNames: [] }, true],
  ['folderName not-empty', { property: 'folderName', method: 'not-empty' }, {}, { folderNames: ['a'] }, true],
  ['folderName regex', { property: 'folderName', method: 'regex', value: '^20\\d\\d$' }, {}, { folderNames: ['2023'] }, true],
];

const NUMBER_CASES: Case[] = [
  ['width = hit', { property: 'width', method: '=', value: [100] }, { width: 100 }, {}, true],
  ['width = miss', { property: 'width', method: '=', value: [100] }, { width: 101 }, {}, false],
  ['width > above', { property: 'width', method: '>', value: [100] }, { width: 101 }, {}, true],
  ['width > at the bound', { property: 'width', method: '>', value: [100] }, { width: 100 }, {}, false],
  ['width >= at the bound', { property: 'width', method: '>=', value: [100] }, { width: 100 }, {}, true],
  ['width >= below', { property: 'width', method: '>=', value: [100] }, { width: 99 }, {}, false],
  ['width < below', { property: 'width', method: '<', value: [100] }, { width: 99 }, {}, true],
  ['width < at the bound', { property: 'width', method: '<', value: [100] }, { width: 100 }, {}, false],
  ['width < skips items without a width', { property: 'width', method: '<', value: [100] }, { width: 0, height: 0 }, {}, false],
  ['width <= at the bound', { property: 'width', method: '<=', value: [100] }, { width: 100 }, {}, true],
  ['width between: low end', { property: 'width', method: 'between', value: [100, 200] }, { width: 100 }, {}, true],
  ['width between: high end', { property: 'width', method: 'between', value: [100, 200] }, { width: 200 }, {}, true],
  ['width between: above', { property: 'width', method: 'between', value: [100, 200] }, { width: 201 }, {}, false],
  ['width accepts a bare number', { property: 'width', method: '>', value: 1920 }, { width: 3840 }, {}, true],
  ['height >', { property: 'height', method: '>', value: [1080] }, { height: 1081 }, {}, true],
  ['height between', { property: 'height', method: 'between', value: [10, 20] }, { height: 21 }, {}, false],
  ['fileSize > 1 kb (1024 bytes)', { property: 'fileSize', method: '>', value: [1], unit: 'kb' }, { size: KB + 1 }, {}, true],
  ['fileSize > 1 kb at the bound', { property: 'fileSize', method: '>', value: [1], unit: 'kb' }, { size: KB }, {}, false],
  ['fileSize = 2 mb: rounds up from 1.5', { property: 'fileSize', method: '=', value: [2], unit: 'mb' }, { size: 1.5 * MB }, {}, true],
  ['fileSize = 2 mb: 2.49', { property: 'fileSize', method: '=', value: [2], unit: 'mb' }, { size: 2.49 * MB }, {}, true],
  ['fileSize = 2 mb: 2.5 rounds to 3', { property: 'fileSize', method: '=', value: [2], unit: 'mb' }, { size: 2.5 * MB }, {}, false],
  ['fileSize = 1.5 mb: at its precision', { property: 'fileSize', method: '=', value: [1.5], unit: 'mb' }, { size: 1.46 * MB }, {}, true],
  ['fileSize = 1.5 mb: 1.56 is 1.6', { property: 'fileSize', method: '=', value: [1.5], unit: 'mb' }, { size: 1.56 * MB }, {}, false],
  ['fileSize <= 10 kb', { property: 'fileSize', method: '<=', value: [10], unit: 'kb' }, { size: 10 * KB }, {}, true],
  ['fileSize <= skips bookmarks (no file)', { property: 'fileSize', method: '<=', value: [10], unit: 'kb' }, { size: 0 }, {}, false],
  ['fileSize between mb', { property: 'fileSize', method: 'between', value: [1, 2], unit: 'mb' }, { size: 2 * MB + 1 }, {}, false],
  ['fileSize >= mb', { property: 'fileSize', method: '>=', value: [1], unit: 'mb' }, { size: MB }, {}, true],
  ['fileSize < kb', { property: 'fileSize', method: '<', value: [1], unit: 'kb' }, { size: 1000 }, {}, true],
  ['duration > 1 m (60 s)', { property: 'duration', method: '>', value: [1], unit: 'm' }, { duration: 61 }, {}, true],
  ['duration > 1 m at the bound', { property: 'duration', method: '>', value: [1], unit: 'm' }, { duration: 60 }, {}, false],
  ['duration < 10 s', { property: 'duration', method: '<', value: [10], unit: 's' }, { duration: 9 }, {}, true],
  ['duration < 10 s skips stills', { property: 'duration', method: '<', value: [10], unit: 's' }, { duration: 0 }, {}, false],
  ['duration between 1 and 2 h', { property: 'duration', method: 'between', value: [1, 2], unit: 'h' }, { duration: 7200 }, {}, true],
  ['duration between h above', { property: 'duration', method: 'between', value: [1, 2], unit: 'h' }, { duration: 7201 }, {}, false],
  ['duration = 30 s', { property: 'duration', method: '=', value: [30], unit: 's' }, { duration: 30.4 }, {}, true],
  ['duration = 30 s: 30.5 rounds away', { property: 'duration', method: '=', value: [30], unit: 's' }, { duration: 30.5 }, {}, false],
  ['duration >= h', { property: 'duration', method: '>=', value: [0.5], unit: 'h' }, { duration: 1800 }, {}, true],
  ['duration <= m', { property: 'duration', method: '<=', value: [2], unit: 'm' }, { duration: 121 }, {}, false],
];

const d = (y: number, m: number, day: number, h = 0, min = 0) => at(y, m, day, h, min);
const DATE_CASES: Case[] = [
  ['mtime on: local midnight', { property: 'mtime', method: 'on', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 10) }, {}, true],
  ['mtime on: last minute of the day', { property: 'mtime', method: 'on', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 10, 23, 59) }, {}, true],
  ['mtime on: next midnight', { property: 'mtime', method: 'on', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 11) }, {}, false],
  ['mtime on: minute before', { property: 'mtime', method: 'on', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 9, 23, 59) }, {}, false],
  ['mtime on: a value inside the day means that day', { property: 'mtime', method: 'on', value: [d(2024, 3, 10, 15)] }, { modificationTime: d(2024, 3, 10, 1) }, {}, true],
  ['mtime before: day before', { property: 'mtime', method: 'before', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 9, 23, 59) }, {}, true],
  ['mtime before: the day itself', { property: 'mtime', method: 'before', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 10) }, {}, false],
  ['mtime after: the day itself', { property: 'mtime', method: 'after', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 10, 23, 59) }, {}, false],
  ['mtime after: next midnight', { property: 'mtime', method: 'after', value: [d(2024, 3, 10)] }, { modificationTime: d(2024, 3, 11) }, {}, true],
  ['mtime between: first day', { property: 'mtime', method: 'between', value: [d(2024, 3, 10), d(2024, 3, 12)] }, { modificationTime: d(2024, 3, 10) }, {}, true],
  ['mtime between: last day, late', { property: 'mtime', method: 'between', value: [d(2024, 3, 10), d(2024, 3, 12)] }, { modificationTime: d(2024, 3, 12, 23, 59) }, {}, true],
  ['mtime between: day after', { property: 'mtime', method: 'between', value: [d(2024, 3, 10), d(2024, 3, 12)] }, { modificationTime: d(2024, 3, 13) }, {}, false],
  ['mtime between: day before', { property: 'mtime', method: 'between', value: [d(2024, 3, 10), d(2024, 3, 12)] }, { modificationTime: d(2024, 3, 9, 23, 59) }, {}, false],
  ['mtime within 1: today', { property: 'mtime', method: 'within', value: [1] }, { modificationTime: d(2024, 3, 15) }, {}, true],
  ['mtime within 1: yesterday', { property: 'mtime', method: 'within', value: [1] }, { modificationTime: d(2024, 3, 14, 23, 59) }, {}, false],
  ['mtime within 7: first of the 7 days', { property: 'mtime', method: 'within', value: [7] }, { modificationTime: d(2024, 3, 9) }, {}, true],
  ['mtime within 7: the day before them', { property: 'mtime', method: 'within', value: [7] }, { modificationTime: d(2024, 3, 8, 23, 59) }, {}, false],
  ['mtime within 7: tomorrow is not within', { property: 'mtime', method: 'within', value: [7] }, { modificationTime: d(2024, 3, 16) }, {}, false],
  ['createTime reads the import time', { property: 'createTime', method: 'on', value: [d(2023, 12, 31)] }, { importedAt: d(2023, 12, 31, 22) }, {}, true],
  ['createTime before', { property: 'createTime', method: 'before', value: [d(2024, 1, 1)] }, { importedAt: d(2024, 1, 1, 0, 1) }, {}, false],
  ['createTime after', { property: 'createTime', method: 'after', value: [d(2024, 1, 1)] }, { importedAt: d(2024, 1, 2) }, {}, true],
  ['createTime between', { property: 'createTime', method: 'between', value: [d(2024, 1, 1), d(2024, 1, 1)] }, { importedAt: d(2024, 1, 1, 12) }, {}, true],
  ['createTime within', { property: 'createTime', method: 'within', value: [30] }, { importedAt: d(2024, 2, 15) }, {}, true],
  ['btime on', { property: 'btime', method: 'on', value: [d(2020, 6, 1)] }, { btime: d(2020, 6, 1, 8) }, {}, true],
  ['btime before', { property: 'btime', method: 'before', value: [d(2020, 6, 1)] }, { btime: d(2020, 5, 31) }, {}, true],
  ['btime after', { property: 'btime', method: 'after', value: [d(2020, 6, 1)] }, { btime: d(2020, 6, 1, 23) }, {}, false],
  ['btime between', { property: 'btime', method: 'between', value: [d(2020, 1, 1), d(2020, 12, 31)] }, { btime: d(2021, 1, 1) }, {}, false],
  ['btime within', { property: 'btime', method: 'within', value: [365] }, { btime: d(2020, 6, 1) }, {}, false],
];

const SET_CASES: Case[] = [
  ['tags union: has one', { property: 'tags', method: 'union', value: ['a', 'b'] }, { tags: ['b', 'c'] }, {}, true],
  ['tags union: has none', { property: 'tags', method: 'union', value: ['a', 'b'] }, { tags: ['c'] }, {}, false],
  ['tags intersection: has all', { property: 'tags', method: 'intersection', value: ['a', 'b'] }, { tags: ['a', 'b', 'c'] }, {}, true],
  ['tags intersection: has one', { property: 'tags', method: 'intersection', value: ['a', 'b'] }, { tags: ['a'] }, {}, false],
  ['tags equal: same set, other order', { property: 'tags', method: 'equal', value: ['a', 'b'] }, { tags: ['b', 'a'] }, {}, true],
  ['tags equal: one more', { property: 'tags', method: 'equal', value: ['a', 'b'] }, { tags: ['a', 'b', 'c'] }, {}, false],
  ['tags equal: one fewer', { property: 'tags', method: 'equal', value: ['a', 'b'] }, { tags: ['a'] }, {}, false],
  ['tags identity: none of them', { property: 'tags', method: 'identity', value: ['a', 'b'] }, { tags: ['c'] }, {}, true],
  ['tags identity: one of them', { property: 'tags', method: 'identity', value: ['a', 'b'] }, { tags: ['a', 'c'] }, {}, false],
  ['tags identity: untagged', { property: 'tags', method: 'identity', value: ['a'] }, { tags: [] }, {}, true],
  ['tags empty', { property: 'tags', method: 'empty' }, { tags: [] }, {}, true],
  ['tags empty: tagged', { property: 'tags', method: 'empty' }, { tags: ['a'] }, {}, false],
  ['tags not-empty', { property: 'tags', method: 'not-empty' }, { tags: ['a'] }, {}, true],
  ['tags not-empty: untagged', { property: 'tags', method: 'not-empty' }, { tags: [] }, {}, false],
  ['tags compare exactly (tags are names)', { property: 'tags', method: 'union', value: ['Cat'] }, { tags: ['cat'] }, {}, false],
  ['folders union', { property: 'folders', method: 'union', value: ['F1', 'F2'] }, { folders: ['F2'] }, {}, true],
  ['folders intersection', { property: 'folders', method: 'intersection', value: ['F1', 'F2'] }, { folders: ['F2'] }, {}, false],
  ['folders equal', { property: 'folders', method: 'equal', value: ['F1'] }, { folders: ['F1'] }, {}, true],
  ['folders identity', { property: 'folders', method: 'identity', value: ['F1'] }, { folders: ['F2'] }, {}, true],
  ['folders empty', { property: 'folders', method: 'empty' }, { folders: [] }, {}, true],
  ['folders not-empty', { property: 'folders', method: 'not-empty' }, { folders: [] }, {}, false],
];

const ENUM_CASES: Case[] = [
  ['type equal ext', { property: 'type', method: 'equal', value: 'png' }, { ext: 'png' }, {}, true],
  ['type equal ext miss', { property: 'type', method: 'equal', value: 'png' }, { ext: 'jpg' }, {}, false],
  ['type equal ext ignores case and dot', { property: 'type', method: 'equal', value: '.PNG' }, { ext: 'png' }, {}, true],
  ['type equal category', { property: 'type', method: 'equal', value: 'image' }, { ext: 'jpg' }, {}, true],
  ['type equal category miss', { property: 'type', method: 'equal', value: 'image' }, { ext: 'mp4' }, {}, false],
  ['type unequal category', { property: 'type', method: 'unequal', value: 'video' }, { ext: 'jpg' }, {}, true],
  ['type unequal category miss', { property: 'type', method: 'unequal', value: 'video' }, { ext: 'mp4' }, {}, false],
  ['type bookmark', { property: 'type', method: 'equal', value: 'bookmark' }, { ext: 'url' }, {}, true],
  ['type font', { property: 'type', method: 'equal', value: 'font' }, { ext: 'woff2' }, {}, true],
  ['type audio', { property: 'type', method: 'equal', value: 'audio' }, { ext: 'flac' }, {}, true],
  ['rating equal none', { property: 'rating', method: 'equal', value: 'none' }, { star: 0 }, {}, true],
  ['rating equal none: rated', { property: 'rating', method: 'equal', value: 'none' }, { star: 1 }, {}, false],
  ['rating equal 3', { property: 'rating', method: 'equal', value: '3' }, { star: 3 }, {}, true],
  ['rating equal takes a number', { property: 'rating', method: 'equal', value: 3 }, { star: 3 }, {}, true],
  ['rating unequal', { property: 'rating', method: 'unequal', value: '3' }, { star: 2 }, {}, true],
  ['rating unequal miss', { property: 'rating', method: 'unequal', value: '3' }, { star: 3 }, {}, false],
  ['rating contain', { property: 'rating', method: 'contain', value: ['4', '5'] }, { star: 5 }, {}, true],
  ['rating contain miss', { property: 'rating', method: 'contain', value: ['4', '5'] }, { star: 3 }, {}, false],
  ['rating contain none', { property: 'rating', method: 'contain', value: ['none', '1'] }, { star: 0 }, {}, true],
  ['shape equal square', { property: 'shape', method: 'equal', value: 'square' }, { width: 100, height: 100 }, {}, true],
  ['shape equal square miss', { property: 'shape', method: 'equal', value: 'square' }, { width: 200, height: 100 }, {}, false],
  ['shape equal landscape', { property: 'shape', method: 'equal', value: 'landscape' }, { width: 160, height: 100 }, {}, true],
  ['shape equal panoramic-landscape', { property: 'shape', method: 'equal', value: 'panoramic-landscape' }, { width: 400, height: 100 }, {}, true],
  ['shape equal portrait', { property: 'shape', method: 'equal', value: 'portrait' }, { width: 80, height: 100 }, {}, true],
  ['shape equal panoramic-portrait', { property: 'shape', method: 'equal', value: 'panoramic-portrait' }, { width: 50, height: 100 }, {}, true],
  ['shape unequal', { property: 'shape', method: 'unequal', value: 'portrait' }, { width: 100, height: 100 }, {}, true],
  ['shape unequal miss', { property: 'shape', method: 'unequal', value: 'portrait' }, { width: 80, height: 100 }, {}, false],
  ['shape unequal: no dimensions, no shape', { property: 'shape', method: 'unequal', value: 'square' }, { width: 0, height: 0 }, {}, true],
  ['shape custom 16:9', { property: 'shape', method: 'equal', value: 'custom', width: 16, height: 9 }, { width: 1920, height: 1080 }, {}, true],
  ['shape custom 16:9 within 1 %', { property: 'shape', method: 'equal', value: 'custom', width: 16, height: 9 }, { width: 1366, height: 768 }, {}, true],
  ['shape custom 16:9 miss', { property: 'shape', method: 'equal', value: 'custom', width: 16, height: 9 }, { width: 1280, height: 1024 }, {}, false],
  ['shape custom without dimensions', { property: 'shape', method: 'equal', value: 'custom', width: 1, height: 1 }, { width: 0, height: 0 }, {}, false],
  ['shape custom unequal', { property: 'shape', method: 'unequal', value: 'custom', width: 16, height: 9 }, { width: 1280, height: 1024 }, {}, true],
  ['color similar', { property: 'color', method: 'similar', value: '#FF0000' }, { palettes: [grey(60), red(40)] }, {}, true],
  ['color similar: dark red', { property: 'color', method: 'similar', value: '#ff0000' }, { palettes: [{ color: [180, 0, 0], ratio: 30 }] }, {}, true],
  ['color similar: blue', { property: 'color', method: 'similar', value: '#ff0000' }, { palettes: [{ color: [0, 0, 255], ratio: 90 }] }, {}, false],
  ['color similar: a speck of red', { property: 'color', method: 'similar', value: '#ff0000' }, { palettes: [grey(98), red(2)] }, {}, false],
  ['color similar: no palette', { property: 'color', method: 'similar', value: '#ff0000' }, { palettes: [] }, {}, false],
  ['color accuracy: near', { property: 'color', method: 'accuracy', value: '#f00' }, { palettes: [{ color: [230, 30, 30], ratio: 30 }] }, {}, true],
  ['color accuracy: same family only', { property: 'color', method: 'accuracy', value: '#ff0000' }, { palettes: [{ color: [200, 60, 60], ratio: 30 }] }, {}, false],
  ['color grayscale', { property: 'color', method: 'grayscale' }, { palettes: [grey(50), { color: [20, 20, 20], ratio: 50 }] }, {}, true],
  ['color grayscale: a coloured area', { property: 'color', method: 'grayscale' }, { palettes: [grey(50), red(50)] }, {}, false],
  ['color grayscale: a speck of colour', { property: 'color', method: 'grayscale' }, { palettes: [grey(98), red(2)] }, {}, true],
  ['color grayscale: no palette', { property: 'color', method: 'grayscale' }, { palettes: [] }, {}, false],
];

describe('rule evaluation', () => {
  it.each([...STRING_CASES, ...NUMBER_CASES, ...DATE_CASES, ...SET_CASES, ...ENUM_CASES])('%s', (_name, raw, row, extra, expected) => {
    expect(compileRule(rule(raw), NOW)(subject(row, extra))).toBe(expected);
  });
});

const cat = { property: 'name', method: 'contain', value: 'cat' };
const big = { property: 'width', method: '>=', value: [1000] };
const png = { property: 'type', method: 'equal', value: 'png' };
const conditions = (...groups: [string, string, Record<string, unknown>[]][]): Conditions =>
  groups.map(([match, boolean, rules]) => ({ match, boolean, rules: rules.map(rule) }) as Conditions[number]);

describe('condition groups', () => {
  it.each<[string, Conditions, Partial<ItemRow>, boolean]>([
    ['AND: all rules', conditions(['AND', 'TRUE', [cat, big]]), { name: 'cat', width: 1000 }, true],
    ['AND: one rule fails', conditions(['AND', 'TRUE', [cat, big]]), { name: 'cat', width: 999 }, false],
    ['OR: one rule is enough', conditions(['OR', 'TRUE', [cat, big]]), { name: 'dog', width: 1000 }, true],
    ['OR: no rule', conditions(['OR', 'TRUE', [cat, big]]), { name: 'dog', width: 10 }, false],
    ['FALSE group excludes its matches', conditions(['AND', 'TRUE', [cat]], ['AND', 'FALSE', [png]]), { name: 'cat', ext: 'png' }, false],
    ['FALSE group keeps the rest', conditions(['AND', 'TRUE', [cat]], ['AND', 'FALSE', [png]]), { name: 'cat', ext: 'jpg' }, true],
    ['FALSE OR group excludes on any rule', conditions(['AND', 'TRUE', [cat]], ['OR', 'FALSE', [png, big]]), { name: 'cat', ext: 'jpg', width: 2000 }, false],
    ['FALSE AND group needs all its rules', conditions(['AND', 'TRUE', [cat]], ['AND', 'FALSE', [png, big]]), { name: 'cat', ext: 'png', width: 10 }, true],
    ['only a FALSE group: everything else', conditions(['AND', 'FALSE', [png]]), { ext: 'jpg' }, true],
    ['two TRUE groups: both', conditions(['AND', 'TRUE', [cat]], ['OR', 'TRUE', [png, big]]), { name: 'cat', ext: 'gif', width: 5 }, false],
  ])('%s', (_name, groups, row, expected) => {
    expect(matchesConditions(groups, subject(row), NOW)).toBe(expected);
  });
});

describe('local days', () => {
  it('starts every day of a year at local midnight, 23 to 25 hours apart', () => {
    for (let day = at(2024, 1, 1, 12); day < at(2025, 1, 1); day += 86_400_000) {
      const start = localMidnight(day);
      const next = localMidnight(day, 1);
      expect(new Date(start).getHours()).toBe(0);
      expect(new Date(start).getDate()).toBe(new Date(day).getDate());
      expect([23, 24, 25]).toContain((next - start) / 3_600_000);
    }
  });
});
