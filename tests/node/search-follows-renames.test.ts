// Folder renames, tag renames and tag merges reach the full-text index in the same request.
import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

describe('the search index follows renames', () => {
  it('finds items by the new folder name and the new tag names, not the old ones', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const post = async <T>(path: string, body: Record<string, unknown>) => (await call<T>(api, 'POST', path, body, { library })).data;
    const found = async (query: string) => (await post<{ data: { id: string }[] }>('/item/query', { query })).data.map((i) => i.id).sort();

    const folder = await post<{ id: string }>('/folder/create', { name: 'Holidays' });
    const { id: one } = await post<{ id: string }>('/item/add', { bookmarkURL: 'https://a.example', name: 'first', folders: [folder.id], tags: ['sunny'] });
    const { id: two } = await post<{ id: string }>('/item/add', { bookmarkURL: 'https://b.example', name: 'second', tags: ['rainy'] });
    expect(await found('holidays')).toEqual([one]);

    await post('/folder/update', { id: folder.id, name: 'Vacation' });
    expect(await found('vacation')).toEqual([one]);
    expect(await found('holidays')).toEqual([]);

    await post('/tag/update', { originalName: 'sunny', name: 'bright' });
    expect(await found('bright')).toEqual([one]);
    expect(await found('sunny')).toEqual([]);

    await post('/tag/merge', { source: 'rainy', target: 'bright' });
    expect(await found('bright')).toEqual([one, two].sort());
    expect(await found('rainy')).toEqual([]);
  });
});
