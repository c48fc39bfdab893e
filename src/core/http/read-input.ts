/**
 * Reading a request's raw input (the query string of a GET, the JSON body of a POST) and checking
 * it against a route's schema. zod is used only as a type here: the router, and with it the
 * service worker's shell, answers a route that takes no input without loading zod
 * (docs/decisions/service-worker-startup.md); the schemas and zod's settings are in ./input.ts.
 */
import type { z } from 'zod';
import { invalid } from './errors';

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
