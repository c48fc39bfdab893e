// folder/update re-runs the item observers (search text, facets) for the items of a renamed folder,
// and only on a rename: checked by watching the one function that does it.
import { expect, it, vi } from 'vitest';
import * as itemChanges from '../../../src/core/storage/item-changes';
import type { FolderView } from '../../../src/core/folders/folder-view';
import { seedItems } from '../fixtures/seed-items';
import { call, makeApi, newLibrary } from '../helpers';

vi.mock('../../../src/core/storage/item-changes', async (original) => {
  const actual = await original<typeof import('../../../src/core/storage/item-changes')>();
  return { ...actual, refreshItems: vi.fn(actual.refreshItems) };
});

it('re-runs the item observers for the items of a renamed folder, and only on a rename', async () => {
  const api = makeApi();
  const library = await newLibrary(api);
  const post = <T>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
  const folder = (await post<FolderView>('/folder/create', { name: 'Cats' })).data;
  const items = await seedItems(api, library, [{ folders: [folder.id] }, { folders: [folder.id] }, {}]);
  const refresh = vi.mocked(itemChanges.refreshItems);
  refresh.mockClear();
  await post('/folder/update', { id: folder.id, description: 'no rename' });
  expect(refresh).not.toHaveBeenCalled();
  await post('/folder/update', { id: folder.id, name: 'Felines' });
  expect(refresh).toHaveBeenCalledTimes(1);
  expect([...refresh.mock.calls[0]![1]].sort()).toEqual([items[0]!.pk, items[1]!.pk].sort());
});
