// A list loaded on first use (the write pipeline's item observers): read before its load it
// throws instead of answering an empty list; loaded once, however often load() is called.
import { describe, expect, it, vi } from 'vitest';
import { loadedList } from '../../src/core/shared/loaded-list';

describe('a loaded list', () => {
  it('throws when read before it is loaded, and reads its entries after', async () => {
    const load = vi.fn(async () => ['a', 'b']);
    const list = loadedList('The letters', load);
    expect(() => [...list.entries]).toThrow(/The letters were read before they were loaded/);
    expect(() => list.entries.length).toThrow(/before they were loaded/);
    await Promise.all([list.load(), list.load()]);
    await list.load();
    expect([...list.entries]).toEqual(['a', 'b']);
    expect(list.entries.length).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays unloaded when its load fails, and a later load can still succeed', async () => {
    let fail = true;
    const list = loadedList('The letters', async () => {
      if (fail) throw new Error('script not reachable');
      return ['a'];
    });
    await expect(list.load()).rejects.toThrow(/script not reachable/);
    expect(() => list.entries[0]).toThrow(/before they were loaded/);
    fail = false;
    await list.load();
    expect(list.entries[0]).toBe('a');
  });
});
