/**
 * Property-based fuzzing of every route (issue 12): malformed input of every kind, through
 * `api.handle`, on a library holding one of everything. Never a 500; every non-2xx answer is the
 * error envelope with a message; a rejected request leaves every table as it was; and a body
 * field the route does not read is refused where the route takes no field, or refuses unknown
 * ones (issue 41: sync/stop answered 200 to `{"offset": true, "limit": "NaN"}`).
 *
 * Seeded and reproducible: FUZZ_SEED=<seed> replays a run (the seed is printed on failure),
 * FUZZ_RUNS=<n> sends more cases (README, Test).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_HEADER } from '../../../src/core';
import type { Route } from '../../../src/core/http/router';
import { fuzzLibrary, type FuzzLibrary } from './fuzz-library';
import { hostileInput, hostileValue, PROTOTYPE_KEYS } from './hostile-values';
import { differences, registryProblem, snapshotLibrary, type LibrarySnapshot } from './library-snapshot';
import { fieldNamesOf, refusesUnknownFields } from './schema-fields';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

const OTHER_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'HEAD', 'GET', 'POST'];
const RAW_BODIES = ['{', '[1,', 'null', '"text"', '123', 'true', '[]', '\u0000', '{"a":1}{', '['.repeat(20_000) + ']'.repeat(20_000), '{"items":null}'];
const LIBRARY_HEADERS = [...PROTOTYPE_KEYS, '/libraries/Nope.library', '/libraries/Fuzz.library/', ' '];

interface Case {
  route: Route;
  method: string;
  path: string;
  input: Record<string, unknown>;
  rawBody: string | null;
  library: string | null;
}

const pathVariants = (path: string) => [`/api/v2${path}`, `/api/v2${path}/`, `/api/v1${path}`, `/api${path}`, `/api/v2${path.toUpperCase()}`, '/api/v2/nope'];

function caseOf(fuzz: FuzzLibrary): fc.Arbitrary<Case> {
  return fc.constantFrom(...fuzz.api.router.routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
      path: fc.oneof({ weight: 20, arbitrary: fc.constant(`/api/v2${route.path}`) }, { weight: 1, arbitrary: fc.constantFrom(...pathVariants(route.path)) }),
      input: hostileInput(fieldNamesOf(route.input()), fuzz.known),
      rawBody: fc.option(fc.constantFrom(...RAW_BODIES), { freq: 15 }),
      library: fc.option(fc.constantFrom(...LIBRARY_HEADERS), { freq: 12 }),
    }),
  );
}

const scalar = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const queryValue = (value: unknown) => (Array.isArray(value) ? value.map(scalar).join(',') : scalar(value));

function requestOf(c: Case): Request {
  const url = new URL(`http://localhost${c.path}`);
  const headers: Record<string, string> = c.library === null ? {} : { [LIBRARY_HEADER]: c.library };
  const bodiless = c.method === 'GET' || c.method === 'HEAD';
  if (bodiless) for (const [key, value] of Object.entries(c.input)) url.searchParams.append(key, queryValue(value));
  else headers['Content-Type'] = 'application/json';
  return new Request(url, { method: c.method, headers, body: bodiless ? undefined : (c.rawBody ?? JSON.stringify(c.input)) });
}

const sendsRaw = (c: Case) => c.rawBody !== null && c.method !== 'GET' && c.method !== 'HEAD';
const describeCase = (c: Case) =>
  `${c.method} ${c.path}${c.library === null ? '' : ` (${LIBRARY_HEADER}: ${c.library})`} ${sendsRaw(c) ? `raw ${c.rawBody!.slice(0, 40)}` : JSON.stringify(c.input).slice(0, 300)}`;

/** fast-check's own report prints every value in full (120,000-character strings): this one keeps the case short. */
function report(details: fc.RunDetails<[Case]>): void {
  if (!details.failed) return;
  const failed = details.counterexample?.[0];
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Route fuzzing failed after ${details.numRuns} cases: ${failed ? describeCase(failed) : '(no case)'}\n${cause.slice(0, 2000)}\n` +
      `Reproduce with FUZZ_SEED=${details.seed} FUZZ_RUNS=${RUNS} (fast-check path ${details.counterexamplePath}).`,
  );
}

describe('every route under malformed input', () => {
  let fuzz: FuzzLibrary;
  let last: LibrarySnapshot;
  const snapshot = () => snapshotLibrary(fuzz.library, fuzz.namespace);

  beforeAll(async () => {
    fuzz = await fuzzLibrary();
    last = await snapshot();
  });
  afterAll(() => fuzz?.api.close());

  it(`never answers 500, always an error envelope, and a rejected request changes nothing (${RUNS} cases)`, async () => {
    const property = fc.asyncProperty(caseOf(fuzz), async (c) => {
      const response = await fuzz.api.handle(requestOf(c));
      // The event stream never ends by itself (GET /events): its status and headers are the answer.
      const streams = response.headers.get('Content-Type')?.startsWith('text/event-stream') ?? false;
      const text = streams ? (await response.body?.cancel(), '') : await response.text();
      expect(response.status, `${describeCase(c)} → ${text.slice(0, 300)}`).not.toBe(500);
      // Reads change nothing but the smart-folder count cache (which may only gain entries, see
      // differences()); snapshots, the slow part, are taken around writes.
      const write = c.method !== 'GET' && c.method !== 'HEAD';
      if (response.ok) {
        // An AI read is an AI use: it may start the indexes, which write their state (docs/decisions/ai-status.md).
        if (!write && c.path.includes('/aiSearch/')) last = await snapshot();
        if (!write) return;
        last = await snapshot();
        expect(await registryProblem(fuzz.namespace), describeCase(c)).toBeUndefined();
        return;
      }
      const body = JSON.parse(text) as { status?: unknown; code?: unknown; message?: unknown };
      expect(body.status, describeCase(c)).toBe('error');
      expect(typeof body.code, describeCase(c)).toBe('string');
      expect(typeof body.message === 'string' && body.message.length > 10, `${describeCase(c)}: message ${String(body.message)}`).toBe(true);
      if (!write) return;
      const after = await snapshot();
      expect(differences(last, after), `${describeCase(c)} → ${response.status} changed the library`).toEqual([]);
      last = after;
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true, reporter: report });
  }, 600_000);

  /**
   * Every route, each with bodies (or queries) made only of fields it does not read, among them
   * fields other routes read (sync/stop answered 200 to `{"offset": true, "limit": "NaN"}`). A POST
   * route that takes no field, or refuses unknown ones, answers 400 naming one; none answers 500.
   * GET routes ignore query parameters they do not read (`token`, decisions.md).
   */
  it('walks every route with fields it does not read', async () => {
    const OTHER_FIELDS = ['offset', 'limit', 'token', 'timeout', 'id', 'ids', 'name', 'url', 'keepOriginals', 'query'];
    for (const route of fuzz.api.router.routes) {
      const schema = route.input();
      const reads = fieldNamesOf(schema);
      const strict = route.method === 'POST' && !route.rawBody && (reads.length === 0 || refusesUnknownFields(schema));
      const unread = OTHER_FIELDS.filter((field) => !reads.includes(field));
      const bodies = fc.dictionary(fc.constantFrom(...unread), hostileValue(fuzz.known), { minKeys: 1, maxKeys: 3 });
      const property = fc.asyncProperty(bodies, async (input) => {
        const c: Case = { route, method: route.method, path: `/api/v2${route.path}`, input, rawBody: null, library: null };
        const response = await fuzz.api.handle(requestOf(c));
        const streams = response.headers.get('Content-Type')?.startsWith('text/event-stream') ?? false;
        const text = streams ? (await response.body?.cancel(), '') : await response.text();
        expect(response.status, `${describeCase(c)} → ${text.slice(0, 300)}`).not.toBe(500);
        if (!strict) return;
        expect(response.status, `${describeCase(c)} accepted fields it does not read → ${text.slice(0, 200)}`).toBe(400);
        expect((JSON.parse(text) as { message: string }).message, describeCase(c)).toMatch(new RegExp(Object.keys(input).map((key) => key.replace(/[^a-z]/gi, '')).join('|')));
      });
      await fc.assert(property, {
        seed: SEED,
        numRuns: 12,
        endOnFailure: true,
        reporter: (details) => {
          if (!details.failed) return;
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(`${route.method} ${route.path} with fields it does not read: ${cause.slice(0, 1500)}\nReproduce with FUZZ_SEED=${details.seed}.`);
        },
      });
    }
    last = await snapshot();
  }, 600_000);
});
