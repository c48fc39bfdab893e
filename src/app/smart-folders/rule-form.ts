/**
 * The smart-folder editor's form state, derived only from `smartFolder/getRules`: which input a
 * rule needs (from valueType, valueForms, options, unit, custom and noValueMethods), and the
 * conversion between the form's text fields and the API's rule objects. Pure, node-tested.
 */

export interface PropertyRules {
  methods: string[];
  valueType: 'string' | 'number' | 'date' | 'array' | 'color';
  options?: string[];
  noValueMethods?: string[];
  unit?: string[];
  custom?: { option: string; fields: Record<string, string> };
  valueForms: Record<string, string>;
}
export type RuleSchema = Record<string, PropertyRules>;

export type InputKind = 'none' | 'text' | 'number' | 'number-range' | 'date' | 'date-range' | 'days' | 'list' | 'option' | 'options' | 'suggest' | 'color';

/** A rule as the form holds it: everything typed is text until it is sent. */
export interface RuleDraft {
  key: number;
  property: string;
  method: string;
  /** First and second value (a range's "to"), as typed. */
  a: string;
  b: string;
  unit: string;
  /** Chosen options (rating "contain"). */
  chosen: string[];
  /** Width and height of a custom shape. */
  customWidth: string;
  customHeight: string;
}

export interface GroupDraft {
  key: number;
  match: 'AND' | 'OR';
  boolean: 'TRUE' | 'FALSE';
  rules: RuleDraft[];
}

/** Where the API said the conditions are wrong: the whole folder, a group by its place, a rule by "group:rule" places. */
export interface RuleErrors { general?: string; groups: Map<number, string>; rules: Map<string, string> }

export interface ApiRule {
  property: string;
  method: string;
  value?: unknown;
  unit?: string;
  width?: number;
  height?: number;
}
export interface ApiGroup {
  rules: ApiRule[];
  match: 'AND' | 'OR';
  boolean: 'TRUE' | 'FALSE';
}

/** Options lists longer than this are typed with suggestions rather than picked from a menu. */
const MENU_LIMIT = 20;

let nextKey = 1;
export const newKey = () => nextKey++;

export function inputKind(spec: PropertyRules, method: string): InputKind {
  if (spec.noValueMethods?.includes(method)) return 'none';
  const form = spec.valueForms[method] ?? '';
  const pair = /^\[[^\]]*,[^\]]*\]/.test(form);
  switch (spec.valueType) {
    case 'number':
      return pair ? 'number-range' : 'number';
    case 'date':
      return /days/.test(form.split(']')[0]!) ? 'days' : pair ? 'date-range' : 'date';
    case 'array':
      return 'list';
    case 'color':
      return 'color';
    case 'string':
      if (!spec.options) return 'text';
      if (/\[\]/.test(form)) return 'options';
      return spec.options.length > MENU_LIMIT ? 'suggest' : 'option';
  }
}

export function newRule(schema: RuleSchema, property = Object.keys(schema)[0]!): RuleDraft {
  const spec = schema[property]!;
  return { key: newKey(), property, method: spec.methods[0]!, a: '', b: '', unit: spec.unit?.[0] ?? '', chosen: [], customWidth: '', customHeight: '', ...defaultsFor(spec, spec.methods[0]!) };
}

function defaultsFor(spec: PropertyRules, method: string): Partial<RuleDraft> {
  const kind = inputKind(spec, method);
  if (kind === 'option') return { a: spec.options![0]! };
  if (kind === 'color') return { a: '#808080' };
  return {};
}

export const newGroup = (schema: RuleSchema): GroupDraft => ({ key: newKey(), match: 'AND', boolean: 'TRUE', rules: [newRule(schema)] });

/** A new property keeps nothing of the old one's values; a new method keeps what still fits. */
export function withProperty(schema: RuleSchema, rule: RuleDraft, property: string): RuleDraft {
  return { ...newRule(schema, property), key: rule.key };
}

export function withMethod(schema: RuleSchema, rule: RuleDraft, method: string): RuleDraft {
  const spec = schema[rule.property]!;
  const same = inputKind(spec, method) === inputKind(spec, rule.method);
  return same ? { ...rule, method } : { ...rule, method, a: '', b: '', chosen: [], ...defaultsFor(spec, method) };
}

/** "2024-03-01" → ms of that day's local midnight (what date rules take). */
export function localMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return day ? new Date(y!, m! - 1, d!).getTime() : NaN;
}

