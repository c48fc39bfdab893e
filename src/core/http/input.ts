/**
 * The field helpers of the routes' zod schemas, and zod's settings (reading the input and checking
 * it against a schema: ./read-input.ts). Field helpers accept both forms (comma-separated string or JSON array,
 * "true" or true, "12" or 12) so one schema serves the GET and the POST of an endpoint.
 */
import { z } from 'zod';

// Schemas are checked a few times per request in a worker the browser stops after 30 s idle: zod's
// compiled fast path (new Function, per schema, on first use) costs a cold worker more than it
// saves, and strict Content-Security-Policies forbid it anyway.
z.config({ jitless: true });

// ---- field helpers shared by every schema ----

const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : value;

/** A list of strings: a JSON array, or a comma-separated string (the GET form). */
export const stringList = () => z.preprocess(splitList, z.array(z.string()));

const FLAG_WORDS = new Map([['true', true], ['1', true], ['false', false], ['0', false]]);

/**
 * A boolean: true/false, or the strings "true"/"false"/"1"/"0" in any letter case (the GET form;
 * Python clients send `True`).
 */
export const flag = () =>
  z.preprocess((value) => (typeof value === 'string' ? (FLAG_WORDS.get(value.trim().toLowerCase()) ?? value) : value), z.boolean());

/** An integer: a JSON number, or a string of digits (the GET form). */
export const integer = () =>
  z.preprocess((value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value), z.number().int());

/** Any non-empty string, trimmed. */
export const requiredString = () => z.string().trim().min(1, 'must not be empty');

/**
 * An object that refuses fields it does not read, naming them: for routes of ours that no public
 * client calls (sync/*), where a stray field is a caller's mistake, not another client's habit.
 * The reference's routes keep ignoring unknown fields (docs/contract.md#envelope-and-errors).
 */
export const closedObject = <S extends z.core.$ZodLooseShape>(shape: S) => {
  const reads = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ')}: not a field of this route (${reads.length ? `it reads ${reads.join(', ')}` : 'it takes none'})`
        : undefined,
  });
};
