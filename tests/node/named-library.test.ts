// A request that names its library (X-Library-Path, or ?library= on a GET) is checked against the
// registry before any route runs, so an unknown library is a 404 even on a route that never reads
// it; the library's database is built only by a route that reads it, so a restarted worker's first
// app/info builds none (docs/decisions/service-worker-startup.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/core';
import { LibraryDb } from '../../src/core/storage/library-db';
import { call, newLibrary } from './helpers';

describe('a library named by a request', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is checked before every route, and its database built only by a route that reads it', async () => {
    const namespace = `named-library-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const before = createApi({ namespace });
    const library = await newLibrary(before);
    expect((await call(before, 'POST', '/item/add', { bookmarkURL: 'https://example.com' }, { library })).httpStatus).toBe(200);
    before.close();

    // The same databases, as a worker started again finds them.
    const restarted = createApi({ namespace });
    const built = vi.spyOn(LibraryDb.prototype, 'version');
    const unknown = await call(restarted, 'GET', '/app/info', {}, { library: '/libraries/none.library' });
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.body.message).toMatch(/none\.library/);
    expect((await call(restarted, 'GET', '/app/info', {}, { library })).httpStatus).toBe(200);
    expect(built).not.toHaveBeenCalled();

    expect((await call<number>(restarted, 'GET', '/item/countAll', {}, { library })).data).toBe(1);
    expect(built).toHaveBeenCalled();
    restarted.close();
  });
});
