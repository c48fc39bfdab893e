// The store-only central directory reader agrees with zip.js wherever it answers, and leaves every
// zip it cannot read exactly to zip.js.
import { BlobReader, BlobWriter, configure, Uint8ArrayReader, ZipReader, ZipWriter } from '@zip.js/zip.js';
import { makeZip } from 'client-zip';
import { describe, expect, it } from 'vitest';
import { readStoredDirectory } from '../../src/core/eagle-library/stored-directory';
import { zipTree } from '../../src/core/eagle-library/zip-tree';
import { buildEagleLibrary, zipOf } from './fixtures/eagle-library';

configure({ useWebWorkers: false });

async function zipJsEntries(zip: Blob) {
  const entries = await new ZipReader(new BlobReader(zip)).getEntries();
  return entries.map((e) => ({ filename: e.filename, directory: e.directory, offset: e.offset, compressedSize: e.compressedSize }));
}

async function ours(zip: Blob) {
  const entries = await readStoredDirectory(zip);
  return entries?.map((e) => ({ filename: e.filename, directory: e.directory, offset: e.offset, compressedSize: e.compressedSize }));
}

async function zipJsZip(files: [string, Uint8Array][], options: { level: number; zip64?: boolean; comment?: Uint8Array; useUnicodeFileNames?: boolean }): Promise<Blob> {
  const writer = new ZipWriter(new BlobWriter('application/zip'), { level: options.level, zip64: options.zip64, useWebWorkers: false, useUnicodeFileNames: options.useUnicodeFileNames });
  for (const [name, bytes] of files) await writer.add(name, new Uint8ArrayReader(bytes));
  return writer.close(options.comment);
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readStoredDirectory', () => {
  it('reads a client-zip library zip (UTF-8 names, folders, data descriptors) exactly as zip.js does', async () => {
    const fixture = buildEagleLibrary({ name: 'Stored' });
    const entries = [...fixture.files].map(([path, input]) => ({ name: `Stored.library/${path}`, input }));
    const zip = await new Response(makeZip([{ name: 'Stored.library/images/' }, ...entries])).blob();
    const expected = await zipJsEntries(zip);
    expect(expected.some((e) => /[^\x00-\x7f]/.test(e.filename))).toBe(true);
    expect(expected.some((e) => e.directory)).toBe(true);
    expect(await ours(zip)).toEqual(expected);
  });

  it('reads Zip64 records and a zip with a trailing comment as zip.js does', async () => {
    const files: [string, Uint8Array][] = [['Z.library/metadata.json', bytes('{}')], ['Z.library/images/A.info/a.png', bytes('x'.repeat(300))]];
    for (const zip of [await zipJsZip(files, { level: 0, zip64: true }), await zipJsZip(files, { level: 0, comment: bytes('a comment PK\u0005\u0006 with a fake signature') })]) {
      const expected = await zipJsEntries(zip);
      expect(expected.length).toBe(2);
      expect(await ours(zip)).toEqual(expected);
    }
  });

  it('leaves deflated zips, non-UTF-8 names and non-zips to zip.js', async () => {
    const files: [string, Uint8Array][] = [['D.library/metadata.json', bytes('{"folders":[]}'.repeat(50))]];
    expect(await readStoredDirectory(await zipJsZip(files, { level: 6 }))).toBeUndefined();
    const latin = await zipJsZip([['D.library/caf\u00e9.png', bytes('x')]], { level: 0, useUnicodeFileNames: false });
    expect(await readStoredDirectory(latin)).toBeUndefined();
    expect(await readStoredDirectory(new Blob([bytes('not a zip at all')]))).toBeUndefined();
    const fixtureZip = await zipOf(buildEagleLibrary({ name: 'Cut', items: 3 }));
    expect(await readStoredDirectory(fixtureZip.slice(0, fixtureZip.size - 30))).toBeUndefined();
  });

  it('gives zipTree the same files, byte for byte, as the zip.js road', async () => {
    const fixture = buildEagleLibrary({ name: 'Same', items: 20 });
    const tree = await zipTree(await zipOf(fixture), 'fallback');
    expect(tree.folderName).toBe('Same.library');
    for (const [path, expected] of fixture.files) expect(new Uint8Array(await (await tree.read(path))!.arrayBuffer()), path).toEqual(expected);
  });
});
