/**
 * The published-library rows' source: the seeded library's plan (bench/data/library-plan.ts, same
 * seed, same items) written on disk as an Eagle `.library` folder, as the format note describes
 * it (tests/node/fixtures/eagle-library.ts writes the same shapes): root metadata.json with the
 * plan's folders, tags.json, and one `images/<id>.info/` folder per item with its metadata.json,
 * its original and, for the image share, a small PNG thumbnail (the seed's tiny PNGs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookmarkShortcut } from '../../src/core/eagle-library/file-names';
import { eagleId } from '../../tests/node/fixtures/eagle-library';
import { planLibrary, type PlannedFolder, type PlannedItem } from '../data/library-plan';
import { TinyPngs } from '../page/seed/tiny-png';

const T0 = 1_700_000_000_000;
const BATCH = 1000;
const text = new TextEncoder();

export interface EagleSource {
  dir: string;
  items: number;
  images: number;
  bytes: number;
}

/** Writes `<parent>/<name>.library` with `n` planned items; `log` hears progress. */
export async function writeEagleSource(parent: string, name: string, n: number, seed: number, imageShare: number, log: (line: string) => void): Promise<EagleSource> {
  const dir = join(parent, `${name}.library`);
  mkdirSync(join(dir, 'images'), { recursive: true });
  const plan = planLibrary(seed);
  const folderIds = new Map(plan.folders.map((folder, i) => [folder.key, eagleId(T0 - 10_000 + i, i)]));
  let bytes = 0;
  // Synchronous calls: at a million folders node's thread pool round trips cost more than the writes.
  const put = (path: string, data: Uint8Array) => {
    writeFileSync(join(dir, path), data);
    bytes += data.length;
  };
  put('metadata.json', json(rootMetadata(plan.folders, folderIds)));
  put('tags.json', json({ historyTags: plan.tags.slice(0, 10), starredTags: plan.tags.slice(0, 3) }));

  const pngs = new TinyPngs();
  let index = 0;
  let images = 0;
  for (const batch of plan.batches(n, BATCH, imageShare)) {
    for (const item of batch) {
      const { folder, files } = await itemFiles(item, index++, folderIds, pngs);
      mkdirSync(join(dir, folder));
      for (const [path, data] of files) put(path, data);
    }
    images += batch.filter((item) => 'image' in item.source).length;
    if (index % 10_000 === 0 || index === n) log(`Eagle source: ${index}/${n} item folders written`);
  }
  return { dir, items: n, images, bytes };
}

/** An item's folder and files, paths relative to the library. */
async function itemFiles(item: PlannedItem, i: number, folderIds: ReadonlyMap<string, string>, pngs: TinyPngs): Promise<{ folder: string; files: [string, Uint8Array][] }> {
  const imported = T0 + i * 1000;
  const id = eagleId(imported, i);
  const dir = `images/${id}.info`;
  // Eagle names the original after the item; a name with a path character gets a safe one (the reader takes the only candidate).
  const fileName = item.name.replace(/[/\\:*?"<>|]/g, '_');
  const record: Record<string, unknown> = {
    id,
    name: item.name,
    size: 0,
    btime: imported - 5000,
    mtime: imported - 4000,
    tags: item.tags,
    folders: item.folderKeys.flatMap((key) => folderIds.get(key) ?? []),
    isDeleted: false,
    annotation: item.annotation,
    modificationTime: imported,
    lastModified: imported + 2000,
  };
  const files: [string, Uint8Array][] = [];
  if ('bookmarkURL' in item.source) {
    const shortcut = text.encode(bookmarkShortcut(item.source.bookmarkURL));
    Object.assign(record, { ext: 'url', url: item.source.bookmarkURL, size: shortcut.length, palettes: [] });
    files.push([`${dir}/${fileName}.url`, shortcut]);
  } else {
    const { width, height, rgb } = item.source.image;
    const png = (await pngs.get(item.source.image)).bytes;
    const dark = rgb.map((c) => Math.round(c * 0.6));
    Object.assign(record, { ext: 'png', url: item.website, size: png.length, width, height, palettes: [{ color: rgb, ratio: 50 }, { color: dark, ratio: 50 }] });
    files.push([`${dir}/${fileName}.png`, png], [`${dir}/${fileName}_thumbnail.png`, png]);
  }
  files.push([`${dir}/metadata.json`, json(record)]);
  return { folder: dir, files };
}

function rootMetadata(folders: readonly PlannedFolder[], ids: ReadonlyMap<string, string>) {
  const node = (folder: PlannedFolder): Record<string, unknown> => ({
    id: ids.get(folder.key),
    name: folder.name,
    description: '',
    children: folders.filter((child) => child.parentKey === folder.key).map(node),
    modificationTime: T0,
    tags: [],
    password: '',
    passwordTips: '',
  });
  return {
    applicationVersion: '4.0.0',
    folders: folders.filter((folder) => folder.parentKey === null).map(node),
    smartFolders: [],
    quickAccess: [],
    tagsGroups: [],
    modificationTime: T0,
  };
}

const json = (value: unknown) => text.encode(JSON.stringify(value));
