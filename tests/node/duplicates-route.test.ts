// item/duplicates and item/mergeDuplicates on fake-indexeddb: same bytes (hashed on first need, as
// an import or a sync leaves files), near pictures from the descriptors, never the trash; the merge
// keeps the union of the metadata in one write, and a failure part-way leaves the library as it was.
import { describe, expect, it } from 'vitest';
import { expectItemCountsMatchRows } from './fixtures/index-rebuild';
import { fakeImage, openLibrary, storeItem, TestProcessor } from './fixtures/media';
import { call, makeApi, newLibrary } from './helpers';

type Groups = { groups: { kind: 'exact' | 'similar'; items: { id: string; score: number }[] }[]; total: number };

async function setup() {
  const media = new TestProcessor();
  const api = makeApi({ media });
  const path = await newLibrary(api);
  const library = await openLibrary(api, path);
  const post = <T>(route: string, input: Record<string, unknown>) => call<T>(api, 'POST', route, input, { library: path });
  const get = async <T>(route: string, input: Record<string, unknown>) => (await call<T>(api, 'GET', route, input, { library: path })).data;
  const store = async (name: string, file: Blob, extra: Parameters<typeof storeItem>[1] = {}) => storeItem(library, { name, size: file.size, ...extra }, file);
  const index = async () => {
    await api.media.resume(path);
    await api.media.whenIdle();
  };
  return { api, path, library, post, get, store, index };
}

const ids = (answer: Groups) => answer.groups.map((group) => [group.kind, group.items.map((item) => item.id)]);

describe('item/duplicates', () => {
  it('groups same bytes as exact and alike pictures as similar, leaving out the trash and different pictures', async () => {
    const { post, store, index } = await setup();
    const notes = new Blob(['the same notes, twice'], { type: 'text/plain' });
    const a = await store('notes', notes, { ext: 'txt', mime: 'text/plain' });
    const b = await store('notes copy', new Blob([await notes.text()], { type: 'text/plain' }), { ext: 'txt', mime: 'text/plain' });
    const red = await store('red', fakeImage(40, 30, [200, 30, 30]));
    const bigRed = await store('big red', fakeImage(80, 60, [200, 30, 30]));
    await store('blue', fakeImage(40, 30, [30, 30, 200]));
    await store('trashed red', fakeImage(40, 30, [200, 30, 30]), { isDeleted: true });
    await store('trashed notes', notes, { ext: 'txt', mime: 'text/plain', isDeleted: true });
    await index();

    const answer = await post<Groups>('/item/duplicates', {});
    expect(answer.httpStatus).toBe(200);
    expect(ids(answer.data)).toEqual([
      ['exact', [a.id, b.id]],
      ['similar', [red.id, bigRed.id]],
    ]);
    expect(answer.data.total).toBe(2);
    expect(answer.data.groups[0]!.items.every((item) => item.score === 1)).toBe(true);
    const page = await post<Groups>('/item/duplicates', { offset: 1, limit: 1, threshold: 0 });
    expect(ids(page.data)).toEqual([['similar', [red.id, bigRed.id]]]);
    expect(page.data.total).toBe(2);
  });

  it.each([
    [{ threshold: 11 }, 'threshold'],
    [{ threshold: -1 }, 'threshold'],
    [{ threshold: 'near' }, 'threshold'],
    [{ limit: 0 }, 'limit'],
    [{ offset: -3 }, 'offset'],
  ])('answers 400 naming the field for %j', async (input, field) => {
    const { post } = await setup();
    const answer = await post('/item/duplicates', input);
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(answer.body.message).toContain(field);
  });
});

