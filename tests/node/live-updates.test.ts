// The app's live updates: changes heard on the feed fold into batches (one re-read per burst), and a
// batch re-reads the real stores on the real core (fake-indexeddb) as another tab's writes land.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeStreamOptions, HeardChange } from '../../src/app/change-stream';
import { ResultStore } from '../../src/app/grid/result-store';
import { applyChanges, type LiveTargets } from '../../src/app/live/apply-changes';
import { followFocus, heldFocus } from '../../src/app/live/keep-focus';
import { ChangeBatch } from '../../src/app/live/change-batch';
import { startLiveUpdates } from '../../src/app/live/live-updates';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState } from '../../src/app/search/view-state';
import { SelectionStore } from '../../src/app/selection/selection-store';
import { publishedLoadText } from '../../src/app/shell/published-load';
import { SidebarStore } from '../../src/app/sidebar/sidebar-store';
import type { Api } from '../../src/core';
import { apiPort, makeApi, newLibrary } from './helpers';

const LIB = '/libraries/a.library';
const heard = (kind: HeardChange['kind'], action: string, ids: string[] = ['x'], library = LIB): HeardChange => ({ kind, action, ids, library });
/** A published library's `library loading` / `loaded` event, its details flat in the data as the stream gives them. */
const loadChange = (action: 'loading' | 'loaded', details: Record<string, unknown> = {}, library = LIB): HeardChange => ({ ...heard('library', action, [library], library), ...details });

describe('ChangeBatch', () => {
  const cases: [string, HeardChange, Partial<Record<'items' | 'trashed' | 'restored', number>> & Partial<Pick<ChangeBatch, 'tree' | 'tags' | 'libraries' | 'switched' | 'resync' | 'indexed'>>][] = [
    ['item added', heard('item', 'added', ['a', 'b']), { items: 2, trashed: 0, tree: false }],
    ['item updated', heard('item', 'updated'), { items: 1, trashed: 0, restored: 0 }],
    ['item trashed', heard('item', 'trashed'), { items: 1, trashed: 1, restored: 0 }],
    ['item restored', heard('item', 'restored'), { items: 1, trashed: 0, restored: 1 }],
    ['item removed', heard('item', 'removed'), { items: 1, trashed: 1, restored: 1 }],
    ['folder created', heard('folder', 'created'), { tree: true, tags: false, items: 0 }],
    ['smart folder updated', heard('smartFolder', 'updated'), { tree: true, tags: false }],
    ['tag renamed', heard('tag', 'renamed'), { tree: true, tags: true }],
    ['tag group removed', heard('tagGroup', 'removed'), { tree: true, tags: true }],
    ['library created', heard('library', 'created', ['/libraries/b.library'], '/libraries/b.library'), { libraries: true, switched: false }],
    ['library switched', heard('library', 'switched', ['/libraries/b.library'], '/libraries/b.library'), { switched: true }],
    ['library indexed (a published library loaded whole)', heard('library', 'indexed', [LIB]), { indexed: true, resync: false, libraries: false, switched: false, items: 0 }],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    const batch = new ChangeBatch();
    batch.add(change, LIB);
    expect(batch.empty).toBe(false);
    const seen = { items: batch.items.size, trashed: batch.trashed.size, restored: batch.restored.size, tree: batch.tree, tags: batch.tags, libraries: batch.libraries, switched: batch.switched, resync: batch.resync, indexed: batch.indexed };
    expect(seen).toMatchObject(expected);
  });

  it('leaves out selections, progress and other libraries, but keeps the last item or folder to open', () => {
    const batch = new ChangeBatch();
    batch.add(heard('item', 'selected'), LIB);
    batch.add(heard('import', 'progress'), LIB);
    batch.add(heard('aiSearch', 'progress'), LIB);
    batch.add(heard('item', 'added', ['a'], '/libraries/other.library'), LIB);
    batch.add(heard('library', 'indexed', ['/libraries/other.library'], '/libraries/other.library'), LIB);
    expect(batch.empty).toBe(true);
    batch.add(heard('item', 'opened', ['i1']), LIB);
    batch.add(heard('folder', 'opened', ['f1']), LIB);
    expect(batch.open).toEqual({ kind: 'folder', id: 'f1' });
    expect(batch.items.size).toBe(0);
  });
});

