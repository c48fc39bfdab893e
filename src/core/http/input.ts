/**
 * Reading request input: the query string of a GET, the JSON body of a POST, both checked by the
 * route's zod schema. Field helpers accept both forms (comma-separated string or JSON array,
 * "true" or true, "12" or 12) so one schema serves the GET and the POST of an endpoint.
 */
import { z } from 'zod';
import { invalid } from './errors';
import { lazyValue } from '../shared/lazy-value';

// Schemas are checked a few times per request in a worker the browser stops after 30 s idle: zod's
// compiled fast path (new Function, per schema, on first use) costs a cold worker more than it
// saves, and strict Content-Security-Policies forbid it anyway.
z.config({ jitless: true });

export async function readRawInput(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const url = new URL(request.url);
    const out: Record<string, string> = {};
    for (const [key, value] of url.searchParams) out[key] = value;
    return out;
  }
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw invalid(`The request body is not valid JSON (${detail}).`);
  }
}

/** Parses `raw`; `at` prefixes the field names of errors (e.g. ['items', 6] → "items[6].url"). */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, at: readonly PropertyKey[] = []): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalid(describeIssues(result.error.issues, at));
}

function describeIssues(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const field = formatPath([...at, ...issue.path]);
      return field ? `${field}: ${issue.message}.` : `The request ${lowerFirst(issue.message)}.`;
    })
    .join(' ');
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The input of an endpoint that takes none (extra fields are ignored, as everywhere). */
export const noInput = lazyValue(() => z.object({}));

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
