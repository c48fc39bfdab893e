// The smart-folder editor's form state, driven by the real getRules answer: every property and
// method gets an input, and what the form sends is what the API's own rule parser accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { fromApiRule, inputKind, locateError, newRule, toApiRule, toConditions, withMethod, withProperty, type RuleSchema } from '../../src/app/smart-folders/rule-form';
import { ruleSchema } from '../../src/core/smart-folders/rule-catalogue';
import { parseRule } from '../../src/core/smart-folders/rule-parser';
import { loadRegexEngine } from '../../src/core/smart-folders/safe-regex';

const schema = ruleSchema() as unknown as RuleSchema;

// The API loads the regex engine before it checks a rule (safe-regex.ts); parseRule is called directly here.
beforeAll(loadRegexEngine);

describe('inputKind', () => {
  it('derives each input from getRules', () => {
    expect(inputKind(schema.width!, '>')).toBe('number');
    expect(inputKind(schema.width!, 'between')).toBe('number-range');
    expect(inputKind(schema.mtime!, 'on')).toBe('date');
    expect(inputKind(schema.mtime!, 'between')).toBe('date-range');
    expect(inputKind(schema.mtime!, 'within')).toBe('days');
    expect(inputKind(schema.tags!, 'union')).toBe('list');
    expect(inputKind(schema.tags!, 'empty')).toBe('none');
    expect(inputKind(schema.rating!, 'equal')).toBe('option');
    expect(inputKind(schema.rating!, 'contain')).toBe('options');
    expect(inputKind(schema.type!, 'equal')).toBe('suggest');
    expect(inputKind(schema.color!, 'similar')).toBe('color');
    expect(inputKind(schema.name!, 'regex')).toBe('text');
  });
});

describe('toApiRule', () => {
  it('builds rules the API accepts, for every property and method, once filled', () => {
    for (const [property, spec] of Object.entries(schema)) {
      for (const method of spec.methods) {
        let rule = withMethod(schema, newRule(schema, property), method);
        const kind = inputKind(spec, method);
        const fill: Record<string, Partial<typeof rule>> = {
          text: { a: 'cat' }, number: { a: '10' }, 'number-range': { a: '1', b: '5' }, days: { a: '7' },
          date: { a: '2024-03-01' }, 'date-range': { a: '2024-03-01', b: '2024-03-09' }, list: { a: 'a, b' },
          options: { chosen: ['1', '3'] }, suggest: { a: 'png' }, option: {}, color: {}, none: {},
        };
        rule = { ...rule, ...fill[kind] };
        const parsed = parseRule(toApiRule(schema, rule));
        expect(parsed, `${property} ${method}`).not.toHaveProperty('issue');
      }
    }
  });

  it('sends units, custom shapes and local midnights', () => {
    expect(toApiRule(schema, { ...withMethod(schema, newRule(schema, 'fileSize'), 'between'), a: '1', b: '2', unit: 'mb' })).toEqual({ property: 'fileSize', method: 'between', value: [1, 2], unit: 'mb' });
    expect(toApiRule(schema, { ...newRule(schema, 'shape'), a: 'custom', customWidth: '16', customHeight: '9' })).toMatchObject({ value: 'custom', width: 16, height: 9 });
    expect(toApiRule(schema, { ...newRule(schema, 'mtime'), a: '2024-03-01' }).value).toEqual([new Date(2024, 2, 1).getTime()]);
  });

  it('sends an empty field as null so the API names what is missing', () => {
    const rule = toApiRule(schema, withMethod(schema, newRule(schema, 'width'), 'between'));
    expect(rule.value).toEqual([null, null]);
    expect(parseRule(rule)).toHaveProperty('issue');
  });
});

describe('editing', () => {
  it('resets values on a new property, keeps them on a method of the same input', () => {
    const wide = { ...withMethod(schema, newRule(schema, 'width'), '>'), a: '1920' };
    expect(withMethod(schema, wide, '<').a).toBe('1920');
    expect(withMethod(schema, wide, 'between').a).toBe('');
    expect(withProperty(schema, wide, 'rating')).toMatchObject({ key: wide.key, property: 'rating', method: 'equal', a: 'none' });
  });

  it('reads a saved rule back into the same form', () => {
    const saved = [
      { property: 'width', method: '>', value: [1920] },
      { property: 'type', method: 'equal', value: 'png' },
      { property: 'mtime', method: 'between', value: [new Date(2024, 0, 1).getTime(), new Date(2024, 0, 31).getTime()] },
      { property: 'tags', method: 'union', value: ['a', 'b'] },
      { property: 'rating', method: 'contain', value: ['4', '5'] },
      { property: 'duration', method: '>=', value: [2], unit: 'm' },
    ];
    const groups = toConditions(schema, [{ key: 1, match: 'OR', boolean: 'FALSE', rules: saved.map((r) => fromApiRule(schema, r)) }]);
    expect(groups).toEqual([{ match: 'OR', boolean: 'FALSE', rules: saved }]);
  });

  it('finds the rule an API error names', () => {
    expect(locateError('conditions[1].rules[2].value: must be [min, max]')).toEqual({ group: 1, rule: 2, text: 'value: must be [min, max]' });
    expect(locateError('conditions[0].match: must be AND or OR')).toEqual({ group: 0, text: 'match: must be AND or OR' });
    expect(locateError('name: must not be empty')).toEqual({ text: 'name: must not be empty' });
  });
});
