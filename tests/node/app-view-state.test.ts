// The web app's view state in the URL, and the API request it maps to.
import { describe, expect, it } from 'vitest';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState, fromSearchParams, toSearchParams, type ViewState } from '../../src/app/search/view-state';
import { ViewStore, type HistoryPort } from '../../src/app/search/view-store';

const full: ViewState = {
  view: { kind: 'tag', id: 'red, green' },
  search: 'cat -dog',
  searchMode: 'meaning',
  filters: { tags: ['a,b', 'c'], folders: ['F1', 'F2'], ext: 'png', rating: 0, shape: 'portrait', color: '#1a2b3c' },
  sort: { field: 'NAME', descending: true },
  seed: 1,
};

describe('view state in the URL', () => {
  it('round-trips every field, including names with commas and a rating of 0', () => {
    expect(fromSearchParams(toSearchParams(full))).toEqual(full);
    const random: ViewState = { ...defaultViewState(), view: { kind: 'random' }, seed: 123 };
    expect(fromSearchParams(toSearchParams(random), defaultViewState())).toEqual(random);
  });

  it('falls back on malformed values', () => {
    const state = fromSearchParams(new URLSearchParams('view=nope:&rating=9&shape=round&color=red&sort=SIZE&seed=x'), defaultViewState({ field: 'RATING', descending: false }, 3));
    expect(state).toEqual(defaultViewState({ field: 'RATING', descending: false }, 3));
  });
});

describe('listing of a view state', () => {
  it('maps views and chips one to one onto item/get filters', () => {
    expect(listingOf(defaultViewState())).toEqual({ path: '/item/get', params: { orderBy: '-IMPORT' } });
    expect(listingOf({ ...defaultViewState(), view: { kind: 'trash' } }).params).toEqual({ isDeleted: true, orderBy: '-IMPORT' });
    expect(listingOf({ ...defaultViewState(), view: { kind: 'unfiled' } }).params.isUnfiled).toBe(true);
    expect(listingOf({ ...defaultViewState(), view: { kind: 'untagged' } }).params.isUntagged).toBe(true);
    expect(listingOf({ ...defaultViewState(), view: { kind: 'smart', id: 'S' } }).params.smartFolders).toEqual(['S']);
    expect(listingOf({ ...defaultViewState(), view: { kind: 'random' }, seed: 9 }).params).toEqual({ orderBy: 'RANDOM', seed: 9 });
    expect(listingOf({ ...full, searchMode: 'words' })).toEqual({
      path: '/item/query',
      params: { query: 'cat -dog', tags: ['red, green', 'a,b', 'c'], folders: ['F1', 'F2'], ext: 'png', rating: 0, shape: 'portrait', color: '#1a2b3c', orderBy: '-NAME' },
    });
  });

  it('lets a folder view win over folder chips', () => {
    const state = { ...full, view: { kind: 'folder', id: 'F9' } as const, search: '' };
    expect(listingOf(state).params.folders).toEqual(['F9']);
    expect(listingOf(state).path).toBe('/item/get');
  });
});

function fakeHistory(initial = ''): HistoryPort & { entries: string[]; pop(to: string): void } {
  let search = initial;
  let listener = () => {};
  const entries = [initial];
  return {
    get search() {
      return search;
    },
    entries,
    push: (next) => entries.push((search = next)),
    replace: (next) => (entries[entries.length - 1] = search = next),
    onPop: (l) => (listener = l),
    pop(to) {
      search = to;
      listener();
    },
  };
}

describe('ViewStore', () => {
  it('pushes changes, replaces refinements, and restores on back', () => {
    const history = fakeHistory('?view=trash&sort=NAME');
    const store = new ViewStore(history);
    expect(store.state.view).toEqual({ kind: 'trash' });
    store.set({ view: { kind: 'folder', id: 'X' } });
    store.set({ search: 'c' }, { replace: true });
    store.set({ search: 'ca' }, { replace: true });
    expect(history.entries).toEqual(['?view=trash&sort=NAME', '?view=folder%3AX&q=ca&sort=NAME']);
    let changes = 0;
    store.subscribe(() => changes++);
    history.pop('?view=trash&sort=NAME');
    expect(store.state.view).toEqual({ kind: 'trash' });
    expect(changes).toBe(1);
    store.set({ view: { kind: 'trash' } });
    expect(changes).toBe(1);
  });

  it('lets a change still waiting (typed search text) land before the next one', () => {
    const history = fakeHistory('');
    const store = new ViewStore(history);
    let waiting: string | null = 'odd';
    store.beforeChange = () => {
      const text = waiting;
      waiting = null;
      if (text !== null) store.set({ search: text });
    };
    store.set({ sort: { field: 'NAME', descending: false } });
    expect(store.state.search).toBe('odd');
    expect(history.entries).toEqual(['', '?q=odd&sort=-IMPORT', '?q=odd&sort=NAME']);
  });
});
