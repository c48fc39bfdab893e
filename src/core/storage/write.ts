/**
 * Every write request runs in one read-write Dexie transaction over the whole library, so a failed
 * write leaves the library exactly as it was, and concurrent writes are serialised.
 */
import type { OpenLibrary } from '../context';
import { loadPinyin } from '../tags/pinyin';
import type { LibraryMeta } from './rows';

export const META_KEY = 'meta';

export async function writeTransaction<T>(library: OpenLibrary, now: number, work: () => Promise<T>): Promise<T> {
  const { db } = library;
  await loadPinyin(); // a write may make tag rows, which spell their names in pinyin
  return db.transaction('rw', db.tables, async () => {
    const result = await work();
    const meta = (await db.state.get(META_KEY))?.value as LibraryMeta | undefined;
    await db.state.put({
      key: META_KEY,
      value: { applicationVersion: library.record.applicationVersion, ...meta, modificationTime: now } satisfies LibraryMeta,
    });
    return result;
  });
}

export async function readMeta(library: OpenLibrary): Promise<LibraryMeta> {
  const meta = (await library.db.state.get(META_KEY))?.value as LibraryMeta | undefined;
  return meta ?? { modificationTime: library.record.createdAt, applicationVersion: library.record.applicationVersion };
}