describe('startLiveUpdates', () => {
  afterEach(() => vi.useRealTimers());

  function fakeStream() {
    let options!: ChangeStreamOptions;
    const closed = vi.fn();
    const listen = (given: ChangeStreamOptions) => ((options = given), { open: true, close: closed });
    return { listen, closed, emit: (change: HeardChange) => options.onChange(change), resync: () => options.onResync!() };
  }

  it('turns a burst of 1,000 item changes into one re-read, and changes heard meanwhile into one more', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    const applied: ChangeBatch[] = [];
    let release!: () => void;
    const live = startLiveUpdates({
      listen: stream.listen,
      currentLibrary: () => LIB,
      delayMs: 100,
      maxDelayMs: 1000,
      apply: (batch) => ((applied.push(batch), new Promise<void>((resolve) => (release = resolve)))),
    });
    for (let i = 0; i < 1000; i++) {
      stream.emit(heard('item', 'added', [`item-${i}`]));
      if (i % 100 === 0) await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.items.size).toBe(1000);
    // While that batch is being shown, more changes wait for it.
    stream.emit(heard('tag', 'renamed', ['feline']));
    stream.emit(heard('item', 'trashed', ['item-3']));
    await vi.advanceTimersByTimeAsync(500);
    expect(applied).toHaveLength(1);
    release();
    // After the quiet time, and the pause of twice the 500 ms the first re-read took.
    await vi.advanceTimersByTimeAsync(100);
    expect(applied).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied).toHaveLength(2);
    expect([...applied[1]!.trashed]).toEqual(['item-3']);
    expect(applied[1]!.tags).toBe(true);
    release();
    live.close();
    expect(stream.closed).toHaveBeenCalledOnce();
  });

  it('shows a long burst at least every maxDelayMs, and asks for a full re-read after a resync', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    const applied: ChangeBatch[] = [];
    startLiveUpdates({ listen: stream.listen, currentLibrary: () => LIB, delayMs: 100, maxDelayMs: 500, apply: async (batch) => void applied.push(batch) });
    for (let i = 0; i < 12; i++) {
      stream.emit(heard('item', 'updated', [`u${i}`]));
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(applied).toHaveLength(1);
    stream.resync();
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied.at(-1)!.resync).toBe(true);
  });

  it('leaves out a switch made elsewhere in a page pinned to its library (a visitor frame), not its own changes', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    const applied: ChangeBatch[] = [];
    startLiveUpdates({ listen: stream.listen, currentLibrary: () => LIB, pinned: true, delayMs: 100, apply: async (batch) => void applied.push(batch) });
    stream.emit(heard('library', 'switched', ['/libraries/b.library'], '/libraries/b.library'));
    await vi.advanceTimersByTimeAsync(300);
    expect(applied).toEqual([]);
    stream.emit(heard('item', 'updated', ['u1']));
    await vi.advanceTimersByTimeAsync(300);
    expect(applied.map((batch) => [batch.switched, [...batch.items]])).toEqual([[false, ['u1']]]);
  });

  it('waits twice as long as the last re-read took before the next one, so re-reading keeps at most a third of the time', async () => {
    vi.useFakeTimers();
    let onChange!: ChangeStreamOptions['onChange'];
    const started = Date.now();
    const applied: number[] = [];
    let release!: () => void;
    startLiveUpdates({
      listen: (options) => ((onChange = options.onChange), { open: true, close: () => {} }),
      currentLibrary: () => LIB,
      delayMs: 100,
      maxDelayMs: 1000,
      apply: () => ((applied.push(Date.now() - started), new Promise<void>((resolve) => (release = resolve)))),
    });
    onChange(heard('item', 'added', ['a']));
    await vi.advanceTimersByTimeAsync(100);
    expect(applied).toEqual([100]);
    // A slow re-read (600 ms, as a 100,000-item listing on a busy worker) while an import goes on.
    onChange(heard('item', 'added', ['b']));
    await vi.advanceTimersByTimeAsync(600);
    release();
    await vi.advanceTimersByTimeAsync(1100);
    expect(applied).toEqual([100]); // neither the quiet time nor maxDelayMs cut the pause short
    await vi.advanceTimersByTimeAsync(200);
    expect(applied).toEqual([100, 700 + 2 * 600]);
    // A quicker one (200 ms) leaves a shorter pause.
    await vi.advanceTimersByTimeAsync(100);
    release();
    onChange(heard('item', 'added', ['c']));
    await vi.advanceTimersByTimeAsync(500);
    expect(applied).toEqual([100, 1900, 2100 + 2 * 200]);
    release();
  });
});

