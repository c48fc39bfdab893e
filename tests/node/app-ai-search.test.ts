// The web app's AI views: their URL, the aiSearch request each maps to, and the result store over a ranked answer.
import { describe, expect, it, vi } from 'vitest';
import { AI_LIMIT, fetchAiListing, isAiListing } from '../../src/app/ai/ai-listing';
import { AiProgress, indexingFinished, progressText } from '../../src/app/ai/ai-progress';
import { hasPicture } from '../../src/app/ai/has-picture';
import { ResultStore } from '../../src/app/grid/result-store';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState, fromSearchParams, toSearchParams, type ViewState } from '../../src/app/search/view-state';
import type { LoosePort as ApiPort } from '../loose-client';

const state = (change: Partial<ViewState>): ViewState => ({ ...defaultViewState(), ...change });

/** An ApiPort that records requests and answers aiSearch with the given ids, best first. */
function fakeApi(ids: string[], message?: string) {
  const asked: { path: string; body: any }[] = [];
  const api: ApiPort = {
    get: async () => {
      throw new Error('not used');
    },
    post: async <T>(path: string, body?: unknown) => {
      asked.push({ path, body });
      const results = ids.map((id, at) => ({ item: { id, name: id }, score: 1 - at / 10, signals: ['visual'] }));
      return { results, ...(message ? { message } : {}) } as T;
    },
  };
  return { api, asked };
}

describe('AI views in the URL and as listings', () => {
  it('round-trips the similar and image views and the meaning mode through the URL', () => {
    for (const s of [state({ view: { kind: 'similar', id: 'ITEM1' } }), state({ view: { kind: 'image', id: 'k1' } }), state({ search: 'red car', searchMode: 'meaning' })]) {
      expect(fromSearchParams(toSearchParams(s), defaultViewState())).toEqual(s);
    }
    expect(fromSearchParams(new URLSearchParams('q=x&mode=bogus')).searchMode).toBe('words');
  });

  it('maps each AI view onto its aiSearch endpoint, one ranked page, no filters', () => {
    const filters = { tags: ['a'], folders: [] };
    expect(listingOf(state({ view: { kind: 'similar', id: 'I' }, filters }))).toEqual({ path: '/aiSearch/searchByItemId', params: { itemId: 'I', limit: AI_LIMIT } });
    expect(listingOf(state({ view: { kind: 'image', id: 'k' } }))).toEqual({ path: '/aiSearch/searchByBase64', params: { imageKey: 'k', limit: AI_LIMIT } });
    expect(listingOf(state({ search: ' red ', searchMode: 'meaning', filters }))).toEqual({ path: '/aiSearch/searchByText', params: { query: 'red', limit: AI_LIMIT } });
    // Meaning mode with no text lists the view as usual; words mode is item/query.
    expect(listingOf(state({ search: '', searchMode: 'meaning' })).path).toBe('/item/get');
    expect(listingOf(state({ search: 'red', searchMode: 'words' })).path).toBe('/item/query');
    expect(isAiListing(listingOf(state({ search: 'red', searchMode: 'words' })))).toBe(false);
  });

  it('refuses to run an image view whose picture this tab no longer keeps', async () => {
    const { api, asked } = fakeApi(['A']);
    await expect(fetchAiListing(api, listingOf(state({ view: { kind: 'image', id: 'gone' } })))).rejects.toThrow(/drop it on the search box again/);
    expect(asked).toEqual([]);
  });
});

describe('the result store over an AI listing', () => {
  it('holds the ranked items with their match, and answers ids from them (item/ids cannot list them)', async () => {
    const { api, asked } = fakeApi(['B', 'A', 'C']);
    const store = new ResultStore(api);
    await store.load(listingOf(state({ view: { kind: 'similar', id: 'Q' } })));
    expect(asked).toEqual([{ path: '/aiSearch/searchByItemId', body: { itemId: 'Q', limit: AI_LIMIT } }]);
    expect(store.total).toBe(3);
    expect(store.itemAt(0)).toMatchObject({ id: 'B', match: { score: 1, signals: ['visual'] } });
    expect(await store.ids(1, 5)).toEqual(['A', 'C']);
    expect(asked).toHaveLength(1);
  });

  it("keeps the API's message when a text search finds nothing", async () => {
    const { api } = fakeApi([], 'No signal of this build covers "zzz"');
    const store = new ResultStore(api);
    await store.load(listingOf(state({ search: 'zzz', searchMode: 'meaning' })));
    expect(store.total).toBe(0);
    expect(store.message).toMatch(/No signal/);
  });
});

