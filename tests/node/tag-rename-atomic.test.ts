// Renaming a tag used by 10,000 items is one request, and atomic: a failure injected part-way
// through (after several chunks of items were already rewritten) leaves every item, count, group
// and star exactly as before.
import { describe, expect, it } from 'vitest';
import { openLibrary, seedItems } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

const ITEMS = 10_000;

async function libraryWithBigTag() {
  const api = makeApi();
  const library = await newLibrary(api);
  for (let start = 0; start < ITEMS; start += 1000) {
    const batch = Array.from({ length: 1000 }, (_, i) => ({ tags: ['big', `own-${start + i}`], isDeleted: (start + i) % 10 === 0 }));
    await seedItems(api, library, batch);
  }
  await call(api, 'POST', '/tagGroup/create', { name: 'G', tags: ['big'] }, { library });
  await call(api, 'POST', '/tag/update', { originalName: 'big', starred: true, color: 'orange' }, { library });
  return { api, library, db: (await openLibrary(api, library)).db };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;
async function snapshot(api: ReturnType<typeof makeApi>, library: string, db: Awaited<ReturnType<typeof libraryWithBigTag>>['db']) {
  const get = async (path: string) => (await call(api, 'GET', path, { limit: 1000 }, { library })).data;
  return {
    big: await db.items.where('tags').equals('big').count(),
    huge: await db.items.where('tags').equals('huge').count(),
    tags: (await db.tags.bulkGet(['big', 'huge'])).map((row) => row && { ...row }),
    groups: await get('/tagGroup/get'),
    starred: await get('/tag/getStarredTags'),
  };
}

describe('renaming a tag used by 10,000 items', () => {
  it('rolls back completely when a write fails part-way', async () => {
    const { api, library, db } = await libraryWithBigTag();
    const before: Snapshot = await snapshot(api, library, db);
    expect(before.big).toBe(ITEMS);
    expect(before.tags[0]).toMatchObject({ count: ITEMS * 0.9 });

    const bulkPut = db.items.bulkPut.bind(db.items);
    let calls = 0;
    db.items.bulkPut = ((...args: Parameters<typeof bulkPut>) => {
      calls += 1;
      if (calls === 6) return Promise.reject(new Error('disk on fire'));
      return bulkPut(...args);
    }) as typeof db.items.bulkPut;
    const answer = await call(api, 'POST', '/tag/update', { originalName: 'big', name: 'huge' }, { library });
    db.items.bulkPut = bulkPut as typeof db.items.bulkPut;

    expect(calls).toBe(6); // five chunks of 1000 items had been written when it failed
    expect(answer.httpStatus).toBe(500);
    expect(answer.body).toMatchObject({ code: 'INTERNAL' });
    expect(await snapshot(api, library, db)).toEqual(before);
    const items = await db.items.toArray();
    expect(items.every((item) => item.tags.includes('big') && !item.tags.includes('huge'))).toBe(true);
  }, 120_000);

  it('renames every item in one request when nothing fails', async () => {
    const { api, library, db } = await libraryWithBigTag();
    const answer = await call(api, 'POST', '/tag/update', { originalName: 'big', name: 'huge' }, { library });
    expect(answer.data).toMatchObject({ name: 'huge', count: ITEMS * 0.9, color: 'orange', starred: true });
    const after = await snapshot(api, library, db);
    expect(after).toMatchObject({ big: 0, huge: ITEMS, tags: [undefined, expect.objectContaining({ count: ITEMS * 0.9 })] });
    expect(after.starred).toMatchObject({ total: 1, data: [{ name: 'huge' }] });
  }, 120_000);
});