describe('applyChanges: what each batch re-reads', () => {
  function spyTargets(inspected: string | null = null, bulk: readonly string[] = [], aiShown = false, viewed: string | null = null) {
    const calls: string[] = [];
    const call = (name: string) => async () => void calls.push(name);
    const targets: LiveTargets = {
      results: { refresh: call('results'), ranksByAi: () => aiShown },
      sidebar: { loadCounts: call('counts'), loadTree: call('tree') },
      selection: { remove: (ids) => void calls.push(`deselect ${ids.join(',')}`) },
      library: { load: call('libraries'), setLoading: (load) => void calls.push(load ? `loading ${load.stored}/${load.total}${load.indexed ? '' : ' unindexed'}${load.failed ? ` failed: ${load.failed}` : ''}` : 'loaded') },
      inTrash: () => false,
      loadAll: call('all'),
      libraryChanged: call('library changed'),
      inspectedItem: () => inspected,
      reloadInspector: call('inspector'),
      viewedItem: () => viewed,
      reloadViewer: call('viewer'),
      bulkHas: (id) => bulk.length > 0 && (id === null || bulk.includes(id)),
      indexOf: () => -1,
      reloadBulkEditor: call('bulk editor'),
      reloadTagManager: call('tag manager'),
      showItem: async (id) => void calls.push(`show item ${id}`),
      showFolder: (id) => void calls.push(`show folder ${id}`),
      focus: { held: () => undefined, follow: () => {} },
    };
    return { calls, targets };
  }
  const batchOf = (...changes: HeardChange[]) => {
    const batch = new ChangeBatch();
    for (const change of changes) batch.add(change, LIB);
    return batch;
  };

  it.each([
    ['an edit of another item', batchOf(heard('item', 'updated', ['other'])), ['results', 'counts']],
    ['an edit of the inspected item', batchOf(heard('item', 'updated', ['shown'])), ['results', 'counts', 'inspector']],
    ['a trash', batchOf(heard('item', 'trashed', ['gone'])), ['results', 'counts', 'deselect gone']],
    ['a tag rename', batchOf(heard('tag', 'renamed', ['feline'])), ['tree', 'tag manager', 'inspector']],
    ['a new library', batchOf(heard('library', 'created', ['/libraries/b.library'])), ['libraries']],
    ['a library switch', batchOf(heard('item', 'added'), heard('library', 'switched', ['/libraries/b.library'])), ['library changed', 'tag manager']],
    ['item/open', batchOf(heard('item', 'opened', ['i7'])), ['show item i7']],
    ['folder/open', batchOf(heard('folder', 'opened', ['f2'])), ['show folder f2']],
    ['a published load batch', batchOf(loadChange('loading', { stored: 4500, total: 10_000, indexed: false })), ['loading 4500/10000 unindexed', 'results', 'counts']],
    // Everything shown is read again, the view and its selection kept (no loadAll: it resets the selection).
    ['its index put, then its end', batchOf(heard('library', 'indexed', [LIB]), loadChange('loaded')), ['loaded', 'results', 'counts', 'tree', 'tag manager', 'inspector']],
    ['a published load that failed', batchOf(loadChange('loading', { stored: 10_000, total: 10_000, indexed: true, failed: 'root.json: answered HTTP 503.' })), ['loading 10000/10000 failed: root.json: answered HTTP 503.', 'results', 'counts']],
    ["another library's load", batchOf(loadChange('loading', { stored: 1, total: 2, indexed: true }, '/libraries/other.library')), []],
  ])('%s', async (_name, batch, expected) => {
    const { calls, targets } = spyTargets('shown');
    await applyChanges(batch, targets);
    expect(calls.sort()).toEqual([...expected].sort());
  });

  // Issue 41 point 14: an item imported during an AI search is indexed after its row is written;
  // only the indexer's event tells the shown search to ask again.
  it('asks an AI search shown again when items gain AI evidence, and nothing else', async () => {
    const indexed = batchOf(heard('aiSearch', 'indexed', ['new']));
    expect(indexed.empty).toBe(false);
    const shown = spyTargets('new', [], true);
    await applyChanges(indexed, shown.targets);
    expect(shown.calls).toEqual(['results']);
    const plain = spyTargets('new', [], false);
    await applyChanges(indexed, plain.targets);
    expect(plain.calls).toEqual([]);
  });

  it('re-reads the bulk editor when a selected item or the folder tree changes, not for other items', async () => {
    const { calls, targets } = spyTargets(null, ['a', 'b']);
    await applyChanges(batchOf(heard('item', 'updated', ['b'])), targets);
    expect(calls).toContain('bulk editor');
    calls.length = 0;
    await applyChanges(batchOf(heard('item', 'updated', ['c'])), targets);
    expect(calls).not.toContain('bulk editor');
    await applyChanges(batchOf(heard('folder', 'updated', ['f'])), targets);
    expect(calls).toContain('bulk editor');
  });

  it('re-reads the viewer when its item changes elsewhere, not for other items', async () => {
    const { calls, targets } = spyTargets(null, [], false, 'open');
    await applyChanges(batchOf(heard('item', 'updated', ['other'])), targets);
    expect(calls).not.toContain('viewer');
    await applyChanges(batchOf(heard('item', 'updated', ['open'])), targets);
    expect(calls).toContain('viewer');
  });

  it('re-reads everything shown after a resync', async () => {
    const { calls, targets } = spyTargets('shown');
    const batch = new ChangeBatch();
    batch.resync = true;
    await applyChanges(batch, targets);
    expect(calls.sort()).toEqual(['all', 'inspector', 'tag manager', 'viewer']);
  });
});

