/**
 * Checks one raw rule against the catalogue and returns it in normal form, or the problems found,
 * each naming the field and listing the valid choices.
 */
import { CUSTOM_SHAPE, PROPERTY_NAMES, PROPERTY_SPECS, type PropertySpec } from './rule-catalogue';
import { compilePattern } from './safe-regex';
import { normaliseHex } from '../listing/colour-match';
import { CATEGORY_NAMES, EXTENSION_PATTERN, isCategory } from './file-types';
import { RATING_OPTIONS, type RatingOption, type Rule } from './rules';

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

type Parsed = { rule: Rule } | { issue: RuleIssue };
type Raw = Record<string, unknown>;

const MAX_TEXT = 1000;
const MAX_LIST = 1000;
const MAX_WITHIN_DAYS = 36500;

const list = (values: readonly string[]) => values.join(', ');
const got = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));
const fail = (field: string, message: string): Parsed => ({ issue: { path: [field], message } });

export function parseRule(raw: unknown): Parsed {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { issue: { path: [], message: 'must be an object with property, method and value' } };
  }
  const r = raw as Raw;
  const property = r.property;
  if (typeof property !== 'string' || !Object.hasOwn(PROPERTY_SPECS, property)) {
    return fail('property', `must be one of ${list(PROPERTY_NAMES)} (got ${got(property)})`);
  }
  const spec = PROPERTY_SPECS[property]!;
  const method = r.method;
  if (typeof method !== 'string' || !spec.methods.includes(method)) {
    return fail('method', `must be one of ${list(spec.methods)} for property "${property}" (got ${got(method)})`);
  }
  if (spec.noValueMethods?.includes(method)) return { rule: { property, method } as Rule };
  return parseValue(spec, property, method, r);
}

function parseValue(spec: PropertySpec, property: string, method: string, r: Raw): Parsed {
  const value = r.value;
  const done = (extra: Raw) => ({ rule: { property, method, ...extra } as Rule });
  switch (spec.family) {
    case 'string': {
      if (typeof value !== 'string' || value === '' || value.length > MAX_TEXT) {
        return fail('value', `must be a non-empty string of at most ${MAX_TEXT} characters for method "${method}" (use "empty" for items without one)`);
      }
      if (method === 'regex') {
        const checked = compilePattern(value);
        if (!checked.ok) return fail('value', checked.reason);
      }
      return done({ value });
    }
    case 'number': {
      const numbers = method === 'between'
        ? numberList(value, 2, 0, '[min, max], two numbers of at least 0 with min <= max')
        : numberList(value, 1, 0, '[n], one number of at least 0');
      if (typeof numbers === 'string') return fail('value', numbers);
      if (!spec.units) return done({ value: numbers });
      const units = Object.keys(spec.units);
      if (typeof r.unit !== 'string' || !units.includes(r.unit)) {
        return fail('unit', `must be one of ${list(units)} for property "${property}" (got ${got(r.unit)})`);
      }
      return done({ value: numbers, unit: r.unit });
    }
    case 'date': {
      if (method === 'within') {
        const form = `[days], a whole number of days from 1 to ${MAX_WITHIN_DAYS}`;
        const days = numberList(value, 1, 1, form);
        if (typeof days === 'string') return fail('value', days);
        if (!Number.isInteger(days[0]) || days[0]! > MAX_WITHIN_DAYS) return fail('value', `must be ${form} (got ${got(value)})`);
        return done({ value: days });
      }
      const times = method === 'between'
        ? numberList(value, 2, -Infinity, '[from, to], two times in ms (local midnights) with from <= to')
        : numberList(value, 1, -Infinity, '[time], one time in ms (a local midnight)');
      return typeof times === 'string' ? fail('value', times) : done({ value: times });
    }
    case 'set': {
      const names = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(names) || names.length === 0 || names.length > MAX_LIST || names.some((n) => typeof n !== 'string' || n.trim() === '')) {
        return fail('value', `must be a list of 1 to ${MAX_LIST} non-empty ${property === 'tags' ? 'tag names' : 'folder ids'} for method "${method}"`);
      }
      return done({ value: [...new Set((names as string[]).map((n) => n.trim()))] });
    }
    case 'type': {
      const type = typeof value === 'string' ? value.trim().replace(/^\./, '').toLowerCase() : '';
      if (!isCategory(type) && !EXTENSION_PATTERN.test(type)) {
        return fail('value', `must be a category (${list(CATEGORY_NAMES)}) or a file extension such as jpg, png, gif, svg, mp4 (got ${got(value)})`);
      }
      return done({ value: type });
    }
    case 'rating':
      return parseRating(method, value, done);
    case 'shape': {
      if (typeof value !== 'string' || !spec.options!.includes(value)) return fail('value', `must be one of ${list(spec.options!)} (got ${got(value)})`);
      if (value !== CUSTOM_SHAPE) return done({ value });
      for (const side of ['width', 'height'] as const) {
        const n = r[side];
        if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return fail(side, `must be a number above 0 when the shape is "${CUSTOM_SHAPE}" (got ${got(n)})`);
      }
      return done({ value, width: r.width, height: r.height });
    }
    case 'color': {
      const hex = typeof value === 'string' ? normaliseHex(value) : undefined;
      return hex ? done({ value: hex }) : fail('value', `must be a colour written "#RRGGBB" for method "${method}" (got ${got(value)})`);
    }
  }
}

/** A number or a list of `count` numbers, each finite and at least `min`; else the message `form`. */
function numberList(value: unknown, count: number, min: number, form: string): number[] | string {
  const numbers = typeof value === 'number' ? [value] : value;
  if (!Array.isArray(numbers) || numbers.length !== count || numbers.some((n) => typeof n !== 'number' || !Number.isFinite(n) || n < min)) {
    return `must be ${form} (got ${got(value)})`;
  }
  if (count === 2 && numbers[0] > numbers[1]) return `must be ${form}: ${numbers[0]} is above ${numbers[1]}`;
  return numbers as number[];
}

function parseRating(method: string, value: unknown, done: (extra: Raw) => Parsed): Parsed {
  const option = (v: unknown): RatingOption | undefined => {
    const text = v === 0 || v === '0' ? 'none' : String(v);
    return (RATING_OPTIONS as readonly string[]).includes(text) && v !== null && typeof v !== 'object' ? (text as RatingOption) : undefined;
  };
  const choices = `one of ${list(RATING_OPTIONS)}`;
  if (method === 'contain') {
    const values = Array.isArray(value) ? value : [value];
    const options = values.map(option);
    if (values.length === 0 || options.some((o) => o === undefined)) return fail('value', `must be a list of ratings, each ${choices} (got ${got(value)})`);
    return done({ value: [...new Set(options)] });
  }
  const one = option(value);
  return one ? done({ value: one }) : fail('value', `must be ${choices} (got ${got(value)})`);
}