async function familyOf() {
    const kit = await setup();
  const folderA = (await kit.post<{ id: string }>('/folder/create', { name: 'Trips' })).data.id;
    const folderB = (await kit.post<{ id: string }>('/folder/create', { name: 'Best' })).data.id;
    const keep = await kit.store('keep', fakeImage(80, 60), { tags: ['sea', 'blue'], folders: [folderA], annotation: 'Original', star: 2 });
    const copy = await kit.store('copy', fakeImage(40, 30), { tags: ['sea', 'holiday'], folders: [folderB], annotation: 'From the phone', star: 4, url: 'https://example.com/photo' });
    const other = await kit.store('other', fakeImage(20, 15), { tags: ['beach'], annotation: 'Original' });
    await kit.post('/item/addComment', { id: copy.id, annotation: 'the boat', x: 1, y: 2, width: 3, height: 4 });
    await kit.index();
    return { ...kit, keep, copy, other, folderA, folderB };
}
const family = familyOf;

describe('item/mergeDuplicates', () => {
  it('keeps the union of tags, folders, annotations, comments and the highest star, and trashes the others', async () => {
    const { post, get, keep, copy, other, folderA, folderB, library } = await family();
    const answer = await post<{ item: { id: string; tags: string[]; folders: string[]; annotation: string; star: number; url: string }; trashed: string[]; previous: unknown; copiedComments: string[] }>(
      '/item/mergeDuplicates',
      { keep: keep.id, others: [copy.id, other.id] },
    );
    expect(answer.httpStatus).toBe(200);
    expect(answer.data.item).toMatchObject({
      id: keep.id,
      tags: ['sea', 'blue', 'holiday', 'beach'],
      folders: [folderA, folderB],
      annotation: 'Original\n\nFrom the phone',
      star: 4,
      url: 'https://example.com/photo',
    });
    expect(answer.data.trashed).toEqual([copy.id, other.id]);
    expect(answer.data.previous).toEqual({ tags: ['sea', 'blue'], folders: [folderA], annotation: 'Original', star: 2, url: '' });
    const comments = await get<{ annotation: string; x: number }[]>('/item/getComments', { id: keep.id });
    expect(comments).toMatchObject([{ annotation: 'the boat', x: 1 }]);
    // The copy keeps its own comment: restoring it from the trash brings it back whole.
    expect(await get('/item/getComments', { id: copy.id })).toMatchObject([{ annotation: 'the boat' }]);
    const trashed = await get<{ data: { id: string }[] }>('/item/get', { isDeleted: true });
    expect(trashed.data.map((item) => item.id).sort()).toEqual([copy.id, other.id].sort());
    await expectItemCountsMatchRows(library.db);
    const tags = (await get<{ data: { name: string; count: number }[] }>('/tag/get', {})).data;
    expect(tags.find((tag) => tag.name === 'holiday')).toMatchObject({ count: 1 });
    expect(ids((await post<Groups>('/item/duplicates', {})).data)).toEqual([]);
  });

  it('writes nothing when a write fails part-way', async () => {
    const { post, get, library, keep, copy, other } = await family();
    const snapshot = async () => ({
      items: (await library.db.items.toArray()).map((row) => ({ ...row })),
      comments: await library.db.comments.toArray(),
      tags: await get('/tag/get', {}),
      trash: await get('/item/get', { isDeleted: true }),
    });
    const before = await snapshot();
    const bulkPut = library.db.items.bulkPut.bind(library.db.items);
    library.db.items.bulkPut = (() => Promise.reject(new Error('disk on fire'))) as unknown as typeof library.db.items.bulkPut;
    const answer = await post('/item/mergeDuplicates', { keep: keep.id, others: [copy.id, other.id] });
    library.db.items.bulkPut = bulkPut as typeof library.db.items.bulkPut;
    expect(answer.httpStatus).toBe(500);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [(f: Family) => ({ others: [f.copy.id] }), 400, 'keep'],
    [(f: Family) => ({ keep: f.keep.id }), 400, 'others'],
    [(f: Family) => ({ keep: f.keep.id, others: [] }), 400, 'others'],
    [(f: Family) => ({ keep: f.keep.id, others: [f.keep.id] }), 400, 'others'],
    [(f: Family) => ({ keep: 'NOPE', others: [f.copy.id] }), 404, 'keep'],
    [(f: Family) => ({ keep: f.keep.id, others: [f.copy.id, 'NOPE'] }), 404, 'others'],
  ])('refuses a bad request, naming the field, and writes nothing (case %#)', async (input, status, field) => {
    const f = await family();
    const answer = await f.post('/item/mergeDuplicates', input(f));
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toContain(field);
    expect(await f.get<{ data: unknown[] }>('/item/get', { isDeleted: true })).toMatchObject({ data: [] });
  });

  it('refuses to keep or merge an item in the trash', async () => {
    const f = await family();
    await f.post('/item/update', { id: f.other.id, isDeleted: true });
    const merged = await f.post('/item/mergeDuplicates', { keep: f.keep.id, others: [f.copy.id, f.other.id] });
    expect(merged.httpStatus).toBe(400);
    expect(merged.body.message).toMatch(/^others: .* already in the trash/);
    const kept = await f.post('/item/mergeDuplicates', { keep: f.other.id, others: [f.copy.id] });
    expect(kept.httpStatus).toBe(400);
    expect(kept.body.message).toMatch(/^keep: .* in the trash/);
  });

  it('merges at most 999 others, and undoes a merge of 999', async () => {
    const { post } = await setup();
    const items = Array.from({ length: 1001 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, name: `copy ${i}` }));
    const ids = [];
    for (const batch of [items.slice(0, 1000), items.slice(1000)]) ids.push(...(await post<{ ids: string[] }>('/item/add', { items: batch })).data.ids);
    const [keep, ...others] = ids as [string, ...string[]];
    const tooMany = await post('/item/mergeDuplicates', { keep, others });
    expect([tooMany.httpStatus, tooMany.body.message]).toEqual([400, expect.stringMatching(/^others: must name at most 999 items/)]);
    const merged = await post<{ item: { id: string }; previous: object; trashed: string[] }>('/item/mergeDuplicates', { keep, others: others.slice(0, 999) });
    expect(merged.httpStatus).toBe(200);
    const undo = await post('/item/unmergeDuplicates', { keep, previous: merged.data.previous, trashed: merged.data.trashed, copiedComments: [] });
    expect(undo.httpStatus, JSON.stringify(undo.body)).toBe(200);
  });
});