describe('applyChanges on the real stores', () => {
  let api: Api;
  let library = '';
  const port = apiPort(() => api, () => library);

  /** The stores of one tab, re-read by the batches the core's own change feed produces. */
  async function tab() {
    const results = new ResultStore(port);
    const sidebar = new SidebarStore(port);
    const selection = new SelectionStore(results, async () => {});
    const inspector = { id: null as string | null, loads: 0 };
    const targets: LiveTargets = {
      results,
      sidebar,
      selection,
      library: { load: async () => {}, setLoading: () => {} },
      inTrash: () => false,
      loadAll: () => Promise.all([sidebar.load(), results.refresh()]).then(() => {}),
      libraryChanged: async () => {},
      inspectedItem: () => inspector.id,
      reloadInspector: async () => void (inspector.loads += 1),
      viewedItem: () => null,
      reloadViewer: async () => {},
      bulkHas: () => false,
      indexOf: (id) => results.indexOfLoaded(id),
      reloadBulkEditor: async () => {},
      reloadTagManager: async () => {},
      showItem: async () => {},
      showFolder: () => {},
      focus: { held: () => heldFocus(results, selection), follow: (held) => void followFocus(held, results, selection) },
    };
    await Promise.all([results.load(listingOf(defaultViewState())), sidebar.load()]);
    const live = startLiveUpdates({
      currentLibrary: () => library,
      delayMs: 20,
      apply: (batch) => applyChanges(batch, targets),
      listen: ({ onChange }) => {
        const unsubscribe = api.changes.subscribe(({ kind, action, ids, details, library: of }) => onChange({ ...details, kind, action, ids: [...ids], library: of } as HeardChange));
        return { open: true, close: unsubscribe };
      },
    });
    return { results, sidebar, selection, inspector, live };
  }

  it('shows items added, renamed tags and folders made elsewhere, and drops trashed items from the listing and the selection', async () => {
    api = makeApi();
    library = await newLibrary(api);
    const seeded = await port.post<{ ids: string[] }>('/item/add', { items: [{ name: 'one', bookmarkURL: 'https://e.test/1', tags: ['cat'] }] });
    const b = await tab();
    expect(b.results.total).toBe(1);
    await b.selection.click(0, seeded.ids[0]!);
    b.inspector.id = seeded.ids[0]!;

    // Another tab: adds 30 items, renames the tag, makes a folder, trashes the selected item.
    await port.post('/item/add', { items: Array.from({ length: 30 }, (_, i) => ({ name: `new ${i}`, bookmarkURL: `https://e.test/n${i}` })) });
    await port.post('/tag/update', { originalName: 'cat', name: 'feline' });
    await port.post('/folder/create', { name: 'Made elsewhere' });
    await b.live.settled();
    expect(b.results.total).toBe(31);
    expect(b.sidebar.counts.all).toBe(31);
    expect(b.sidebar.tags.map((tag) => tag.name)).toEqual(['feline']);
    expect(b.sidebar.folders.map((folder) => folder.name)).toEqual(['Made elsewhere']);
    expect(b.inspector.loads).toBeGreaterThan(0);

    await port.post('/item/update', { id: seeded.ids[0], isDeleted: true });
    await b.live.settled();
    expect(b.results.total).toBe(30);
    expect(b.sidebar.counts.trash).toBe(1);
    expect(b.selection.count).toBe(0);
    b.live.close();
  });

  it('moves the focus down with the focused item when items are added above it, and its range anchor too', async () => {
    api = makeApi();
    library = await newLibrary(api);
    const seeded = await port.post<{ ids: string[] }>('/item/add', { items: Array.from({ length: 10 }, (_, i) => ({ name: `old ${i}`, bookmarkURL: `https://e.test/o${i}` })) });
    const b = await tab();
    const x = b.results.idAt(5)!;
    expect(seeded.ids).toContain(x);
    await b.selection.click(5, x);
    // Newest first: three items added elsewhere go above it.
    await port.post('/item/add', { items: Array.from({ length: 3 }, (_, i) => ({ name: `new ${i}`, bookmarkURL: `https://e.test/n${i}` })) });
    await b.live.settled();
    expect(b.results.total).toBe(13);
    expect(b.results.indexOfLoaded(x)).toBe(8);
    expect([b.selection.focus, b.selection.anchor, b.selection.single]).toEqual([8, 8, x]);
    // Moved on by the person (Ctrl+arrow), the focus follows the item it is on now.
    b.selection.moveFocus(2);
    const y = b.results.idAt(2)!;
    await port.post('/item/add', { items: [{ name: 'one more', bookmarkURL: 'https://e.test/m' }] });
    await b.live.settled();
    expect([b.selection.focus, b.results.indexOfLoaded(y)]).toEqual([3, 3]);
    b.live.close();
  });
});

