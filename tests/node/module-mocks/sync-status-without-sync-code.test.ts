// sync/status is asked at every start of the app and by its sync loop, whether the library syncs or
// not. It reads two rows of the library's database, so it loads none of sync's code
// (src/core/sync/sync.routes.ts): a worker that just started answers it without evaluating that piece.
// Here sync's code cannot load at all.
import { expect, it, vi } from 'vitest';
import { createApi } from '../../../src/core';
import { call } from '../helpers';

vi.mock('../../../src/core/sync/sync.service', () => {
  throw new Error('sync.service was loaded');
});

it("answers sync/status without loading sync's code, which the other sync routes need", async () => {
  const api = createApi({ namespace: `sync-status-${Math.random().toString(36).slice(2)}` });
  const library = (await call<{ path: string }>(api, 'POST', '/library/create', { name: 'no sync' })).data.path;
  const status = await call<{ state: string }>(api, 'GET', '/sync/status', {}, { library });
  expect(status.httpStatus).toBe(200);
  expect(status.data.state).toBe('off');
  // The mock is in force: a route that does need sync's code fails to load it.
  const settings = await call(api, 'POST', '/sync/settings', { keepOriginals: true }, { library });
  expect(settings.httpStatus).toBe(500);
});
