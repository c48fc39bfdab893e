// item/select with a described selection (a listing, ranges of its positions, ids added and removed):
// the worker resolves it once and keeps the ids, so item/selection pages through the same items after
// the listing changed and after a worker stop; bad descriptions are 400s naming the field.
import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Ids { ids: string[]; total: number; offset: number }

async function seeded(count: number) {
  const namespace = `selection-${Math.random().toString(36).slice(2)}`;
  const api = makeApi({ namespace });
  const library = await newLibrary(api);
  const items = Array.from({ length: count }, (_, i) => ({ name: `n${String(i).padStart(2, '0')}`, bookmarkURL: `https://e.test/${i}` }));
  await call(api, 'POST', '/item/add', { items }, { library });
  const post = <T>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const byName = (await post<Ids>('/item/ids', { orderBy: 'NAME' })).data.ids;
  return { api, namespace, library, post, byName };
}

describe('a described selection', () => {
  it('resolves ranges of the listing, minus the removed, plus the added, in that order', async () => {
    const { post, byName } = await seeded(30);
    const select = await post('/item/select', { listing: { orderBy: 'NAME' }, ranges: [{ from: 20, to: 22 }, { from: 2, to: 5 }], removed: [byName[3]], added: [byName[10], byName[4]] });
    expect(select.httpStatus).toBe(200);
    const expected = [2, 4, 5, 20, 21, 22, 10].map((index) => byName[index]);
    expect((await post<Ids>('/item/selection', {})).data).toMatchObject({ ids: expected, total: 7, offset: 0 });
    expect((await post<Ids>('/item/selection', { offset: 2, limit: 3 })).data).toMatchObject({ ids: expected.slice(2, 5), total: 7, offset: 2 });
    // isSelected reads the same resolved ids.
    expect((await post<{ total: number }>('/item/get', { isSelected: true })).data.total).toBe(7);
    // A range past the end of the listing stops at its end; the ids form still works.
    await post('/item/select', { listing: { orderBy: 'NAME' }, ranges: [{ from: 28, to: 1_000_000 }] });
    expect((await post<Ids>('/item/selection', {})).data.ids).toEqual(byName.slice(28));
    await post('/item/select', { ids: [byName[7]] });
    expect((await post<Ids>('/item/selection', {})).data.ids).toEqual([byName[7]]);
  });

  it('keeps what it resolved: items tagged out of an "untagged" listing and a worker stop do not shift it', async () => {
    const { post, namespace, library, byName } = await seeded(12);
    await post('/item/select', { listing: { isUntagged: true, orderBy: 'NAME' }, ranges: [{ from: 0, to: 11 }], removed: [byName[11]] });
    const before = (await post<Ids>('/item/selection', { limit: 5 })).data;
    // The bulk action tags the first page; the listing the selection was made in loses those items.
    await post('/item/update', { items: before.ids.map((id) => ({ id, tags: ['done'] })) });
    expect((await post<Ids>('/item/ids', { isUntagged: true })).data.total).toBe(7);
    const next = (await post<Ids>('/item/selection', { offset: 5, limit: 5 })).data;
    expect(next).toMatchObject({ ids: byName.slice(5, 10), total: 11, offset: 5 });
    const restarted = makeApi({ namespace });
    const after = await call<Ids>(restarted, 'POST', '/item/selection', { offset: 10 }, { library });
    expect(after.data).toMatchObject({ ids: [byName[10]], total: 11, offset: 10 });
  });

  it('a page asked of one version of the selection is a 409 once another selection replaced it', async () => {
    const { post, byName } = await seeded(5);
    await post('/item/select', { listing: { orderBy: 'NAME' }, ranges: [{ from: 0, to: 4 }] });
    const first = (await post<Ids & { version: number }>('/item/selection', { limit: 2 })).data;
    expect((await post<Ids>('/item/selection', { offset: 2, limit: 2, version: first.version })).data.ids).toEqual(byName.slice(2, 4));
    await post('/item/select', { ids: [byName[0]] });
    const stale = await post('/item/selection', { offset: 4, version: first.version });
    expect(stale.httpStatus).toBe(409);
    expect((stale.body as { message: string }).message).toMatch(/^version: the selection changed/);
  });

  it('answers a bad description with a 400 naming the field, and keeps the selection it had', async () => {
    const { post, byName } = await seeded(3);
    await post('/item/select', { ids: [byName[1]] });
    const cases: [Record<string, unknown>, string, number][] = [
      [{}, 'ids', 400],
      [{ ids: [byName[0]], listing: {} }, 'ids', 400],
      [{ ranges: [{ from: 0, to: 1 }] }, 'listing', 400],
      [{ listing: {}, ranges: [{ from: 2, to: 1 }] }, 'ranges[0].to', 400],
      [{ listing: {}, ranges: [{ from: -1, to: 1 }] }, 'ranges[0].from', 400],
      [{ listing: {}, ranges: [{ from: 'a', to: 1 }] }, 'ranges[0].from', 400],
      [{ listing: { orderBy: 'SIDEWAYS' }, ranges: [] }, 'listing.orderBy', 400],
      [{ listing: {}, ranges: Array.from({ length: 1001 }, () => ({ from: 0, to: 0 })) }, 'ranges', 400],
      [{ listing: {}, ranges: [{ from: 0, to: 2 }], added: ['NOPE'] }, 'added', 404],
    ];
    for (const [body, field, status] of cases) {
      const answer = await post('/item/select', body);
      expect(answer.httpStatus, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect((answer.body as { message: string }).message, JSON.stringify(body).slice(0, 80)).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `));
    }
    expect((await post<Ids>('/item/selection', {})).data.ids).toEqual([byName[1]]);
    for (const [body, field] of [[{ offset: -1 }, 'offset'], [{ limit: 0 }, 'limit'], [{ limit: 'all' }, 'limit']] as const) {
      const answer = await post('/item/selection', body);
      expect(answer.httpStatus).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(new RegExp(`^${field}: `));
    }
  });
});
