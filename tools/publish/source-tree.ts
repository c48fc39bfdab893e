/**
 * The `<library>` argument of `publish` as the LibraryTree the Eagle reader takes: a `.library`
 * folder on disk, or a zip (an Eagle library zipped, or this app's export). Node's Blob and
 * `openAsBlob` are enough for the reader, which was written for the browser.
 */
import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { FlatTree, type LibraryTree } from '../../src/core/eagle-library/library-tree';
import { zipTree } from '../../src/core/eagle-library/zip-tree';

export async function openSourceTree(source: string): Promise<LibraryTree> {
  const info = await stat(source).catch(() => undefined);
  if (!info) throw new Error(`${source}: no such file or folder.`);
  if (info.isFile()) return zipTree(await openAsBlob(source), basename(source));
  const paths: [string, string][] = [];
  for (const entry of await readdir(source, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    const path = relative(source, full).split(sep).join('/');
    paths.push([entry.isDirectory() ? `${path}/` : path, full]);
  }
  // The folder itself is the library: name the paths under it, so its name is the library's.
  const name = basename(source);
  return new FlatTree(
    paths.map(([path, full]) => [`${name}/${path}`, full] as [string, string]),
    name,
    (full) => openAsBlob(full),
  );
}
