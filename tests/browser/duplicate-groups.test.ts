// item/duplicates, item/mergeDuplicates and its Undo through the real service worker, with
// thumbnails and descriptors made by this page's real media worker. Families of real photos
// (Debian's, see tests/photos/README.md): each original with a JPEG q30 copy, a half-size copy, a
// 5 % cropped copy and a brightened one, must group; different photos, the two cameras of a stereo
// pair among them (the same scene), must not.
import { describe, expect, it } from 'vitest';
import { useMediaHost } from './ai-indexing';
import { base64Of } from './media-images';
import { whenReady } from './media-client';
import { fetchApi, isolatedClient, LIBRARY_HEADER } from './service-worker';

type Groups = { groups: { kind: 'exact' | 'similar'; items: { id: string; score: number }[] }[]; total: number };

const mediaHost = useMediaHost();

async function photo(file: string): Promise<Blob> {
  const response = await fetch(`/tests/photos/debian/${file}`);
  if (!response.ok) throw new Error(`tests/photos/debian/${file} is missing (tests/photos/global-setup.ts fetches it).`);
  return response.blob();
}

/** Draws a region of the picture (fractions of its sides) at a scale, through an optional filter, encoded as `type`. */
async function redrawn(blob: Blob, { crop = 0, scale = 1, filter = 'none', type = 'image/png', quality = 0.92 } = {}): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  const sx = bitmap.width * crop / 2, sy = bitmap.height * crop / 2;
  const sw = bitmap.width - 2 * sx, sh = bitmap.height - 2 * sy;
  const canvas = new OffscreenCanvas(Math.round(sw * scale), Math.round(sh * scale));
  const context = canvas.getContext('2d')!;
  context.filter = filter;
  context.drawImage(bitmap, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return canvas.convertToBlob({ type, quality });
}

const COPIES = {
  'jpeg q30': (blob: Blob) => redrawn(blob, { type: 'image/jpeg', quality: 0.3 }),
  'half size': (blob: Blob) => redrawn(blob, { scale: 0.5 }),
  'cropped 5 %': (blob: Blob) => redrawn(blob, { crop: 0.05 }),
  brightened: (blob: Blob) => redrawn(blob, { filter: 'brightness(1.2)' }),
};

const FAMILIES = ['astronaut.png', 'coffee.png', 'voc-bus.jpg', 'labelme-cat.jpg'];
/** Different photos: two cats, two dogs, people twice, and one scene from two cameras. */
const OTHERS = ['chelsea.png', 'labelme-dog.jpg', 'gnome-puppy.jpg', 'voc-people.jpg', 'opencv-park.jpg', 'motorcycle_left.png', 'motorcycle_right.png'];

describe('item/duplicates over real photos', () => {
  it('groups each photo with its recompressed, resized, cropped and brightened copies, and no different photos', async () => {
    mediaHost();
    const { client } = await isolatedClient();
    const names = new Map<string, string>();
    const add = async (name: string, blob: Blob) => {
      const { id } = await client.post<{ id: string }>('/item/add', { name, base64: await base64Of(blob) });
      names.set(id, name);
      return id;
    };
    const families: string[][] = [];
    for (const file of FAMILIES) {
      const original = await photo(file);
      const family = [await add(file, original)];
      for (const [copy, make] of Object.entries(COPIES)) family.push(await add(`${file} ${copy}`, await make(original)));
      families.push(family);
    }
    for (const file of OTHERS) await add(file, await photo(file));
    for (const id of names.keys()) await whenReady(client, id);

    const answer = await client.post<Groups>('/item/duplicates', {});
    expect(answer.groups.map((group) => group.kind)).toEqual(families.map(() => 'similar'));
    expect(answer.groups.map((group) => group.items.map((item) => item.id))).toEqual(families);
    expect(answer.total).toBe(families.length);
    // The copies measured (bits of 64 from the original): JPEG q30 0-1, half size 1, brightened 0-2,
    // cropped 1-7. The loosest threshold a request may ask still joins no different photos.
    for (const group of answer.groups) for (const item of group.items) expect(item.score).toBeGreaterThanOrEqual(1 - 8 / 64);
    const loosest = await client.post<Groups>('/item/duplicates', { threshold: 10 });
    expect(loosest.groups.map((group) => group.items.map((item) => item.id))).toEqual(families);
  }, 240_000);
});