describe('item/unmergeDuplicates', () => {
  type Merged = { item: { id: string }; trashed: string[]; previous: Record<string, unknown>; copiedComments: string[] };
  const merge = async (f: Family) => (await f.post<Merged>('/item/mergeDuplicates', { keep: f.keep.id, others: [f.copy.id, f.other.id] })).data;
  const undoOf = (merged: Merged) => ({ keep: merged.item.id, previous: merged.previous, trashed: merged.trashed, copiedComments: merged.copiedComments });

  it('puts the kept item back as it was, brings the others out of the trash and removes the comment copies, in one write', async () => {
    const f = await family();
    const before = await f.get<{ data: unknown[] }>('/item/get', { limit: 10, orderBy: 'NAME' });
    const groups = ids((await f.post<Groups>('/item/duplicates', {})).data);
    const merged = await merge(f);
    expect(merged.copiedComments).toHaveLength(1);
    const undo = await f.post<{ item: unknown; restored: string[]; removedComments: string[] }>('/item/unmergeDuplicates', undoOf(merged));
    expect(undo.httpStatus, JSON.stringify(undo.body)).toBe(200);
    expect(undo.data).toMatchObject({ item: { id: f.keep.id, tags: ['sea', 'blue'], star: 2 }, restored: [f.copy.id, f.other.id], removedComments: merged.copiedComments });
    const after = await f.get<{ data: Record<string, unknown>[] }>('/item/get', { limit: 10, orderBy: 'NAME' });
    const editable = (items: unknown[]) =>
      (items as Record<string, unknown>[]).map(({ id, tags, folders, annotation, star, url, isDeleted }) => ({ id, tags, folders, annotation, star, url, isDeleted }));
    expect(editable(after.data)).toEqual(editable(before.data));
    expect(await f.get('/item/getComments', { id: f.keep.id })).toEqual([]);
    expect(await f.get('/item/getComments', { id: f.copy.id })).toMatchObject([{ annotation: 'the boat' }]);
    await expectItemCountsMatchRows(f.library.db);
    expect(ids((await f.post<Groups>('/item/duplicates', {})).data)).toEqual(groups);
  });

  it('skips a copy the person removed already, and writes nothing when a write fails part-way', async () => {
    const f = await family();
    const merged = await merge(f);
    const snapshot = async () => ({
      items: (await f.library.db.items.toArray()).map((row) => ({ ...row })),
      comments: await f.library.db.comments.toArray(),
      trash: await f.get('/item/get', { isDeleted: true }),
    });
    const before = await snapshot();
    const bulkDelete = f.library.db.comments.bulkDelete.bind(f.library.db.comments);
    f.library.db.comments.bulkDelete = (() => Promise.reject(new Error('disk on fire'))) as unknown as typeof f.library.db.comments.bulkDelete;
    const failed = await f.post('/item/unmergeDuplicates', undoOf(merged));
    f.library.db.comments.bulkDelete = bulkDelete as typeof f.library.db.comments.bulkDelete;
    expect(failed.httpStatus).toBe(500);
    expect(await snapshot()).toEqual(before);

    await f.post('/item/removeComment', { id: f.keep.id, commentId: merged.copiedComments[0] });
    const undo = await f.post<{ removedComments: string[] }>('/item/unmergeDuplicates', undoOf(merged));
    expect([undo.httpStatus, undo.data.removedComments]).toEqual([200, []]);
    expect(await f.get<{ data: unknown[] }>('/item/get', { isDeleted: true })).toMatchObject({ data: [] });
  });

  it.each([
    [(f: Family, m: Merged) => ({ ...undoOf(m), keep: undefined }), 400, /^keep: /],
    [(f: Family, m: Merged) => ({ ...undoOf(m), trashed: [...m.trashed, f.keep.id] }), 400, /^trashed: /],
    [(f: Family, m: Merged) => ({ ...undoOf(m), keep: 'NOPE' }), 404, /^keep: no item/],
    [(f: Family, m: Merged) => ({ ...undoOf(m), trashed: [m.trashed[0], 'NOPE'] }), 404, /^trashed\[1\]: no item/],
    [(f: Family, m: Merged) => ({ ...undoOf(m), previous: { ...m.previous, folders: ['NOPE'] } }), 404, /^previous\.folders: no folder/],
    [(f: Family, m: Merged) => ({ ...undoOf(m), previous: { ...m.previous, star: 9 } }), 400, /^previous\.star: /],
    [(f: Family, m: Merged) => ({ ...undoOf(m), copiedComments: ['NOPE', m.copiedComments[0]!, f.copyComment] }), 400, /^copiedComments\[2\]: comment .* is not on item/],
  ])('refuses a bad Undo, naming the field, and leaves the merge as it is (case %#)', async (input, status, message) => {
    const f = await family();
    const merged = await merge(f);
    const copyComment = (await f.get<{ id: string }[]>('/item/getComments', { id: f.copy.id }))[0]!.id;
    const answer = await f.post('/item/unmergeDuplicates', input({ ...f, copyComment }, merged));
    expect([answer.httpStatus, answer.body.message]).toEqual([status, expect.stringMatching(message)]);
    expect((await f.get<{ data: { id: string }[] }>('/item/get', { isDeleted: true })).data).toHaveLength(2);
    expect(await f.get('/item/getComments', { id: f.keep.id })).toHaveLength(1);
  });
});

type Family = Awaited<ReturnType<typeof familyOf>> & { copyComment?: string };
