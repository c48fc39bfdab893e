// The OpenAPI document as the real service worker serves it, and the check that holds every
// answer of this tier to it (./contract-setup.ts).
import { commands } from 'vitest/browser';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/core/routes';
import { checkAgainst, takeViolations } from './contract-setup';
import { controlledBy, fetchApi, isolatedClient } from './service-worker';

async function servedDocument(): Promise<any> {
  await controlledBy();
  const { response, body } = await fetchApi('/api/v2/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  return body;
}

describe('GET /api/v2/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await servedDocument();
    const result = await commands.validateOpenApi(document);
    expect(result.errors).toBe('[]');
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api/v2' })]);
  });

  it('holds every route of the core with a success response and the error envelope', async () => {
    const document = await servedDocument();
    const missing = ROUTES.filter((r) => !document.paths[r.path]?.[r.method.toLowerCase()]?.responses?.['200']?.content);
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const add = document.paths['/item/add'].post;
    expect(add.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/postItemAddInput');
    expect(add.responses['200'].content['application/json'].example).toEqual({ status: 'success', data: { id: expect.any(String), duplicateOf: null } });
    expect(document.components.schemas.ErrorEnvelope.required).toEqual(['status', 'code', 'message']);
  });
});

describe('the answer check', () => {
  it('fails a call whose answer its response schema does not allow, and passes it against the true document', async () => {
    const document = await servedDocument();
    const { client } = await isolatedClient();
    await client.post('/tag/update', { name: 'sky', color: 'red' }).catch(() => undefined);
    await takeViolations();
    // A schema that drifted: app/info's `version` said to be a number.
    const drifted = structuredClone(document);
    drifted.components.schemas.getAppInfoAnswer.properties.data.properties.version = { type: 'number' };
    checkAgainst(drifted);
    await fetchApi('/app/info');
    const found = await takeViolations();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/GET \/app\/info → 200: the answer does not match the OpenAPI document: \/data\/version must be number/);

    checkAgainst(document);
    await fetchApi('/app/info');
    await fetchApi('/api/v2/item/get?limit=nope');
    expect(await takeViolations()).toEqual([]);
  });
});
