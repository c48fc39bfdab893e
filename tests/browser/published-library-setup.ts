/**
 * Browser tests of library/subscribe: an Eagle library built from the format note, published with
 * the real command, and served by a plain static file server on loopback (another origin: CORS).
 * A few items have real pictures as thumbnails (a scene, its near-duplicate, another scene, two
 * red ones) for AI search; `GET /requests` answers the paths the server has seen, as JSON.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { publishCommand } from '../../tools/publish/cli';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { serveStatic } from '../e2e/static-server';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { brightened, flat, jpegOf, paint, pngOf, sea, setThumbnail, sunset } from '../node/fixtures/pictures';

declare module 'vitest' {
  export interface ProvidedContext {
    published: {
      url: string;
      items: number;
      folders: number;
      smartFolders: number;
      sample: { id: string; size: number };
      /** Items whose thumbnails are real pictures; `requests`: the server's log of paths. */
      pictures: { scene: string; copy: string; other: string; red: string[]; thumbnails: string[]; requests: string };
      /**
       * Another library, published twice to one folder (the second time with 10 items added and
       * one renamed), served at `url` as its first version until `next` is fetched. `changed`: the
       * second version's files that the first does not list.
       */
      growing: { url: string; next: string; renamed: string; changed: string[] };
      /** The published library again, its manifest named `name` and without `counts` (hand-made or damaged). */
      uncounted: { url: string; name: string };
    };
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fixture = buildEagleLibrary({ name: 'Published', items: 60 });
  const sample = [...fixture.records.values()].find((record) => !record.noThumbnail && record.ext === 'png')!;
  const [scene, copy, other, red1, red2] = [...fixture.records.values()].filter((record) => !record.noThumbnail && record !== sample).map((record) => String(record.id));
  setThumbnail(fixture.files, scene!, pngOf(paint(200, 150, sunset)));
  setThumbnail(fixture.files, copy!, jpegOf(paint(160, 120, brightened(sunset))));
  setThumbnail(fixture.files, other!, pngOf(paint(200, 150, sea)));
  setThumbnail(fixture.files, red1!, pngOf(paint(120, 90, flat([200, 25, 30]))));
  setThumbnail(fixture.files, red2!, jpegOf(paint(90, 120, flat([230, 40, 20]))));
  const sourceDir = await mkdtemp(join(tmpdir(), 'published-src-'));
  const source = join(sourceDir, 'Published.library');
  for (const [path, bytes] of fixture.files) {
    await mkdir(dirname(join(source, path)), { recursive: true });
    await writeFile(join(source, path), bytes);
  }
  const out = await mkdtemp(join(tmpdir(), 'published-'));
  const { manifest } = await publishCommand([source, '--out', out, '--shard-items', '16'], { log: () => {}, progress: () => {} });
  const growing = await publishTwice();
  const uncounted = await mkdtemp(join(tmpdir(), 'uncounted-'));
  await cp(out, uncounted, { recursive: true });
  await writeFile(join(uncounted, 'manifest.json'), JSON.stringify({ ...manifest, name: 'Uncounted', counts: undefined }));
  const site = await serveStatic(
    { '/published/': out, '/growing/': growing.out, '/uncounted/': uncounted },
    (request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/growing-next') {
        void writeFile(join(growing.out, 'manifest.json'), growing.second).then(() => response.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end());
        return true;
      }
      if (path !== '/requests') return false;
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(site.requests));
      return true;
    },
    { cors: true },
  );
  project.provide('published', {
    url: `${site.url}/published/`,
    items: manifest.counts.items,
    folders: manifest.counts.folders,
    smartFolders: manifest.counts.smartFolders,
    sample: { id: String(sample.id), size: Number(sample.size) },
    growing: { url: `${site.url}/growing/`, next: `${site.url}/growing-next`, renamed: growing.renamed, changed: growing.changed },
    uncounted: { url: `${site.url}/uncounted/`, name: 'Uncounted' },
    pictures: { scene: scene!, copy: copy!, other: other!, red: [red1!, red2!], thumbnails: await thumbnailsOf(out, manifest, [scene!, copy!, other!, red1!, red2!]), requests: `${site.url}/requests` },
  });
  return async () => {
    await site.close();
    await Promise.all([sourceDir, out, growing.sourceDir, growing.out, uncounted].map((dir) => rm(dir, { recursive: true, force: true })));
  };
}

/** The published thumbnail files of the items (paths on the server). */
async function thumbnailsOf(out: string, manifest: Manifest, ids: string[]): Promise<string[]> {
  const shards = await Promise.all(manifest.shards.map(async (ref) => JSON.parse(await readFile(join(out, ref.file), 'utf8')) as Shard));
  return shards.flatMap((shard) => shard.items).filter((item) => ids.includes(item.id)).map((item) => `/published/${item.thumbnail!}`);
}

/**
 * A library published, then published again to the same folder with its newest 10 items added and
 * one renamed; the folder's manifest is the first version's (the second's bytes are returned).
 * Each thumbnail is its own picture, as in a real library.
 */
async function publishTwice() {
  const fixture = buildEagleLibrary({ name: 'Growing', items: 70, plain: true });
  [...fixture.records.values()].filter((record) => !record.noThumbnail).forEach((record, i) => {
    const split = (i + 1) / 72;
    setThumbnail(fixture.files, String(record.id), pngOf(paint(48, 32, (x) => (x < split ? [(i * 37) % 256, (i * 91) % 256, 40] : [30, (i * 53) % 256, (i * 151) % 256]))));
  });
  const ids = [...fixture.records.keys()].map(String).sort();
  const later = ids.slice(-10);
  const renamed = ids[20]!;
  const isLater = (path: string) => later.some((id) => path.startsWith(`images/${id}.info/`));
  const sourceDir = await mkdtemp(join(tmpdir(), 'growing-src-'));
  const source = join(sourceDir, 'Growing.library');
  const write = async (keep: (path: string) => boolean) => {
    for (const [path, bytes] of fixture.files) {
      if (!keep(path)) continue;
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
  };
  const out = await mkdtemp(join(tmpdir(), 'growing-'));
  const publish = async () => (await publishCommand([source, '--out', out, '--shard-items', '8'], { log: () => {}, progress: () => {} })).manifest;
  await write((path) => !isLater(path));
  const first = await publish();
  const firstBytes = await readFile(join(out, 'manifest.json'));
  await write(isLater);
  const metadata = join(source, `images/${renamed}.info/metadata.json`);
  await writeFile(metadata, JSON.stringify({ ...(JSON.parse(await readFile(metadata, 'utf8')) as object), name: 'Renamed item' }));
  const second = await publish();
  const secondBytes = await readFile(join(out, 'manifest.json'));
  await writeFile(join(out, 'manifest.json'), firstBytes);
  return { sourceDir, out, renamed, second: secondBytes, changed: second.files.filter((file) => !first.files.includes(file)) };
}