describe('item/mergeDuplicates through the service worker', () => {
  it('finds the same bytes as exact, never the trash, and merges a group into the item kept', async () => {
    const { client, library } = await isolatedClient();
    const bytes = await base64Of(await redrawn(await photo('coffee.png'), { scale: 0.25 }));
    const folder = await client.post<{ id: string }>('/folder/create', { name: 'Kitchen' });
    const keep = await client.post<{ id: string }>('/item/add', { name: 'coffee', base64: bytes, tags: ['cup'], star: 3 });
    const copy = await client.post<{ id: string; duplicateOf: string }>('/item/add', { name: 'coffee again', base64: bytes, tags: ['morning'], folders: [folder.id], annotation: 'from the phone' });
    const trashed = await client.post<{ id: string }>('/item/add', { name: 'coffee trashed', base64: bytes });
    await client.post('/item/update', { id: trashed.id, isDeleted: true });
    await client.post('/item/addComment', { id: copy.id, annotation: 'the crema', x: 1, y: 1, width: 5, height: 5 });
    const found = await client.post<Groups>('/item/duplicates', {});
    expect(found.groups).toEqual([{ kind: 'exact', items: [{ id: keep.id, score: 1 }, { id: copy.id, score: 1 }] }]);

    const merged = await client.post<{ item: { tags: string[]; folders: string[]; annotation: string; star: number }; trashed: string[] }>('/item/mergeDuplicates', { keep: keep.id, others: [copy.id] });
    expect(merged.item).toMatchObject({ tags: ['cup', 'morning'], folders: [folder.id], annotation: 'from the phone', star: 3 });
    expect(merged.trashed).toEqual([copy.id]);
    expect(await client.get('/item/getComments', { id: keep.id })).toMatchObject([{ annotation: 'the crema' }]);
    const trash = await client.get<{ data: { id: string }[] }>('/item/get', { isDeleted: true });
    expect(trash.data.map((item) => item.id).sort()).toEqual([copy.id, trashed.id].sort());
    expect((await client.post<Groups>('/item/duplicates', {})).total).toBe(0);
    const refused = await fetchApi('/api/v2/item/mergeDuplicates', { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library }, body: JSON.stringify({ keep: keep.id, others: [] }) });
    expect(refused.response.status).toBe(400);
    expect(refused.body.message).toMatch(/^others/);
    const tooLoose = await fetchApi('/api/v2/item/duplicates', { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library }, body: JSON.stringify({ threshold: 64 }) });
    expect(tooLoose.response.status).toBe(400);
    expect(tooLoose.body.message).toMatch(/threshold/);

    // Undo, in one write: the kept item as it was, the copy back with its own comment, the copy of it gone.
    const { previous, copiedComments } = merged as unknown as { previous: object; copiedComments: string[] };
    const badUndo = await fetchApi('/api/v2/item/unmergeDuplicates', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library },
      body: JSON.stringify({ keep: keep.id, previous, trashed: [copy.id, 'nope'], copiedComments }),
    });
    expect([badUndo.response.status, badUndo.body.message]).toEqual([404, expect.stringMatching(/^trashed\[1\]: no item/)]);
    const undone = await client.post<{ item: { tags: string[]; folders: string[] }; restored: string[] }>('/item/unmergeDuplicates', { keep: keep.id, previous, trashed: merged.trashed, copiedComments });
    expect(undone).toMatchObject({ item: { tags: ['cup'], folders: [] }, restored: [copy.id] });
    expect(await client.get('/item/getComments', { id: keep.id })).toEqual([]);
    expect(await client.get('/item/getComments', { id: copy.id })).toMatchObject([{ annotation: 'the crema' }]);
    expect((await client.post<Groups>('/item/duplicates', {})).total).toBe(1);
  }, 60_000);
});