it('words the indexing progress for the status bar', () => {
  expect(progressText({ isSyncing: true, syncedCount: 1200, totalCount: 5000, progress: 0.24 })).toBe('Indexing for AI search: 1,200 of 5,000 items');
  expect(progressText({ isSyncing: false, syncedCount: 7, totalCount: 7, progress: 1 })).toBe('AI search: 7 items indexed');
  expect(progressText({ isSyncing: false, syncedCount: 1, totalCount: 1, progress: 1 })).toBe('AI search: 1 item indexed');
});

it("shows an indexing run's share of index jobs done, which moves while the item count waits for every index", async () => {
  const answers = [
    { isSyncing: true, syncedCount: 0, totalCount: 40, progress: 0, queuedJobs: 80 },
    { isSyncing: true, syncedCount: 0, totalCount: 40, progress: 0, queuedJobs: 60 },
    { isSyncing: true, syncedCount: 0, totalCount: 40, progress: 0, queuedJobs: 20 },
    { isSyncing: false, syncedCount: 40, totalCount: 40, progress: 1 },
    { isSyncing: true, syncedCount: 40, totalCount: 41, progress: 40 / 41, queuedJobs: 2 },
  ];
  const api: ApiPort = { get: async <T>() => answers.shift() as T, post: async () => undefined as never };
  const progress = new AiProgress(api);
  const texts: string[] = [];
  progress.subscribe(() => texts.push(progressText(progress.status!)));
  progress.start();
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    progress.nudge();
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  progress.stop();
  // A new run (an item added) counts from its own start, not the last run's.
  expect(texts).toEqual([
    'Indexing for AI search: 0 of 40 items (0%)',
    'Indexing for AI search: 0 of 40 items (25%)',
    'Indexing for AI search: 0 of 40 items (75%)',
    'AI search: 40 items indexed',
    'Indexing for AI search: 40 of 41 items (0%)',
  ]);
  expect(progressText({ isSyncing: true, syncedCount: 3, totalCount: 5, progress: 0.6 })).toBe('Indexing for AI search: 3 of 5 items');
});

it('waits between status calls ten times as long as the last one took: a slow call (many queued jobs) is asked less often', async () => {
  vi.useFakeTimers();
  try {
    const syncing = { isSyncing: true, syncedCount: 3, totalCount: 56, progress: 3 / 56 };
    const tookMs = [300, 0, 10_000];
    let calls = 0;
    const api: ApiPort = {
      get: <T>() => {
        const took = tookMs[calls++] ?? 0;
        return new Promise<T>((resolve) => setTimeout(() => resolve(syncing as T), took));
      },
      post: async () => undefined as never,
    };
    const progress = new AiProgress(api);
    const started = Date.now();
    const at = (ms: number) => vi.advanceTimersByTimeAsync(started + ms - Date.now());
    progress.start();
    // It took 300 ms: the next call 3 s after its answer, not the 500 ms after a fast one.
    await at(3_299);
    expect(calls).toBe(1);
    await at(3_300);
    expect(calls).toBe(2);
    // An instant answer (a timer's 1 ms): back to twice a second.
    await at(3_799);
    expect(calls).toBe(2);
    await at(3_801);
    expect(calls).toBe(3);
    // A call of 10 s waits a minute at most after its answer, not 100 s.
    await at(3_801 + 10_000 + 59_999);
    expect(calls).toBe(3);
    await at(3_801 + 10_000 + 60_000);
    expect(calls).toBe(4);
    progress.stop();
  } finally {
    vi.useRealTimers();
  }
});

it('asks an AI search again only when an indexing run ends', () => {
  const syncing = { isSyncing: true, syncedCount: 3, totalCount: 56, progress: 3 / 56 };
  const done = { isSyncing: false, syncedCount: 56, totalCount: 56, progress: 1 };
  expect(indexingFinished(syncing, done)).toBe(true);
  expect(indexingFinished(null, done)).toBe(false);
  expect(indexingFinished(done, done)).toBe(false);
  expect(indexingFinished(syncing, { ...syncing, syncedCount: 4 })).toBe(false);
});

it('offers "Find similar" only for items with a picture of their own', () => {
  expect(hasPicture({ thumbnailURL: '/api/v2/item/thumbnail?id=A' })).toBe(true);
  expect(hasPicture({ thumbnailURL: '/api/v2/item/icon?family=document&label=PDF' })).toBe(false);
});
