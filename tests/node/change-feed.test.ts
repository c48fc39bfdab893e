import { describe, expect, it, vi } from 'vitest';
import type { Api, ChangeEvent } from '../../src/core';
import { ChangeFeed } from '../../src/core/events/change-feed';
import { loadItemObservers } from '../../src/core/item-observers';
import { commitItemChanges } from '../../src/core/storage/item-changes';
import { writeTransaction } from '../../src/core/storage/write';
import { fakeImage, openLibrary, TestProcessor } from './fixtures/media';
import { call, makeApi, newLibrary } from './helpers';

const ITEM_OBSERVERS = await loadItemObservers();

const catRules = [{ rules: [{ property: 'tags', method: 'union', value: ['cat'] }], match: 'AND', boolean: 'TRUE' }];

async function setup(api: Api = makeApi()) {
  const library = await newLibrary(api);
  const post = <T = any>(path: string, input: Record<string, unknown>) => call<T>(api, 'POST', path, input, { library });
  const events: ChangeEvent[] = [];
  api.changes.subscribe((event) => events.push(event));
  /** What was announced since the last call, as `kind action ids [details]`. */
  const heard = () =>
    events.splice(0).map(({ kind, action, ids, details, library: path }) => {
      expect(path).toBe(library);
      return `${kind} ${action} ${ids.join(',')}${details ? ` ${JSON.stringify(details)}` : ''}`;
    });
  return { api, library, post, heard };
}

const bookmark = (name: string, extra: Record<string, unknown> = {}) => ({ name, bookmarkURL: `https://example.com/${name}`, ...extra });

describe('change feed: items', () => {
  it('announces added, updated, trashed and restored, one change per kind of action', async () => {
    const { post, heard } = await setup();
    const { ids } = (await post<{ ids: string[] }>('/item/add', { items: [bookmark('a'), bookmark('b')] })).data;
    expect(heard()).toEqual([`item added ${ids.join(',')}`]);
    await post('/item/update', { items: [{ id: ids[0], star: 2 }, { id: ids[1], isDeleted: true }] });
    expect(heard()).toEqual([`item updated ${ids[0]}`, `item trashed ${ids[1]}`]);
    await post('/item/update', { id: ids[1], isDeleted: false });
    expect(heard()).toEqual([`item restored ${ids[1]}`]);
  });

  it('announces a comment as an update of its item, and selection and opening', async () => {
    const { post, heard } = await setup();
    const { id } = (await post<{ id: string }>('/item/add', bookmark('a'))).data;
    heard();
    const comment = (await post<{ id: string }>('/item/addComment', { id, annotation: 'hi', duration: 1 })).data;
    expect(heard()).toEqual([`item updated ${id}`]);
    await post('/item/removeComment', { id, commentId: comment.id });
    expect(heard()).toEqual([`item updated ${id}`]);
    await post('/item/select', { ids: [id] });
    await post('/item/open', { id });
    expect(heard()).toEqual([`item selected ${id} {"count":1,"version":1}`, `item opened ${id}`]);
  });

  it('announces a removed row and a thumbnail made in the background', async () => {
    const api = makeApi({ media: new TestProcessor() });
    const { library, post, heard } = await setup(api);
    const { id } = (await post<{ id: string }>('/item/add', { name: 'pic', base64: btoaOf(await fakeImage(40, 30).text()) })).data;
    await api.media.whenIdle();
    // Added, then updated once its thumbnail (or its failure to decode) was stored.
    expect(heard()).toEqual([`item added ${id}`, `item updated ${id}`]);
    const opened = await openLibrary(api, library);
    const row = (await opened.db.items.where('id').equals(id).first())!;
    await writeTransaction(opened, Date.now(), () => commitItemChanges(opened.db, [{ before: row }], ITEM_OBSERVERS, Date.now()));
    expect(heard()).toEqual([`item removed ${id}`]);
  });

  it('announces nothing for a write that failed', async () => {
    const { post, heard } = await setup();
    const { id } = (await post<{ id: string }>('/item/add', bookmark('a', { tags: ['t'] }))).data;
    heard();
    const failed = await post('/item/update', { items: [{ id, tags: ['new'] }, { id: 'NOPE', star: 1 }] });
    expect(failed.httpStatus).toBe(404);
    expect(heard()).toEqual([]);
  });
});

