// Every way a smart-folder request can be wrong answers 400 with a message that names the field
// and, where there is a list, the valid choices.
import { describe, expect, it } from 'vitest';
import { INVALID_REQUESTS } from './fixtures/smart-folder-invalid-requests';
import { call, makeApi, newLibrary } from './helpers';

describe('smart folder validation', () => {
  it.each(INVALID_REQUESTS)('%s → 400', async (_name, path, body, fragment) => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await call(api, 'POST', path, body, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect((answer.body as { message: string }).message).toContain(fragment);
    expect((await call<{ total: number }>(api, 'GET', '/smartFolder/get', {}, { library })).data.total).toBe(0);
  });

  it('names up to three problems at once, each with its path', async () => {
    const api = makeApi();
    const body = { name: 'n', conditions: [{ rules: [{ property: 'width', method: 'x' }, { property: 'nope' }] }, { rules: [] }] };
    const answer = await call(api, 'POST', '/smartFolder/create', body, { library: await newLibrary(api) });
    const message = (answer.body as { message: string }).message;
    expect(message).toContain('conditions[0].rules[0].method');
    expect(message).toContain('conditions[0].rules[1].property');
    expect(message).toContain('conditions[1].rules');
  });
});
