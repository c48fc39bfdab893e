// The viewer's comment state against the real core (fake-indexeddb): drawing a draft, saving it,
// redrawing its area, refusing bad input with the API's message, and removing it.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import type { Item, Page } from '../../src/app/api-types';
import { CommentEditing, type CommentHost } from '../../src/app/viewer/comment-editing';
import { makeApi, newLibrary } from './helpers';

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A host element stand-in on a fresh core; the app's client reaches the core through a fetch shim. */
async function host() {
  const core = makeApi();
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    core.handle(new Request(new URL(String(input), 'http://localhost'), init))) as typeof fetch;
  const api = new ApiClient({ library: await newLibrary(core), base: '/' }); // in node the app's base is this module's folder
  const { id } = await api.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com' });
  const item = (await api.get<Page<Item>>('/item/get', { id })).data[0]!;
  const events: string[] = [];
  const target = new EventTarget();
  target.addEventListener('item-changed', () => events.push('item-changed'));
  target.addEventListener('api-error', (e) => events.push(`api-error: ${(e as CustomEvent<{ message: string }>).detail.message}`));
  let renders = 0;
  const fake = Object.assign(target, {
    api, item, player: null,
    addController: () => undefined, removeController: () => undefined,
    requestUpdate: () => void renders++, updateComplete: Promise.resolve(true),
  }) as unknown as CommentHost;
  return { api, id, events, host: fake, renders: () => renders };
}

describe('CommentEditing', () => {
  it('draws a draft, saves it, redraws its area and removes it, each through the API', async () => {
    const { api, id, events, host: h, renders } = await host();
    const notes = new CommentEditing(h);
    notes.toggleDrawing();
    notes.drawn({ x: 5, y: 6, width: 20, height: 10 });
    expect(notes.draft).toEqual({ x: 5, y: 6, width: 20, height: 10 });
    await notes.save('A note');
    const [made] = await api.get<{ id: string; annotation: string; x: number }[]>('/item/getComments', { id });
    expect(made).toMatchObject({ annotation: 'A note', x: 5, y: 6, width: 20, height: 10 });
    expect(notes.activeId).toBe(made!.id);
    expect(notes.draft).toBeNull();

    notes.moveActive();
    expect([notes.redrawing, notes.drawing]).toEqual([made!.id, true]);
    notes.drawn({ x: 1, y: 2, width: 3, height: 4 });
    await notes.settled();
    expect((await api.get<unknown[]>('/item/getComments', { id }))[0]).toMatchObject({ id: made!.id, annotation: 'A note', x: 1, y: 2, width: 3, height: 4 });
    expect([notes.redrawing, notes.drawing]).toEqual([null, false]);

    await notes.removeActive();
    expect(await api.get('/item/getComments', { id })).toEqual([]);
    expect(notes.comments).toEqual([]);
    expect(events).toEqual(['item-changed', 'item-changed', 'item-changed']);
    expect(renders()).toBeGreaterThan(3);
  });

  it('reports the API message when a write is refused and keeps the list true to the library', async () => {
    const { api, id, events, host: h } = await host();
    const notes = new CommentEditing(h);
    await notes.write((c) => c.add({ x: 0, y: 0, width: 0, height: 5 }, 'flat'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^api-error: .*width/);
    expect(await api.get('/item/getComments', { id })).toEqual([]);
    expect(notes.comments).toEqual([]);
  });
});