describe('change feed: folders, smart folders, tags, tag groups, libraries', () => {
  it('announces folders created, updated (counts too) and opened', async () => {
    const { post, heard } = await setup();
    const folder = (await post<{ id: string }>('/folder/create', { name: 'F', parent: null })).data.id;
    expect(heard()).toEqual([`folder created ${folder}`]);
    await post('/folder/update', { id: folder, name: 'G' });
    expect(heard()).toEqual([`folder updated ${folder}`]);
    const { id } = (await post<{ id: string }>('/item/add', bookmark('a', { folders: [folder] }))).data;
    expect(heard()).toEqual([`folder updated ${folder}`, `item added ${id}`]);
    await post('/folder/open', { id: folder });
    expect(heard()).toEqual([`folder opened ${folder}`]);
  });

  it('announces smart folders created, updated and removed', async () => {
    const { post, heard } = await setup();
    const id = (await post<{ id: string }>('/smartFolder/create', { name: 'Cats', conditions: catRules })).data.id;
    expect(heard()).toEqual([`smartFolder created ${id}`]);
    await post('/smartFolder/update', { id, name: 'Felines' });
    expect(heard()).toEqual([`smartFolder updated ${id}`]);
    await post('/smartFolder/remove', { id });
    expect(heard()).toEqual([`smartFolder removed ${id}`]);
  });

  it('announces tags created by use, updated, renamed, merged and removed', async () => {
    const { post, heard } = await setup();
    const { id } = (await post<{ id: string }>('/item/add', bookmark('a', { tags: ['cat', 'dog'] }))).data;
    expect(heard()).toEqual(['tag created cat,dog', `item added ${id}`]);
    await post('/tag/update', { originalName: 'cat', color: 'red' });
    expect(heard()).toEqual(['tag updated cat']);
    await post('/tag/update', { originalName: 'cat', name: 'feline' });
    // The rows say what happened to each (cat's count fell before its row went); `renamed` says why.
    expect(heard().sort()).toEqual(['tag updated cat,feline', 'tag created feline', `item updated ${id}`, 'tag removed cat', 'tag renamed feline {"from":"cat"}'].sort());
    await post('/tag/merge', { source: 'dog', target: 'feline' });
    expect(heard().sort()).toEqual(['tag updated dog,feline', `item updated ${id}`, 'tag removed dog', 'tag merged feline {"from":"dog"}'].sort());
    await post('/item/update', { id, tags: ['bird'] });
    heard();
    await post('/item/update', { id, tags: [] });
    expect(heard().sort()).toEqual(['tag updated bird', 'tag removed bird', `item updated ${id}`].sort());
  });

  it('tells created from updated tags in a batch of many without reading tag rows one by one', async () => {
    const { post, heard } = await setup();
    const old = Array.from({ length: 20 }, (_, i) => `old${String(i).padStart(2, '0')}`);
    const fresh = Array.from({ length: 20 }, (_, i) => `new${String(i).padStart(2, '0')}`);
    const a = (await post<{ id: string }>('/item/add', bookmark('a', { tags: old }))).data.id;
    heard();
    const store = IDBObjectStore.prototype as unknown as { get: (...args: unknown[]) => IDBRequest };
    const get = store.get;
    let tagGets = 0;
    store.get = function (this: IDBObjectStore, ...args: unknown[]) {
      if (this.name === 'tags') tagGets += 1;
      return get.apply(this, args);
    };
    try {
      const { id } = (await post<{ id: string }>('/item/add', bookmark('b', { tags: [...old.slice(0, 10), ...fresh] }))).data;
      expect(heard().sort()).toEqual([`item added ${id}`, `tag created ${fresh.join(',')}`, `tag updated ${old.slice(0, 10).join(',')}`].sort());
    } finally {
      store.get = get;
    }
    expect(tagGets).toBe(0);
    // Taken off: every count falls, and the tags no item carries any more go.
    await post('/item/update', { id: a, tags: [] });
    expect(heard().sort()).toEqual([`item updated ${a}`, `tag removed ${old.slice(10).join(',')}`, `tag updated ${old.join(',')}`].sort());
  });

  it('announces tag groups created, updated and removed', async () => {
    const { post, heard } = await setup();
    const id = (await post<{ id: string }>('/tagGroup/create', { name: 'Animals', tags: ['cat'] })).data.id;
    expect(heard()).toEqual([`tagGroup created ${id}`, 'tag created cat']);
    await post('/tagGroup/update', { id, color: 'red' });
    expect(heard()).toEqual([`tagGroup updated ${id}`]);
    await post('/tagGroup/remove', { id });
    expect(heard()).toEqual([`tagGroup removed ${id}`, 'tag removed cat']);
  });

  it('announces libraries created and switched', async () => {
    const api = makeApi();
    const events: ChangeEvent[] = [];
    api.changes.subscribe((event) => events.push(event));
    const path = await newLibrary(api, 'Photos');
    await call(api, 'POST', '/library/switch', { libraryPath: path });
    expect(events).toEqual([
      { kind: 'library', action: 'created', ids: [path], details: { name: 'Photos' }, library: path },
      { kind: 'library', action: 'switched', ids: [path], details: { name: 'Photos' }, library: path },
    ]);
  });
});

