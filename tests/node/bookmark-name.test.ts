// A bookmark without a name is named from its address, readably.
import { describe, expect, it } from 'vitest';
import { bookmarkName } from '../../src/core/items/bookmark-name';
import { call, makeApi, newLibrary } from './helpers';

describe('bookmark names from addresses', () => {
  it.each([
    ['http://127.0.0.1:4173/', '127.0.0.1:4173'],
    ['https://www.example.com/', 'example.com'],
    ['https://example.com/articles/hummingbird-facts', 'Hummingbird facts · example.com'],
    ['https://example.com/wiki/Ruby_(programming_language)', 'Ruby (programming language) · example.com'],
    ['https://news.example/item/48213', 'Item · news.example'],
    ['https://example.com/blog/caf%C3%A9-au-lait.html?x=1', 'Café au lait · example.com'],
    ['https://example.com/%E0%A4%A', '%E0%A4%A · example.com'],
    ['file:///home/me/notes/reading%20list.txt', 'Reading list.txt'],
  ])('%s → %s', (address, name) => {
    expect(bookmarkName(new URL(address))).toBe(name);
  });

  it('names a bookmark added through item/add without a name', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const added = await call<{ id: string }>(api, 'POST', '/item/add', { bookmarkURL: 'http://127.0.0.1:4173/' }, { library });
    const listed = await call<{ data: { name: string }[] }>(api, 'POST', '/item/get', { id: added.data.id }, { library });
    expect(listed.data.data[0]!.name).toBe('127.0.0.1:4173');
  });
});
