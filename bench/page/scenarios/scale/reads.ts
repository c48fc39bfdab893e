/**
 * Read rows the scale mode adds to the existing ones: item/get by folder and tag/get, each against
 * the same query with Dexie in the page on the worker's database, in the same rounds.
 */
import type { LibraryDb } from '../../../../src/core/storage/library-db';
import type { Page } from '../../direct-queries';
import { waitForQuietLibrary } from '../../quiet-library';
import { repeat } from '../../repeat';
import { orSkipWhenNotBuilt, requireSeeded, Skip, type Scenario } from '../../scenario';
import { LIMIT, pageAloneNote } from '../item-get-tag';

/** The plan's folder holding the most items: the worst case of a folder listing. */
async function biggestFolder(db: LibraryDb): Promise<{ id: string; name: string; count: number }> {
  const folders = await db.folders.toArray();
  if (folders.length === 0) throw new Skip('the seeded library has no folders');
  const counted = await Promise.all(folders.map(async (f) => ({ id: f.id, name: f.name, count: await db.items.where('folders').equals(f.id).count() })));
  return counted.sort((a, b) => b.count - a.count)[0]!;
}

async function itemsInFolder(db: LibraryDb, folder: string): Promise<Page<{ id: string }>> {
  const [data, total] = await Promise.all([db.items.where('folders').equals(folder).reverse().limit(LIMIT).toArray(), db.items.where('folders').equals(folder).count()]);
  return { data, total };
}

export const itemGetFolder: Scenario = {
  id: 'scale-item-get-folder',
  label: 'item/get, one folder, limit 50',
  unit: 'ms',
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    const quiet = await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const folder = await biggestFolder(db);
    const ask = () => ctx.api.get<Page<{ id: string }>>('/item/get', { folders: folder.id, limit: LIMIT });
    const api = await orSkipWhenNotBuilt(ask());
    const direct = await itemsInFolder(db, folder.id);
    const same = api.total === direct.total && api.data.map((i) => i.id).join() === direct.data.map((i) => i.id).join();
    const { others, ...measured } = await repeat({
      runs: ctx.settings.runs,
      subject: { run: ask },
      baseline: { label: 'Dexie in the page: folders index, reverse, limit + count', run: () => itemsInFolder(db, folder.id) },
      others: [{ label: 'the page alone', run: () => db.items.where('folders').equals(folder.id).reverse().limit(LIMIT).toArray() }],
    });
    const agree = same ? `API and direct query agree (total ${api.total})` : `ANSWERS DIFFER: API total ${api.total} vs direct ${direct.total}`;
    return { ...measured, note: `folder "${folder.name}", the largest: ${folder.count} of ${count} items; ${agree}; ${quiet}; ${pageAloneNote(others)}` };
  },
};

export const tagGet: Scenario = {
  id: 'scale-tag-get',
  label: 'tag/get, first page (by count)',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const ask = () => ctx.api.get<Page<{ name: string }>>('/tag/get', {});
    const api = await orSkipWhenNotBuilt(ask());
    const direct = () => Promise.all([db.tags.orderBy('count').reverse().limit(api.data.length).toArray(), db.tags.count()]);
    const [rows, total] = await direct();
    const agree = api.total === total && api.data[0]?.name === rows[0]?.name ? `both list ${total} tags, "${rows[0]?.name}" first` : `ANSWERS DIFFER: API ${api.total} tags vs ${total}`;
    const measured = await repeat({
      runs: ctx.settings.runs,
      subject: { run: ask },
      baseline: { label: 'Dexie in the page: tags by count, reverse, limit + count', run: direct },
    });
    return { ...measured, note: agree };
  },
};
