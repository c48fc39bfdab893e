/**
 * What each rule property accepts: the one description behind both validation and the getRules
 * answer, so the schema a client reads is the schema the service enforces.
 */
import { SHAPES } from '../listing/item-row';
import { CATEGORY_NAMES, KNOWN_EXTENSIONS } from './file-types';
import {
  COLOR_METHODS, DATE_METHODS, DATE_PROPERTIES, DURATION_UNITS, NUMBER_METHODS, RATING_METHODS, RATING_OPTIONS,
  SET_METHODS, SET_PROPERTIES, SHAPE_METHODS, SIZE_UNITS, STRING_METHODS, STRING_PROPERTIES, TYPE_METHODS,
} from './rules';

/** How a property's value is read and compared; each family has its own value parser. */
export type Family = 'string' | 'number' | 'date' | 'set' | 'type' | 'rating' | 'shape' | 'color';

export interface PropertySpec {
  family: Family;
  methods: readonly string[];
  valueType: 'string' | 'number' | 'date' | 'array' | 'color';
  /** Methods that take no value. */
  noValueMethods?: readonly string[];
  options?: readonly string[];
  /** Units of `unit` (required), each with its factor to the stored unit (bytes, seconds). */
  units?: Readonly<Record<string, number>>;
}

const stringSpec: PropertySpec = { family: 'string', methods: STRING_METHODS, valueType: 'string', noValueMethods: ['empty', 'not-empty'] };
const setSpec: PropertySpec = { family: 'set', methods: SET_METHODS, valueType: 'array', noValueMethods: ['empty', 'not-empty'] };
const dateSpec: PropertySpec = { family: 'date', methods: DATE_METHODS, valueType: 'date' };

export const CUSTOM_SHAPE = 'custom';

export const PROPERTY_SPECS: Readonly<Record<string, PropertySpec>> = {
  ...Object.fromEntries(STRING_PROPERTIES.map((p) => [p, stringSpec])),
  width: { family: 'number', methods: NUMBER_METHODS, valueType: 'number' },
  height: { family: 'number', methods: NUMBER_METHODS, valueType: 'number' },
  fileSize: { family: 'number', methods: NUMBER_METHODS, valueType: 'number', units: SIZE_UNITS },
  duration: { family: 'number', methods: NUMBER_METHODS, valueType: 'number', units: DURATION_UNITS },
  ...Object.fromEntries(DATE_PROPERTIES.map((p) => [p, dateSpec])),
  ...Object.fromEntries(SET_PROPERTIES.map((p) => [p, setSpec])),
  type: { family: 'type', methods: TYPE_METHODS, valueType: 'string', options: [...CATEGORY_NAMES, ...KNOWN_EXTENSIONS] },
  rating: { family: 'rating', methods: RATING_METHODS, valueType: 'string', options: RATING_OPTIONS },
  shape: { family: 'shape', methods: SHAPE_METHODS, valueType: 'string', options: [...SHAPES, CUSTOM_SHAPE] },
  color: { family: 'color', methods: COLOR_METHODS, valueType: 'color', noValueMethods: ['grayscale'] },
};

export const PROPERTY_NAMES = Object.keys(PROPERTY_SPECS);

/** Per-method value forms, so a client can build a valid rule without reading our docs. */
const VALUE_FORMS: Readonly<Record<Family, Readonly<Record<string, string>>>> = {
  string: { '*': 'string', regex: 'string (RE2 syntax, case-insensitive, at most 500 characters)' },
  number: { '*': '[number]', between: '[min, max]' },
  date: { '*': '[ms of a local midnight]', between: '[from, to] (ms of local midnights, both days included)', within: '[days] (today and the days before it)' },
  set: { '*': 'string[]' },
  type: { '*': 'an extension such as jpg, or a category: ' + CATEGORY_NAMES.join(', ') },
  rating: { '*': 'one option', contain: 'option[]' },
  shape: { '*': `one option; "${CUSTOM_SHAPE}" also takes width and height (the ratio)` },
  color: { '*': '"#RRGGBB"' },
};

/** The getRules answer: every property with its methods, value type, options and extra fields. */
export function ruleSchema(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(PROPERTY_SPECS).map(([property, spec]) => {
      const entry: Record<string, unknown> = { methods: [...spec.methods], valueType: spec.valueType };
      if (spec.options) entry.options = [...spec.options];
      if (spec.noValueMethods) entry.noValueMethods = [...spec.noValueMethods];
      if (spec.units) entry.unit = Object.keys(spec.units);
      if (spec.family === 'shape') entry.custom = { option: CUSTOM_SHAPE, fields: { width: 'number', height: 'number' } };
      const forms = VALUE_FORMS[spec.family];
      const valued = spec.methods.filter((method) => !spec.noValueMethods?.includes(method));
      entry.valueForms = Object.fromEntries(valued.map((method) => [method, forms[method] ?? forms['*']]));
      return [property, entry];
    }),
  );
}