export function dayOf(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// An empty field is sent as null so the API's own message says what is missing.
const num = (text: string) => (text.trim() === '' ? null : Number(text));
const day = (text: string) => (text === '' ? null : localMidnight(text));

export function toApiRule(schema: RuleSchema, rule: RuleDraft): ApiRule {
  const spec = schema[rule.property]!;
  const out: ApiRule = { property: rule.property, method: rule.method };
  switch (inputKind(spec, rule.method)) {
    case 'none':
      break;
    case 'number':
      out.value = [num(rule.a)];
      break;
    case 'number-range':
      out.value = [num(rule.a), num(rule.b)];
      break;
    case 'days':
      out.value = [num(rule.a)];
      break;
    case 'date':
      out.value = [day(rule.a)];
      break;
    case 'date-range':
      out.value = [day(rule.a), day(rule.b)];
      break;
    case 'list':
      out.value = rule.a.split(',').map((s) => s.trim()).filter(Boolean);
      break;
    case 'options':
      out.value = rule.chosen;
      break;
    default:
      out.value = rule.a.trim();
  }
  if (spec.unit && inputKind(spec, rule.method) !== 'none') out.unit = rule.unit;
  if (spec.custom && rule.a === spec.custom.option) {
    out.width = num(rule.customWidth) as number;
    out.height = num(rule.customHeight) as number;
  }
  return out;
}

export function fromApiRule(schema: RuleSchema, rule: ApiRule): RuleDraft {
  const spec = schema[rule.property];
  if (!spec) throw new Error(`getRules does not describe the property "${rule.property}".`);
  const draft: RuleDraft = { ...newRule(schema, rule.property), method: rule.method, a: '', b: '', chosen: [] };
  const values = Array.isArray(rule.value) ? rule.value : rule.value === undefined ? [] : [rule.value];
  const kind = inputKind(spec, rule.method);
  if (kind === 'date' || kind === 'date-range') [draft.a, draft.b] = values.map((v) => dayOf(Number(v))).concat('', '') as [string, string];
  else if (kind === 'list') draft.a = values.join(', ');
  else if (kind === 'options') draft.chosen = values.map(String);
  else [draft.a, draft.b] = values.map(String).concat('', '') as [string, string];
  if (rule.unit) draft.unit = rule.unit;
  if (rule.width !== undefined) draft.customWidth = String(rule.width);
  if (rule.height !== undefined) draft.customHeight = String(rule.height);
  return draft;
}

/** True when every value the rule's input asks for is filled in (only then is it worth counting). */
export function isComplete(schema: RuleSchema, rule: RuleDraft): boolean {
  const spec = schema[rule.property];
  if (!spec) return false;
  const filled = (text: string) => text.trim() !== '';
  if (spec.custom && rule.a === spec.custom.option && !(filled(rule.customWidth) && filled(rule.customHeight))) return false;
  switch (inputKind(spec, rule.method)) {
    case 'none':
      return true;
    case 'number-range':
    case 'date-range':
      return filled(rule.a) && filled(rule.b);
    case 'list':
      return rule.a.split(',').some(filled);
    case 'options':
      return rule.chosen.length > 0;
    default:
      return filled(rule.a);
  }
}

export const allComplete = (schema: RuleSchema, groups: readonly GroupDraft[]): boolean => groups.every((g) => g.rules.every((r) => isComplete(schema, r)));

export const toConditions = (schema: RuleSchema, groups: GroupDraft[]): ApiGroup[] =>
  groups.map((g) => ({ match: g.match, boolean: g.boolean, rules: g.rules.map((r) => toApiRule(schema, r)) }));

export const fromConditions = (schema: RuleSchema, groups: ApiGroup[]): GroupDraft[] =>
  groups.map((g) => ({ key: newKey(), match: g.match, boolean: g.boolean, rules: g.rules.map((r) => fromApiRule(schema, r)) }));

/** "conditions[1].rules[0].value: must be ..." → where it points, and the message without the path. */
export function locateError(message: string): { group?: number; rule?: number; text: string } {
  const match = /conditions\[(\d+)\](?:\.rules\[(\d+)\])?\.?/.exec(message);
  if (!match) return { text: message };
  const text = message.replace(match[0], '').trim() || message;
  return { group: Number(match[1]), ...(match[2] !== undefined ? { rule: Number(match[2]) } : {}), text };
}
