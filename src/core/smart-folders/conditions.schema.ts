/**
 * The `conditions` field: 1..30 groups of 1..30 rules (docs/contract.md#smart-folders). Each rule is checked by
 * `parseRule`, and its issues keep their path, e.g. `conditions[0].rules[2].method`.
 */
import { z } from 'zod';
import { parseRule } from './rule-parser';
import { MAX_GROUPS, MAX_RULES, type ConditionGroup, type Rule } from './rules';

/** "and"/"AND"; also true/false for `boolean`, as some clients send them. */
const upperCase = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : typeof value === 'boolean' ? String(value).toUpperCase() : value);

const rulesField = () =>
  z
    .array(z.unknown(), { error: 'must be a list of rules' })
    .min(1, 'must hold at least 1 rule')
    .max(MAX_RULES, `must hold at most ${MAX_RULES} rules`)
    .transform((raws, ctx): Rule[] => {
      const rules: Rule[] = [];
      raws.forEach((raw, index) => {
        const parsed = parseRule(raw);
        if ('issue' in parsed) ctx.addIssue({ code: 'custom', message: parsed.issue.message, path: [index, ...parsed.issue.path] });
        else rules.push(parsed.rule);
      });
      return rules;
    });

const groupSchema = () =>
  z.object(
    {
      rules: rulesField(),
      match: z.preprocess(upperCase, z.enum(['AND', 'OR'], { error: 'must be AND or OR' })).default('AND'),
      boolean: z.preprocess(upperCase, z.enum(['TRUE', 'FALSE'], { error: 'must be TRUE (include) or FALSE (exclude)' })).default('TRUE'),
    },
    { error: 'must be an object with rules, match and boolean' },
  );

export const conditionsSchema = () =>
  z
    .array(groupSchema(), { error: 'must be a list of condition groups' })
    .min(1, 'must hold at least 1 condition group')
    .max(MAX_GROUPS, `must hold at most ${MAX_GROUPS} condition groups`)
    .transform((groups): ConditionGroup[] => groups);
