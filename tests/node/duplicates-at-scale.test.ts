// A library with many copies of one file (icons, a bench's tiny PNGs) must not make item/add read
// every copy: what one more copy asks of the items and files stores stays the same as copies grow.
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/core';
import { call, newLibrary } from './helpers';
import { pngBase64 } from './fixtures/images';

type Counted = Record<string, (...args: unknown[]) => unknown>;
const patched: [Counted, string, (...args: unknown[]) => unknown][] = [];

/** Counts requests and cursor steps per object store until restored. */
function countRequests(): Map<string, number> {
  const counts = new Map<string, number>();
  const storeOf = (self: unknown): string => {
    const source = self instanceof IDBCursor ? (self.source as IDBObjectStore | IDBIndex) : (self as IDBObjectStore | IDBIndex);
    return source instanceof IDBIndex ? source.objectStore.name : source.name;
  };
  const wrap = (proto: Counted, names: string[]) => {
    for (const name of names) {
      const original = proto[name]!;
      patched.push([proto, name, original]);
      proto[name] = function (this: unknown, ...args: unknown[]) {
        counts.set(storeOf(this), (counts.get(storeOf(this)) ?? 0) + 1);
        return original.apply(this, args);
      };
    }
  };
  const reads = ['get', 'getAll', 'getAllKeys', 'getKey', 'openCursor', 'openKeyCursor', 'count'];
  wrap(IDBObjectStore.prototype as unknown as Counted, reads);
  wrap(IDBIndex.prototype as unknown as Counted, reads);
  wrap(IDBCursor.prototype as unknown as Counted, ['continue', 'advance', 'continuePrimaryKey']);
  return counts;
}

afterEach(() => {
  for (const [proto, name, original] of patched.splice(0)) proto[name] = original;
});

describe('item/add with many copies of one file', () => {
  it('reads no more of items and files for one more copy at 40 copies than at 5, and still names the first holder', async () => {
    const api = createApi({ namespace: `dup-scale-${process.pid}-${Math.random().toString(36).slice(2)}` });
    const library = await newLibrary(api);
    const post = async <T>(path: string, input: Record<string, unknown>) => {
      const answer = await call<T>(api, 'POST', path, input, { library });
      if (answer.httpStatus !== 200) throw new Error(answer.body.message);
      return answer.data;
    };
    const icon = await pngBase64(5, 5);
    const first = await post<{ id: string }>('/item/add', { name: 'icon', base64: icon });
    const addCopies = (n: number) => post('/item/add', { items: Array.from({ length: n }, (_, i) => ({ name: `copy ${i}`, base64: icon })) });
    const oneMore = async () => {
      const counts = countRequests();
      const answer = await post<{ duplicateOf: string | null }>('/item/add', { name: 'one more', base64: icon });
      for (const [proto, name, original] of patched.splice(0)) proto[name] = original;
      expect(answer.duplicateOf).toBe(first.id);
      return { items: counts.get('items') ?? 0, files: counts.get('files') ?? 0 };
    };
    await addCopies(4);
    const few = await oneMore();
    await addCopies(35);
    const many = await oneMore();
    expect(many).toEqual(few);
    // Trashed first holder: the next live copy holds the bytes.
    await post('/item/update', { id: first.id, isDeleted: true });
    const after = await post<{ duplicateOf: string | null }>('/item/add', { name: 'after trash', base64: icon });
    expect(after.duplicateOf).not.toBeNull();
    expect(after.duplicateOf).not.toBe(first.id);
  });
});