describe('followFocus', () => {
  it('leaves the focus where the person put it while the listing was read', () => {
    const selection = { focus: 5, actions: 7, refocus: vi.fn() };
    const results = { indexOfLoaded: () => 8 };
    const held = { id: 'x', index: 5, actions: 7 };
    expect(followFocus(held, results, { ...selection, actions: 8 })).toBeUndefined();
    expect(followFocus(held, results, { ...selection, focus: 6 })).toBeUndefined();
    expect(followFocus(held, { indexOfLoaded: () => -1 }, selection)).toBeUndefined();
    expect(selection.refocus).not.toHaveBeenCalled();
    expect(followFocus(held, results, selection)).toBe(8);
    expect(selection.refocus).toHaveBeenCalledWith(8);
  });
});

describe('publishedLoadText: what the status bar says of a published load', () => {
  it.each([
    [{ stored: 4500, total: 100_000, indexed: true }, 'Loading 4,500 of 100,000', 'Loading this published library: 4,500 of 100,000 items stored.'],
    [{ stored: 4500, total: 100_000, indexed: false }, 'Loading 4,500 of 100,000 · search partial', 'Loading this published library: 4,500 of 100,000 items stored. Until it is done, search, filters and counts see the newest items only.'],
    [{ stored: 100_000, total: 100_000, indexed: false }, 'Indexing for search…', 'All 100,000 items are here; search, filters and counts see the newest items only until their index is stored.'],
    [
      { stored: 100_000, total: 100_000, indexed: true, failed: 'root.json: https://example.com/lib/root.json answered HTTP 503.' },
      'Load failed · reload to retry',
      'Loading this published library failed: root.json: https://example.com/lib/root.json answered HTTP 503. 100,000 of 100,000 items are stored and stay. Reload the page to try again.',
    ],
  ])('%o', (load, short, long) => {
    expect(publishedLoadText(load)).toEqual({ short, long });
  });
});
