// The OpenAPI document: every route with its output schema, valid OpenAPI 3.1, examples that match,
// and a check of answers that fails when an answer and its schema disagree.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXAMPLES } from '../../src/core/openapi/examples';
import { buildOpenApiDocument, operationId } from '../../src/core/openapi/openapi-document';
import { requestOf, ROUTE_OUTPUTS, routeKey } from '../../src/core/openapi/route-outputs';
import type { Route } from '../../src/core/http/router';
import { route } from '../../src/core/http/router';
import { ROUTES } from '../../src/core/routes';
import { contractCheck } from '../contract/response-check';

const doc = buildOpenApiDocument({ apiPrefix: '/api/v2', routes: ROUTES });
const check = contractCheck(doc);

describe('output schemas', () => {
  it.each(ROUTES.map((r) => [routeKey(r)]))('%s has an output schema', (key) => {
    expect(Object.hasOwn(ROUTE_OUTPUTS, key)).toBe(true);
  });

  it('names no route that does not exist', () => {
    const keys = new Set(ROUTES.map(routeKey));
    expect(Object.keys(ROUTE_OUTPUTS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('refuses to build a document for a route without one', () => {
    const orphan = route('GET', '/item/nothing', () => z.object({}), async () => true) as Route<z.ZodType, never>;
    expect(() => buildOpenApiDocument({ apiPrefix: '/api/v2', routes: [orphan] })).toThrow('GET /item/nothing has no output schema');
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each(ROUTES.map((r) => [routeKey(r), r] as const))('holds %s with a success response', (_key, r) => {
    const operation = (doc.paths[r.path] as Record<string, any>)[r.method.toLowerCase()];
    expect(operation.operationId).toBe(operationId(r));
    const ok = operation.responses['200'];
    expect(Object.keys(ok.content).length).toBe(1);
    const [type, media] = Object.entries(ok.content as Record<string, any>)[0]!;
    if (type === 'application/json' && r.path !== '/openapi.json') expect(media.schema.$ref).toMatch(/^#\/components\/schemas\/\w+Answer$/);
  });

  it('offers Idempotency-Key on the POSTs that change a library in the request, and on nothing else', () => {
    const keyed = (method: string, path: string) =>
      ((doc.paths[path] as Record<string, any>)[method].parameters as { $ref?: string }[]).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    expect([keyed('post', '/item/add'), keyed('post', '/folder/create'), keyed('post', '/item/mergeDuplicates'), keyed('post', '/library/import'), keyed('post', '/library/create'), keyed('post', '/library/remove')]).toEqual([true, true, true, true, true, true]);
    expect([keyed('get', '/item/get'), keyed('post', '/folder/get'), keyed('post', '/library/switch')]).toEqual([false, false, false]);
    // Sync's writes are its cycles', not the request's: no key is recorded.
    expect([keyed('post', '/sync/start'), keyed('post', '/sync/settings')]).toEqual([false, false]);
  });

  it('describes errors with the error envelope', () => {
    const operation = (doc.paths['/item/add'] as Record<string, any>).post;
    expect(operation.responses['400'].$ref).toBe('#/components/responses/BadInput');
    expect(check({ method: 'POST', url: '/api/v2/item/add', status: 400, body: { status: 'error', code: 'INVALID_ARGUMENT', message: 'url: bad.' } })).toBeUndefined();
    expect(check({ method: 'POST', url: '/api/v2/item/add', status: 400, body: { status: 'error', message: 'url: bad.' } })).toMatch(/code/);
  });

  it.each(Object.entries(EXAMPLES))('has a matching example for %s', (key, example) => {
    const [method, path] = key.split(' ') as [string, string];
    if (example.answer !== undefined) expect(check({ method, url: `/api/v2${path}`, status: 200, body: { status: 'success', data: example.answer } })).toBeUndefined();
    if (example.request === undefined) return;
    const r = ROUTES.find((one) => routeKey(one) === key)!;
    // Its fields are ones the route knows (unknown fields would be ignored, and the example would mislead).
    const body = (doc.paths[r.path] as Record<string, any>)[r.method.toLowerCase()].requestBody.content['application/json'];
    const known = JSON.stringify(doc.components.schemas[body.schema.$ref.split('/').pop() as string]);
    for (const field of Object.keys(example.request as object)) expect(known).toContain(`"${field}"`);
    expect(requestOf(r).safeParse(example.request).success).toBe(true);
  });
});

describe('the answer check', () => {
  it('passes an answer that matches and names the field of one that does not', () => {
    const tag = { name: 'sky', count: 1, color: '', groups: [], pinyin: 'sky', starred: false };
    const page = { data: [tag], total: 1, offset: 0, limit: 50 };
    expect(check({ method: 'GET', url: 'http://x.test/api/v2/tag/get?limit=50', status: 200, body: { status: 'success', data: page } })).toBeUndefined();
    const drifted = { ...page, data: [{ ...tag, count: '1' }] };
    expect(check({ method: 'GET', url: '/api/v2/tag/get', status: 200, body: { status: 'success', data: drifted } })).toMatch(/\/data\/data\/0\/count must be integer/);
    // A field the schema does not know is drift too.
    expect(check({ method: 'GET', url: '/api/v2/tag/get', status: 200, body: { status: 'success', data: { ...page, extra: 1 } } })).toMatch(/additional/);
  });

  it('knows routes under a base path, unknown routes and binary answers', () => {
    expect(check({ method: 'GET', url: '/asset-library/api/v2/item/countAll', status: 200, body: { status: 'success', data: 3 } })).toBeUndefined();
    expect(check({ method: 'GET', url: '/api/v2/item/nothing', status: 404, body: { status: 'error', code: 'NOT_FOUND', message: 'No API route.' } })).toBeUndefined();
    expect(check({ method: 'GET', url: '/api/v2/item/nothing', status: 200, body: { status: 'success', data: 1 } })).toMatch(/no such operation/);
    expect(check({ method: 'GET', url: '/api/v2/item/icon?ext=png', status: 200, body: { status: 'success', data: 1 } })).toMatch(/image\/svg\+xml/);
  });
});
