// The importer's pure parts: lazy, batched walking of dropped folders (as the File and Directory
// Entries API hands them out, ~100 entries per readEntries call), batch cutting and error indexes.
import { describe, expect, it } from 'vitest';
import { enumerateFiles, type DirectoryEntryLike, type EntryLike, type FileEntryLike } from '../../src/app/import/enumerate-files';
import { failedIndex, nameFromPath, takeBatch, type ImportJob } from '../../src/app/import/import-batches';

const fileEntry = (path: string, size = 1): FileEntryLike => ({
  isFile: true, isDirectory: false, name: path.split('/').pop()!, fullPath: path,
  file: (ok) => ok(new File([new Uint8Array(size)], path.split('/').pop()!)),
});

/** A directory whose reader answers at most `page` entries a call, counting the calls. */
function directory(path: string, children: EntryLike[], reads = { count: 0 }, page = 100): DirectoryEntryLike {
  return {
    isFile: false, isDirectory: true, name: path.split('/').pop()!, fullPath: path,
    createReader() {
      let offset = 0;
      return { readEntries: (ok) => { reads.count += 1; const slice = children.slice(offset, offset + page); offset += slice.length; queueMicrotask(() => ok(slice)); } };
    },
  };
}

describe('enumerateFiles', () => {
  it('walks nested folders and plain files, in batches of the given size', async () => {
    const tree = directory('/trip', [fileEntry('/trip/a.jpg'), directory('/trip/day 1', [fileEntry('/trip/day 1/b.jpg'), directory('/trip/day 1/empty', [])]), fileEntry('/trip/c.png')]);
    const batches: string[][] = [];
    for await (const batch of enumerateFiles([{ file: new File(['x'], 'loose.gif') }, { entry: tree }], 2)) batches.push(batch.map((f) => f.path));
    expect(batches.map((b) => b.length)).toEqual([2, 2]);
    expect(batches.flat().sort()).toEqual(['/trip/a.jpg', '/trip/c.png', '/trip/day 1/b.jpg', 'loose.gif']);
  });

  it('reads a 70,000-file folder only as far as the consumer has asked', async () => {
    const reads = { count: 0 };
    const big = directory('/big', Array.from({ length: 70_000 }, (_, i) => fileEntry(`/big/${i}.jpg`)), reads);
    const walk = enumerateFiles([{ entry: big }], 200);
    const first = await walk.next();
    expect(first.value).toHaveLength(200);
    expect(reads.count).toBeLessThanOrEqual(3);
    let total = 200;
    for await (const batch of walk) total += batch.length;
    expect(total).toBe(70_000);
    expect(reads.count).toBe(701);
  }, 30_000); // 70,000 File objects: about 2 s alone, well past the 5 s default on a loaded machine

  it('reports an unreadable file or folder and goes on', async () => {
    const broken: FileEntryLike = { ...fileEntry('/d/bad.jpg'), file: (_ok, fail) => fail?.(new Error('NotReadableError')) };
    const locked: DirectoryEntryLike = { ...directory('/d/locked', []), createReader: () => ({ readEntries: (_ok, fail) => fail?.(new Error('SecurityError')) }) };
    const problems: string[] = [];
    const found: string[] = [];
    for await (const batch of enumerateFiles([{ entry: directory('/d', [broken, locked, fileEntry('/d/ok.jpg')]) }], 10, (p) => problems.push(`${p.path}: ${p.message}`))) found.push(...batch.map((f) => f.path));
    expect(found).toEqual(['/d/ok.jpg']);
    expect(problems).toEqual(['/d/bad.jpg: NotReadableError', '/d/locked: SecurityError']);
  });
});

const job = (size: number): ImportJob => ({ kind: 'file', file: new File([new Uint8Array(size)], 'f'), path: 'f' });

describe('takeBatch', () => {
  it('cuts by item count and by bytes, but always sends at least one item', () => {
    const queue = [job(10), job(10), job(10), job(100), job(5)];
    expect(takeBatch(queue, { maxItems: 2, maxBytes: 1000 })).toHaveLength(2);
    expect(takeBatch(queue, { maxItems: 10, maxBytes: 50 })).toHaveLength(1);
    expect(takeBatch(queue, { maxItems: 10, maxBytes: 50 }).map((j) => (j.kind === 'file' ? j.file.size : 0))).toEqual([100]);
    expect(takeBatch(queue, { maxItems: 10, maxBytes: 50 })).toHaveLength(1);
    expect(queue).toHaveLength(0);
    expect(takeBatch(queue)).toEqual([]);
  });
});

describe('failedIndex and nameFromPath', () => {
  it('finds the item an item/add error names', () => {
    expect(failedIndex('items[6].base64: is not valid Base64.')).toBe(6);
    expect(failedIndex('folders: folder X was not found')).toBeUndefined();
  });
  it('names an item after its file without the extension', () => {
    expect(nameFromPath('/trip/day 1/beach.final.jpg')).toBe('beach.final');
    expect(nameFromPath('.hidden')).toBe('.hidden');
    expect(nameFromPath('README')).toBe('README');
  });
});
