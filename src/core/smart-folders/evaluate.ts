/**
 * The pure rule engine: whether one item matches a rule, a group, a set of conditions. No storage
 * here; `match.ts` decides which items to test and answers what it can from indexes first.
 */
import { foldText } from '../listing/fold-text';
import { shapeOf } from '../listing/item-row';
import type { ItemRow } from '../storage/rows';
import { ACCURATE_DISTANCE, isGrayscale, nearColour, SIMILAR_DISTANCE } from '../listing/colour-match';
import { extensionsOf } from './file-types';
import { dateRange, inRange, numberRange } from './ranges';
import { CUSTOM_SHAPE } from './rule-catalogue';
import { includes, type ColorRule, type Conditions, type DateRule, type NumberRule, type RatingOption, type RatingRule, type Rule, type SetRule, type ShapeRule, type StringMethod, type StringRule } from './rules';
import { patternTester } from './safe-regex';

/** An item with what its rules read besides the row: its folders' names and its comments' text. */
export interface RuleSubject {
  row: ItemRow;
  folderNames: readonly string[];
  comments: readonly string[];
}

export type Test<T> = (subject: T) => boolean;

/** Case-insensitive comparisons fold both sides the way item rows fold `nameKey`. */
export const fold = foldText;

/** A string method over a list of texts: `some` text passes, or (uncontain, empty) `every` text does. */
export interface TextTest {
  every: boolean;
  test: (text: string) => boolean;
}

export function textTest(method: StringMethod, value = ''): TextTest {
  const v = fold(value);
  const some = (test: (text: string) => boolean): TextTest => ({ every: false, test });
  switch (method) {
    case 'equal': return some((t) => fold(t) === v);
    case 'startWith': return some((t) => fold(t).startsWith(v));
    case 'endWith': return some((t) => fold(t).endsWith(v));
    case 'contain': return some((t) => fold(t).includes(v));
    case 'uncontain': return { every: true, test: (t) => !fold(t).includes(v) };
    case 'empty': return { every: true, test: (t) => t === '' };
    case 'not-empty': return some((t) => t !== '');
    case 'regex': return some(patternTester(value));
  }
}

export const textsHold = (q: TextTest, texts: readonly string[]) => (q.every ? texts.every(q.test) : texts.some(q.test));

const TEXTS: Record<StringRule['property'], (s: RuleSubject) => readonly string[]> = {
  name: (s) => [s.row.name],
  url: (s) => [s.row.url],
  annotation: (s) => [s.row.annotation],
  comments: (s) => s.comments,
  folderName: (s) => s.folderNames,
};

const NUMBERS: Record<NumberRule['property'], (row: ItemRow) => number> = {
  width: (row) => row.width,
  height: (row) => row.height,
  fileSize: (row) => row.size,
  duration: (row) => row.duration,
};

export const DATES: Record<DateRule['property'], (row: ItemRow) => number> = {
  createTime: (row) => row.importedAt,
  mtime: (row) => row.modificationTime,
  btime: (row) => row.btime,
};

export const starOf = (option: RatingOption) => (option === 'none' ? 0 : Number(option));

/** A custom shape matches a width/height ratio within 1 % (1366×768 is 16:9, 1280×1024 is not). */
export const CUSTOM_RATIO_TOLERANCE = 0.01;

export function compileRule(rule: Rule, now: number): Test<RuleSubject> {
  switch (rule.property) {
    case 'name': case 'url': case 'annotation': case 'comments': case 'folderName': {
      const q = textTest(rule.method, rule.value);
      const texts = TEXTS[rule.property];
      return (s) => textsHold(q, texts(s));
    }
    case 'width': case 'height': case 'fileSize': case 'duration': {
      const range = numberRange(rule);
      const read = NUMBERS[rule.property];
      return (s) => inRange(read(s.row), range);
    }
    case 'createTime': case 'mtime': case 'btime': {
      const range = dateRange(rule, now);
      const read = DATES[rule.property];
      return (s) => inRange(read(s.row), range);
    }
    case 'tags': case 'folders': return setTest(rule);
    case 'type': {
      const exts = new Set(extensionsOf(rule.value));
      return rule.method === 'equal' ? (s) => exts.has(s.row.ext) : (s) => !exts.has(s.row.ext);
    }
    case 'rating': return ratingTest(rule);
    case 'shape': return shapeTest(rule);
    case 'color': return colourTest(rule);
  }
  // Rules stored by the desktop application that this project does not evaluate (camera, bpm, ...,
  // kept as imported from an Eagle library): like Eagle, an item fails a rule it cannot test.
  return () => false;
}

function setTest(rule: SetRule): Test<RuleSubject> {
  const wanted = rule.value ?? [];
  const read = (s: RuleSubject) => (rule.property === 'tags' ? s.row.tags : s.row.folders);
  switch (rule.method) {
    case 'union': return (s) => read(s).some((v) => wanted.includes(v));
    case 'intersection': return (s) => wanted.every((v) => read(s).includes(v));
    case 'equal': return (s) => {
      const have = new Set(read(s));
      return have.size === wanted.length && wanted.every((v) => have.has(v));
    };
    case 'identity': return (s) => !read(s).some((v) => wanted.includes(v));
    case 'empty': return (s) => read(s).length === 0;
    case 'not-empty': return (s) => read(s).length > 0;
  }
}

function ratingTest(rule: RatingRule): Test<RuleSubject> {
  const stars = new Set((Array.isArray(rule.value) ? rule.value : [rule.value]).map(starOf));
  return rule.method === 'unequal' ? (s) => !stars.has(s.row.star) : (s) => stars.has(s.row.star);
}

function shapeTest(rule: ShapeRule): Test<RuleSubject> {
  let test: Test<RuleSubject>;
  if (rule.value === CUSTOM_SHAPE) {
    const target = (rule.width ?? 1) / (rule.height ?? 1);
    test = ({ row }) => row.width > 0 && row.height > 0 && Math.abs(row.width / row.height - target) <= target * CUSTOM_RATIO_TOLERANCE;
  } else {
    test = ({ row }) => shapeOf(row.width, row.height) === rule.value;
  }
  return rule.method === 'unequal' ? (s) => !test(s) : test;
}

function colourTest(rule: ColorRule): Test<RuleSubject> {
  if (rule.method === 'grayscale') return (s) => isGrayscale(s.row.palettes);
  const near = nearColour(rule.value ?? '#000000', rule.method === 'accuracy' ? ACCURATE_DISTANCE : SIMILAR_DISTANCE);
  return (s) => near(s.row.palettes);
}

/**
 * Combines per-rule tests: every TRUE group must hold and no FALSE group may; `match` joins the
 * rules of a group. Generic so the planner can put index membership in place of a rule.
 */
export function combineGroups<T>(conditions: Conditions, testOf: (rule: Rule, group: number, index: number) => Test<T>): Test<T> {
  const groups = conditions.map((group, g) => {
    const tests = group.rules.map((rule, i) => testOf(rule, g, i));
    const holds: Test<T> = group.match === 'OR' ? (x) => tests.some((t) => t(x)) : (x) => tests.every((t) => t(x));
    return { include: includes(group), holds };
  });
  return (x) => groups.every((group) => group.holds(x) === group.include);
}

export function compileConditions(conditions: Conditions, now: number): Test<RuleSubject> {
  return combineGroups(conditions, (rule) => compileRule(rule, now));
}

export function matchesConditions(conditions: Conditions, subject: RuleSubject, now: number): boolean {
  return compileConditions(conditions, now)(subject);
}
