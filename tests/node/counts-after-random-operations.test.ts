// After 1000 random add / update / trash / restore / merge / rename operations (and a few folder
// moves and renames, comments, folder-tag and tag-group edits), all through the API, every
// folder's imageCount and every tag's count equal a recount from scratch over the items, tag rows
// exist exactly while something keeps them, and the posting lists equal a rebuild from scratch.
import { describe, expect, it } from 'vitest';
import type { LibraryDb } from '../../src/core/storage/library-db';
import { expectPostingsMatchRebuild } from './fixtures/postings';
import { openLibrary } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

const OPERATIONS = 1000;
const TAG_POOL = ['red', 'green', 'blue', 'sky', 'sea', 'cat', 'dog', '猫', '狗', 'Blue', 'tree', 'leaf'];

/** A small seeded generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  const some = <T>(list: readonly T[], max: number) => [...new Set(Array.from({ length: int(max + 1) }, () => pick(list)))];
  return { next, int, pick, some };
}

async function recountMatches(db: LibraryDb): Promise<void> {
  const items = await db.items.toArray();
  const tagCounts = new Map<string, number>();
  const folderCounts = new Map<string, number>();
  const carried = new Set(items.flatMap((item) => item.tags));
  for (const item of items.filter((i) => !i.isDeleted)) {
    for (const tag of item.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    for (const folder of item.folders) folderCounts.set(folder, (folderCounts.get(folder) ?? 0) + 1);
  }
  const grouped = new Set((await db.tagGroups.toArray()).flatMap((group) => group.tags));
  const tagRows = await db.tags.toArray();
  expect(Object.fromEntries(tagRows.filter((t) => t.count > 0).map((t) => [t.name, t.count]))).toEqual(Object.fromEntries(tagCounts));
  for (const row of tagRows) {
    const kept = carried.has(row.name) || grouped.has(row.name) || row.starredAt > 0 || row.color !== '';
    expect(kept, `tag row "${row.name}" is kept by nothing`).toBe(true);
  }
  for (const name of [...carried, ...grouped]) expect(tagRows.some((t) => t.name === name), `no row for tag "${name}"`).toBe(true);
  const folders = await db.folders.toArray();
  expect(Object.fromEntries(folders.map((f) => [f.id, f.imageCount]))).toEqual(
    Object.fromEntries(folders.map((f) => [f.id, folderCounts.get(f.id) ?? 0])),
  );
}

describe('derived counts after random operations', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20260521);

  it(`match a recount from scratch (seed ${seed})`, async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const { db } = await openLibrary(api, library);
    const rng = random(seed);
    const post = async <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });

    const folders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const parent = i > 0 && rng.next() < 0.5 ? rng.pick(folders) : undefined;
      folders.push((await post<{ id: string }>('/folder/create', { name: `folder ${i}`, parent })).data.id);
    }
    // Items added to (or moved into) these folders also get the folders' tags.
    await post('/folder/update', { id: folders[0], tags: ['sky'] });
    await post('/folder/update', { id: folders[3], tags: ['tree', '猫'] });
    const group = (await post<{ id: string }>('/tagGroup/create', { name: 'G' })).data.id;
    const ids: string[] = [];
    const done: Record<string, number> = {};
    const liveTags = async () => (await db.tags.toCollection().primaryKeys()) as string[];
    const update = async (body: Record<string, unknown>) => expect((await post('/item/update', { id: rng.pick(ids), ...body })).httpStatus).toBe(200);

    for (let op = 0; op < OPERATIONS; op++) {
      const roll = ids.length < 5 ? 0 : rng.int(100);
      let kind: string;
      if (roll < 30) {
        kind = 'add';
        const item = () => ({ bookmarkURL: `https://example.com/${op}`, tags: rng.some(TAG_POOL, 3), folders: rng.some(folders, 2) });
        if (rng.next() < 0.8) ids.push((await post<{ id: string }>('/item/add', item())).data.id);
        else ids.push(...(await post<{ ids: string[] }>('/item/add', { items: [item(), item(), item()] })).data.ids);
      } else if (roll < 50) {
        kind = 'update tags';
        await update({ tags: rng.some(TAG_POOL, 4) });
      } else if (roll < 62) {
        kind = 'update folders';
        await update({ folders: rng.some(folders, 2) });
      } else if (roll < 74) {
        kind = 'trash';
        await update({ isDeleted: true });
      } else if (roll < 84) {
        kind = 'restore';
        await update({ isDeleted: false });
      } else if (roll < 90) {
        kind = 'merge';
        const answer = await post('/tag/merge', { source: rng.pick(await liveTags()), target: rng.pick(TAG_POOL) });
        expect([200, 400]).toContain(answer.httpStatus); // 400: merged into itself
      } else if (roll < 96) {
        kind = 'rename';
        const answer = await post('/tag/update', { originalName: rng.pick(await liveTags()), name: rng.pick(TAG_POOL) });
        expect([200, 409]).toContain(answer.httpStatus); // 409: the new name is taken
      } else if (roll < 97) {
        kind = 'rename folder or comment';
        const answer = rng.next() < 0.5
          ? await post('/folder/update', { id: rng.pick(folders), name: `${rng.pick(TAG_POOL)} folder` })
          : await post('/item/addComment', { id: rng.pick(ids), annotation: `about ${rng.pick(TAG_POOL)}`, x: 0, y: 0, width: 10, height: 10 });
        expect(answer.httpStatus).toBe(200);
      } else if (roll < 98) {
        kind = 'move folder';
        const answer = await post('/folder/update', { id: rng.pick(folders), parent: rng.next() < 0.3 ? null : rng.pick(folders) });
        expect([200, 400]).toContain(answer.httpStatus); // 400: a cycle
      } else {
        kind = 'group tags';
        const path = rng.next() < 0.5 ? '/tagGroup/addTags' : '/tagGroup/removeTags';
        expect((await post(path, { groupId: group, tags: rng.some(TAG_POOL, 2) })).httpStatus).toBe(200);
      }
      done[kind] = (done[kind] ?? 0) + 1;
      if (op === OPERATIONS / 2) {
        await recountMatches(db);
        await expectPostingsMatchRebuild(db);
      }
    }
    await recountMatches(db);
    await expectPostingsMatchRebuild(db);
    // Every kind of operation really happened a fair number of times.
    for (const kind of ['add', 'update tags', 'update folders', 'trash', 'restore', 'merge', 'rename']) {
      expect(done[kind] ?? 0, kind).toBeGreaterThan(30);
    }
  }, 120_000);
});