describe('GET /api/v2/events', () => {
  it('streams every published change as a server-sent event, import and aiSearch included', async () => {
    const { api, library, post } = await setup();
    const response = await api.handle(new Request('http://localhost/api/v2/events'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const listening = api.changes.subscriberCount;
    expect((await reader.read()).value).toMatch(/^retry: \d+\n/);
    const folder = (await post<{ id: string }>('/folder/create', { name: 'F', parent: null })).data.id;
    api.changes.publish({ kind: 'import', action: 'progress', ids: ['IMP1'], details: { done: 3, total: 10 }, library });
    api.changes.publish({ kind: 'aiSearch', action: 'indexed', ids: ['I1', 'I2'], library });
    const received = [(await reader.read()).value, (await reader.read()).value, (await reader.read()).value];
    expect(received).toEqual([
      `event: folder\ndata: ${JSON.stringify({ action: 'created', ids: [folder], library })}\n\n`,
      `event: import\ndata: ${JSON.stringify({ action: 'progress', ids: ['IMP1'], done: 3, total: 10, library })}\n\n`,
      `event: aiSearch\ndata: ${JSON.stringify({ action: 'indexed', ids: ['I1', 'I2'], library })}\n\n`,
    ]);
    await reader.cancel();
    expect(api.changes.subscriberCount).toBe(listening - 1);
  });
});

describe('a worker handing over to a new version', () => {
  it('ends every open stream with a hand-over event and answers new ones 503, so its activation is not held', async () => {
    const api = makeApi();
    const open = (await api.handle(new Request('http://localhost/api/v2/events'))).body!.pipeThrough(new TextDecoderStream()).getReader();
    await open.read(); // the greeting
    expect(api.changes.subscriberCount).toBe(1);
    api.changes.handOver();
    expect(await open.read()).toEqual({ done: false, value: 'event: hand-over\ndata: {}\n\n' });
    expect(await open.read()).toEqual({ done: true, value: undefined });
    expect(api.changes.subscriberCount).toBe(0);
    const refused = await api.handle(new Request('http://localhost/api/v2/events'));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'UNAVAILABLE' });
    expect(api.changes.subscriberCount).toBe(0);
  });

  it('is told again and again by the new worker (a message can be lost): the second time changes nothing', async () => {
    const api = makeApi();
    const open = (await api.handle(new Request('http://localhost/api/v2/events'))).body!.pipeThrough(new TextDecoderStream()).getReader();
    await open.read(); // the greeting
    api.changes.handOver();
    api.changes.handOver();
    expect((await open.read()).value).toBe('event: hand-over\ndata: {}\n\n');
    expect(await open.read()).toEqual({ done: true, value: undefined });
    expect((await api.handle(new Request('http://localhost/api/v2/events'))).status).toBe(503);
  });

  it('ends every other stream when ending one fails', () => {
    const feed = new ChangeFeed();
    const ended: string[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    feed.onHandOver(() => {
      throw new Error('already gone');
    });
    feed.onHandOver(() => ended.push('second'));
    feed.handOver();
    expect(ended).toEqual(['second']);
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
  });
});

describe('a client that reads nothing', () => {
  it('is cut off once 1000 events wait, and the others keep hearing', async () => {
    const api = makeApi();
    const stuck = await api.handle(new Request('http://localhost/api/v2/events'));
    const reading = (await api.handle(new Request('http://localhost/api/v2/events'))).body!.pipeThrough(new TextDecoderStream()).getReader();
    await reading.read(); // the greeting
    expect(api.changes.subscriberCount).toBe(2);
    for (let i = 0; i < 1100; i++) {
      api.changes.publish({ kind: 'import', action: 'progress', ids: [`I${i}`], library: '/libraries/x.library' });
      expect((await reading.read()).value).toContain(`"I${i}"`);
    }
    expect(api.changes.subscriberCount).toBe(1);
    // The stuck stream ends after what it had queued: its EventSource reconnects and re-reads.
    const text = await new Response(stuck.body).text();
    expect(text.match(/^event: import$/gm)?.length).toBeGreaterThan(1000);
    expect(text).not.toContain('"I1099"');
    await reading.cancel();
    expect(api.changes.subscriberCount).toBe(0);
  });
});

function btoaOf(text: string): string {
  return Buffer.from(text).toString('base64');
}
