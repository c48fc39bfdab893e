import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import { ANY_LIBRARY, EventLog } from './event-log';
import { imageBase64 } from './images';
import { controlledBy, fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';

const logs: EventLog[] = [];
afterEach(() => logs.splice(0).forEach((log) => log.close()));

function listen(library: string, view?: Window): EventLog {
  const log = new EventLog(library, view);
  logs.push(log);
  return log;
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

async function addBookmark(client: ApiClient, extra: Record<string, unknown> = {}): Promise<string> {
  return (await client.post<{ id: string }>('/item/add', { name: unique('b'), bookmarkURL: 'https://example.com/', ...extra })).id;
}

describe('GET /api/v2/events through the service worker', () => {
  it('is a text/event-stream answered by the worker', async () => {
    await controlledBy();
    const { response } = await fetchApi('/api/v2/events');
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toMatch(/^retry: \d+\n/);
    await reader.cancel();
  });

  it('announces every kind of change made through the API', async () => {
    const { client, library } = await isolatedClient();
    const log = listen(library);
    const post = (path: string, body: Record<string, unknown>) => client.post<{ id: string }>(path, body);
    const steps: [string, () => Promise<[string, string, string]>][] = [
      ['item added', async () => ['item', 'added', await addBookmark(client)]],
      ['item updated', async () => {
        const id = await addBookmark(client);
        await post('/item/update', { items: [{ id, star: 4 }] });
        return ['item', 'updated', id];
      }],
      ['item trashed', async () => {
        const id = await addBookmark(client);
        await post('/item/update', { id, isDeleted: true });
        return ['item', 'trashed', id];
      }],
      ['item restored', async () => {
        const id = await addBookmark(client);
        await post('/item/update', { id, isDeleted: true });
        await post('/item/update', { id, isDeleted: false });
        return ['item', 'restored', id];
      }],
      ['thumbnail made in the background', async () => {
        const { id } = await post('/item/add', { name: unique('pic'), base64: await imageBase64(64, 48) });
        return ['item', 'updated', id];
      }],
      ['comment', async () => {
        const id = await addBookmark(client);
        await post('/item/addComment', { id, annotation: 'hi', duration: 1 });
        return ['item', 'updated', id];
      }],
      ['item selected', async () => {
        const id = await addBookmark(client);
        await post('/item/select', { ids: [id] });
        return ['item', 'selected', id];
      }],
      ['item opened', async () => {
        const id = await addBookmark(client);
        await post('/item/open', { id });
        return ['item', 'opened', id];
      }],
      ['folder created', async () => ['folder', 'created', (await post('/folder/create', { name: unique('f'), parent: null })).id]],
      ['folder renamed', async () => {
        const { id } = await post('/folder/create', { name: unique('f'), parent: null });
        await post('/folder/update', { id, name: unique('g') });
        return ['folder', 'updated', id];
      }],
      ['folder opened', async () => {
        const { id } = await post('/folder/create', { name: unique('f'), parent: null });
        await post('/folder/open', { id });
        return ['folder', 'opened', id];
      }],
      ['folder count', async () => {
        const folder = (await post('/folder/create', { name: unique('f'), parent: null })).id;
        await addBookmark(client, { folders: [folder] });
        return ['folder', 'updated', folder];
      }],
      ['smart folder updated', async () => {
        const conditions = [{ rules: [{ property: 'name', method: 'contain', value: 'x' }], match: 'AND', boolean: 'TRUE' }];
        const { id } = await post('/smartFolder/create', { name: unique('s'), conditions });
        await post('/smartFolder/update', { id, name: unique('t') });
        return ['smartFolder', 'updated', id];
      }],
      ['smart folder removed', async () => {
        const conditions = [{ rules: [{ property: 'name', method: 'contain', value: 'x' }], match: 'AND', boolean: 'TRUE' }];
        const { id } = await post('/smartFolder/create', { name: unique('s'), conditions });
        await post('/smartFolder/remove', { id });
        return ['smartFolder', 'removed', id];
      }],
      ['tag created', async () => {
        const tag = unique('t');
        await addBookmark(client, { tags: [tag] });
        return ['tag', 'created', tag];
      }],
      ['tag updated', async () => {
        const tag = unique('t');
        await addBookmark(client, { tags: [tag] });
        await post('/tag/update', { originalName: tag, starred: true });
        return ['tag', 'updated', tag];
      }],
      ['tag removed', async () => {
        const tag = unique('t');
        const id = await addBookmark(client, { tags: [tag] });
        await post('/item/update', { id, tags: [] });
        return ['tag', 'removed', tag];
      }],
      ['tag merged', async () => {
        const [source, target] = [unique('s'), unique('t')];
        await addBookmark(client, { tags: [source] });
        await post('/tag/merge', { source, target });
        return ['tag', 'merged', target];
      }],
      ['tag group created', async () => ['tagGroup', 'created', (await post('/tagGroup/create', { name: unique('g') })).id]],
      ['tag group updated', async () => {
        const { id } = await post('/tagGroup/create', { name: unique('g') });
        await post('/tagGroup/update', { id, color: 'red' });
        return ['tagGroup', 'updated', id];
      }],
      ['tag group removed', async () => {
        const { id } = await post('/tagGroup/create', { name: unique('g') });
        await post('/tagGroup/remove', { id });
        return ['tagGroup', 'removed', id];
      }],
    ];
    for (const [name, step] of steps) expect((await log.expectAfter(step)).library, name).toBe(library);
  });

  it('announces a library created', async () => {
    await controlledBy();
    const log = listen(ANY_LIBRARY);
    let name = '';
    const heard = await log.expectAfter(async () => {
      name = unique('live');
      return ['library', 'created', (await new ApiClient().post<{ path: string }>('/library/create', { name })).path];
    });
    expect(heard).toMatchObject({ ids: [`/libraries/${name}.library`], library: `/libraries/${name}.library`, name });
  });

  it('announces a library switch (to the current library, so other files are not disturbed)', async () => {
    await controlledBy();
    const api = new ApiClient();
    const { path } = await api.get<{ path: string }>('/library/info');
    const log = listen(path);
    const heard = await log.expectAfter(async () => {
      await api.post('/library/switch', { libraryPath: path });
      return ['library', 'switched', path];
    });
    expect(heard.name).toEqual(expect.any(String));
  });

  it('ends with a stopped worker; the stream reopens, asks for a re-read and hears changes made after', async () => {
    const { client, library } = await isolatedClient();
    const log = listen(library);
    await log.connected();
    await stopServiceWorkers();
    await log.until(() => (log.drops > 0 && log.resyncs > 0 ? true : undefined), 'reconnection', 10_000);
    await log.expectAfter(async () => ['folder', 'created', (await client.post<{ id: string }>('/folder/create', { name: 'after', parent: null })).id]);
  });

  it('keeps two windows in step: a tag renamed in one is announced to the other', async () => {
    const { client, library } = await isolatedClient();
    const frame = document.createElement('iframe');
    frame.srcdoc = '<!doctype html><title>second window</title>';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const other = frame.contentWindow!;
    try {
      expect(other.navigator.serviceWorker.controller).not.toBeNull();
      const here = listen(library);
      const there = listen(library, other);
      const tag = unique('cat');
      await addBookmark(client, { tags: [tag] });
      const rename = (view: Window, from: string, to: string) =>
        view.fetch('/api/v2/tag/update', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Library-Path': library },
          body: JSON.stringify({ originalName: from, name: to }),
        });
      const renamedThere = await here.expectAfter(async () => {
        expect((await rename(other, tag, `${tag}-2`)).status).toBe(200);
        return ['tag', 'renamed', `${tag}-2`];
      });
      expect(renamedThere.from).toBe(tag);
      const renamedHere = await there.expectAfter(async () => {
        expect((await rename(window, `${tag}-2`, `${tag}-3`)).status).toBe(200);
        return ['tag', 'renamed', `${tag}-3`];
      });
      expect(renamedHere.from).toBe(`${tag}-2`);
    } finally {
      frame.remove();
    }
  });
});
