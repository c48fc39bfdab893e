// Code run synchronously but loaded on first use (src/core/shared/not-loaded.ts): RE2JS, the
// engine of regex rules (src/core/smart-folders/safe-regex.ts), and pinyin-pro. A request that first
// meets a regex rule, reading or checking one, loads it and runs again, and answers as if it had
// been there. Each core below is a fresh module graph (vi.resetModules), so its engine starts
// unloaded, as in a worker that just started; the database outlives it.
import { describe, expect, it, vi } from 'vitest';
import { NotLoaded, whenLoaded } from '../../src/core/shared/not-loaded';
import type { Page } from '../../src/core/http/pagination';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';

/** A core of its own on `namespace`, with the request helper and its own regex module. */
async function freshCore(namespace: string) {
  vi.resetModules();
  const [{ createApi }, { call }, regex, notLoaded] = await Promise.all([
    import('../../src/core'),
    import('./helpers'),
    import('../../src/core/smart-folders/safe-regex'),
    import('../../src/core/shared/not-loaded'),
  ]);
  const api = createApi({ namespace });
  const ask = <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, library: string) => call<T>(api, method, path, input, { library });
  /** Whether this core's engine is still unloaded: a direct check throws NotLoaded. */
  const unloaded = () => {
    try {
      regex.compilePattern('a');
      return false;
    } catch (error) {
      return error instanceof notLoaded.NotLoaded;
    }
  };
  return { api, ask, unloaded };
}

const catRule = [{ rules: [{ property: 'name', method: 'regex', value: '^cat' }] }];

describe('the regex engine, loaded on first use', () => {
  it('answers a read that meets a stored regex rule in a worker that never loaded the engine', async () => {
    const namespace = `regex-load-${Math.random().toString(36).slice(2)}`;
    const writer = await freshCore(namespace);
    const library = (await writer.ask<{ path: string }>('POST', '/library/create', { name: 'pets' }, '')).data.path;
    const items = ['cat one', 'dog', 'Cat two'].map((name) => ({ bookmarkURL: `https://example.com/${encodeURIComponent(name)}`, name }));
    expect((await writer.ask('POST', '/item/add', { items }, library)).httpStatus).toBe(200);
    const made = await writer.ask<SmartFolderView>('POST', '/smartFolder/create', { name: 'Cats', conditions: catRule }, library);
    expect(made.httpStatus).toBe(200);
    expect(made.data.imageCount).toBe(2);

    const reader = await freshCore(namespace);
    expect(reader.unloaded()).toBe(true);
    const matched = await reader.ask<Page<{ name: string }>>('GET', '/smartFolder/getItems', { smartFolderId: made.data.id }, library);
    expect(matched.httpStatus).toBe(200);
    expect(matched.data.data.map((item) => item.name).sort()).toEqual(['Cat two', 'cat one']);
    expect(reader.unloaded()).toBe(false);

    // Rules the request carries (smartFolder/count), in another fresh core: checked, then run, after one load.
    const counter = await freshCore(namespace);
    const counted = await counter.ask<{ count: number }>('POST', '/smartFolder/count', { conditions: catRule }, library);
    expect(counted.httpStatus).toBe(200);
    expect(counted.data.count).toBe(2);
  });

  it('checks a regex rule of a request in a worker that never loaded the engine, naming the field', async () => {
    const namespace = `regex-check-${Math.random().toString(36).slice(2)}`;
    const core = await freshCore(namespace);
    const library = (await core.ask<{ path: string }>('POST', '/library/create', { name: 'rules' }, '')).data.path;
    expect(core.unloaded()).toBe(true);
    const refused = await core.ask('POST', '/smartFolder/create', { name: 'Bad', conditions: [{ rules: [{ property: 'name', method: 'regex', value: 'a{2' }, { property: 'name', method: 'regex', value: '*a' }] }] }, library);
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.message).toMatch(/^conditions\[0\]\.rules\[1\]\.value: is not a valid regular expression/);
    const stored = await core.ask<Page<SmartFolderView>>('GET', '/smartFolder/get', {}, library);
    expect(stored.data.total).toBe(0);
  });
});

describe('whenLoaded', () => {
  it('loads what the work stopped on and runs it again, once per load', async () => {
    let loaded = false;
    const load = vi.fn(async () => {
      loaded = true;
    });
    const runs: boolean[] = [];
    const answer = await whenLoaded(async () => {
      runs.push(loaded);
      if (!loaded) throw new NotLoaded('The test piece', load);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toEqual([false, true]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives up when a load did not make the code usable, and passes other errors through', async () => {
    const load = vi.fn(async () => undefined);
    await expect(whenLoaded(async () => Promise.reject(new NotLoaded('The broken piece', load)))).rejects.toThrow('The broken piece was used before it was loaded.');
    expect(load).toHaveBeenCalledTimes(1);
    const other = new Error('not a load');
    await expect(whenLoaded(async () => Promise.reject(other))).rejects.toBe(other);
  });

  it('brings pinyin-pro too, the other code run inside transactions', async () => {
    vi.resetModules();
    const [{ pinyinOf }, fresh] = await Promise.all([import('../../src/core/tags/pinyin'), import('../../src/core/shared/not-loaded')]);
    expect(pinyinOf('cat')).toBe('cat'); // no Han character: no dictionary needed
    expect(() => pinyinOf('黑猫')).toThrow(fresh.NotLoaded);
    expect(await fresh.whenLoaded(async () => pinyinOf('黑猫'))).toBe('hei mao');
  });

  it('reports a load that fails', async () => {
    const failing = new Error('offline');
    await expect(whenLoaded(async () => Promise.reject(new NotLoaded('The piece', () => Promise.reject(failing))))).rejects.toBe(failing);
  });
});
