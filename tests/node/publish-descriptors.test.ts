// `publish` computes every item's visual descriptor in node from its thumbnail (PNG, JPEG, WebP),
// with the browser's describePixels; a subscriber stores them from the shards, so similar items and
// colour search answer for every item with no thumbnail fetched (issue 23).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { PNG } from 'pngjs';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { afterAll, describe, expect, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { COLOURS_AT, DESCRIPTOR_BYTES, WORK_SIDE } from '../../src/core/ai-search/descriptor-layout';
import { COLOUR_NAMES } from '../../src/core/ai-search/colour-names';
import { compareDescriptors } from '../../src/core/ai-search/visual-similarity';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { describePixels } from '../../src/media/descriptor';
import { serveStatic, type StaticSite } from '../e2e/static-server';
import { buildEagleLibrary } from '../node/fixtures/eagle-library';
import { brightened, flat, jpegOf, paint, pngOf, sea, setThumbnail, sunset, type Picture } from './fixtures/pictures';
import { call, makeApi } from './helpers';
import { TestProcessor } from './fixtures/media';
import { tempDir } from './fixtures/temp-dirs';

async function webpOf({ width, height, data }: Picture): Promise<Uint8Array<ArrayBuffer>> {
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm');
  await initWebpEncoder({ wasmBinary: new Uint8Array(await readFile(wasm)).buffer });
  return new Uint8Array(await encodeWebp({ width, height, data: new Uint8ClampedArray(data), colorSpace: 'srgb' }, { quality: 80 }));
}

/** The mean of each 2×2 block: what any area filter makes of a picture twice the work square's side. */
function halved({ width, data }: Picture): Uint8ClampedArray {
  const out = new Uint8ClampedArray(WORK_SIDE * WORK_SIDE * 4);
  for (let y = 0; y < WORK_SIDE; y++) {
    for (let x = 0; x < WORK_SIDE; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (dy: number, dx: number) => data[((2 * y + dy) * width + 2 * x + dx) * 4 + c]!;
        out[(y * WORK_SIDE + x) * 4 + c] = Math.round((at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1)) / 4);
      }
    }
  }
  return out;
}

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name)));
  }
  return out;
}

const sites: StaticSite[] = [];
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
});

describe('published visual descriptors', { timeout: 60_000 }, () => {
  it('are computed from PNG, JPEG and WebP thumbnails with the shared function, byte-stable; an undecodable one is reported; a subscriber ranks similar items and colours without fetching a thumbnail', async () => {
    const fixture = buildEagleLibrary({ name: 'Pictures', items: 40, plain: true });
    const withThumbnails = [...fixture.records.values()].filter((record) => !record.noThumbnail).map((record) => String(record.id));
    const [scene, webpCopy, other, red, damaged, large] = withThumbnails;
    const exact = paint(WORK_SIDE, WORK_SIDE, sunset);
    const double = paint(2 * WORK_SIDE, 2 * WORK_SIDE, sea);
    setThumbnail(fixture.files, scene!, pngOf(exact));
    setThumbnail(fixture.files, webpCopy!, await webpOf(paint(150, 110, brightened(sunset))));
    setThumbnail(fixture.files, other!, jpegOf(paint(120, 90, sea)));
    setThumbnail(fixture.files, red!, jpegOf(paint(100, 80, flat([210, 20, 25]))));
    setThumbnail(fixture.files, large!, pngOf(double));
    const broken = pngOf(exact).slice(0, 60);
    setThumbnail(fixture.files, damaged!, broken);

    const source = join(await tempDir('publish-src-'), 'Pictures.library');
    for (const [path, bytes] of fixture.files) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
    const publish = async () => {
      const out = await tempDir('published-');
      const lines: string[] = [];
      const report = await publishCommand([source, '--out', out, '--shard-items', '8'], { log: (line) => lines.push(line), progress: () => {} });
      return { out, lines, report };
    };
    const { out, lines, report } = await publish();
    expect(report.undescribed.map((item) => item.name)).toEqual([`${damaged}.info`]);
    expect(lines.join('\n')).toMatch(new RegExp(`No visual descriptor for ${damaged}\\.info: its PNG thumbnail could not be decoded`));

    // Every other thumbnail (the fixture's tiny PNGs and lossless WebPs too) has a descriptor, in its shard's file.
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ version: 1, descriptorVersion: 1 });
    const published = new Map<string, Uint8Array>();
    for (const ref of manifest.shards) {
      const shard = JSON.parse(await readFile(join(out, ref.file), 'utf8')) as Shard;
      expect(ref.descriptors, ref.file).toMatch(/^shards\/descriptors-[0-9a-f]{20}\.bin$/);
      expect(manifest.files).toContain(ref.descriptors);
      const bytes = new Uint8Array(await readFile(join(out, ref.descriptors!)));
      expect(bytes.length).toBe(shard.items.length * DESCRIPTOR_BYTES);
      shard.items.forEach((item, i) => {
        const record = bytes.slice(i * DESCRIPTOR_BYTES, (i + 1) * DESCRIPTOR_BYTES);
        if (record.some((byte) => byte !== 0)) published.set(item.id, record);
      });
    }
    expect([...published.keys()].sort()).toEqual(withThumbnails.filter((id) => id !== damaged).sort());

    // The same bytes as the browser's describePixels on the decoded thumbnail (no resampling at
    // 64 px; at 128 px each pixel is a 2×2 block's mean), decoded here by pngjs on its own.
    const decoded = (bytes: Uint8Array) => new Uint8ClampedArray(PNG.sync.read(Buffer.from(bytes)).data);
    expect(published.get(scene!)).toEqual(describePixels(decoded(pngOf(exact))));
    expect(published.get(large!)).toEqual(describePixels(halved(double)));
    // A lossy WebP of the brightened scene is its near-duplicate; the JPEG sea is not.
    expect(compareDescriptors(published.get(webpCopy!)!, published.get(scene!)!, 0).nearDuplicate).toBe(true);
    expect(compareDescriptors(published.get(other!)!, published.get(scene!)!, 0).nearDuplicate).toBe(false);
    expect(published.get(red!)![COLOURS_AT + COLOUR_NAMES.indexOf('red')]).toBeGreaterThan(200);

    // Publishing again writes identical bytes.
    expect(await filesUnder((await publish()).out)).toEqual(await filesUnder(out));

    // A subscriber stores them with the shards: similar items and colours answer, no thumbnail fetched.
    const site = await serveStatic({ '/published/': out });
    sites.push(site);
    // (No media processor: a search that waits for an item's indexing gives up at once.)
    const api = makeApi({ fetchSource: (url) => fetch(url), mediaWaitMs: 50 });
    const subscribed = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/`, wait: true });
    expect(subscribed.httpStatus, JSON.stringify(subscribed.body)).toBe(200);
    const library = subscribed.data.path;
    type Results = { results: { item: { id: string }; nearDuplicate?: boolean; signals: string[] }[] };
    const similar = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: scene, limit: 5 }, { library });
    expect(similar.httpStatus, JSON.stringify(similar.body)).toBe(200);
    expect(similar.data.results[0]).toMatchObject({ item: { id: webpCopy }, nearDuplicate: true });
    const reds = await call<Results>(api, 'POST', '/aiSearch/searchByText', { query: 'red' }, { library });
    expect(reds.data.results.map((result) => result.item.id)).toEqual([red]);
    // Every described item is ranked (all but the item asked about), none of them from a fetched thumbnail.
    const all = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: scene, limit: 1000 }, { library });
    expect(all.data.results.map((result) => result.item.id).sort()).toEqual([...published.keys()].filter((id) => id !== scene).sort());
    expect(site.requests.filter((path) => path.includes('/thumbnails/'))).toEqual([]);
    expect(site.requests.filter((path) => path.includes('/shards/descriptors-')).length).toBe(manifest.shards.length);

    // A library published before descriptors existed (no descriptor files) still opens, without them.
    const old = await tempDir('published-old-');
    for (const [path, bytes] of await filesUnder(out)) {
      if (path.includes('descriptors-')) continue;
      await mkdir(dirname(join(old, path)), { recursive: true });
      await writeFile(join(old, path), bytes);
    }
    const { descriptorVersion: _v, ...rest } = manifest;
    const oldManifest = { ...rest, shards: manifest.shards.map(({ descriptors: _d, ...ref }) => ref), files: manifest.files.filter((file) => !file.includes('descriptors-')), contentVersion: 'old0old0old0old0old0' };
    await writeFile(join(old, 'manifest.json'), JSON.stringify(oldManifest));
    site.mount('/old/', old);
    const before = await call<{ path: string; stored: number }>(api, 'POST', '/library/subscribe', { url: `${site.url}/old/`, wait: true });
    expect(before.data.stored).toBe(manifest.counts.items);
    const none = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: scene }, { library: before.data.path });
    // As before descriptors were published: an item whose thumbnail was never shown is not indexed.
    expect(none.body).toMatchObject({ status: 'error', code: 'UNAVAILABLE', message: expect.stringContaining('not indexed yet') });
  });

  it('answer text on a published library: colour words from the published descriptors, meaning from the item text (no thumbnail needed)', async () => {
    const fixture = buildEagleLibrary({ name: 'Words', items: 12, plain: true });
    const ids = [...fixture.records.values()].filter((record) => !record.noThumbnail).map((record) => String(record.id));
    const [receipt, red] = ids;
    setThumbnail(fixture.files, red!, pngOf(paint(80, 60, flat([210, 20, 25]))));
    const record = { ...fixture.records.get(receipt!)!, annotation: 'Receipt for the hotel bill' };
    fixture.files.set(`images/${receipt}.info/metadata.json`, new TextEncoder().encode(JSON.stringify(record)) as Uint8Array<ArrayBuffer>);
    const source = join(await tempDir('publish-src-'), 'Words.library');
    for (const [path, bytes] of fixture.files) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), bytes);
    }
    const out = await tempDir('published-');
    await publishCommand([source, '--out', out], { log: () => {}, progress: () => {} });
    const site = await serveStatic({ '/published/': out });
    sites.push(site);

    // A page's media worker (a stand-in encoder: "invoice", "receipt" and "bill" share a meaning).
    const api = makeApi({ fetchSource: (url) => fetch(url), media: new TestProcessor() });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/`, wait: true });
    type Answer = { results: { item: { id: string }; signals: string[] }[]; understood: { colours: string[]; meaning: string[] } };
    const search = async (query: string) => (await call<Answer>(api, 'POST', '/aiSearch/searchByText', { query }, { library: data.path })).data;
    const reds = await search('something red');
    expect(reds.understood.colours).toEqual(['red']);
    expect(reds.results.map((result) => [result.item.id, result.signals])).toEqual([[red, ['colour']]]);
    // The first text search turned indexing by meaning on: the item texts are embedded in the background.
    await api.media.resume(data.path);
    await api.media.whenIdle();
    const invoice = await search('invoice');
    expect(invoice.understood.meaning).toEqual(['invoice']);
    expect(invoice.results.map((result) => [result.item.id, result.signals])).toEqual([[receipt, ['meaning']]]);
    expect(site.requests.filter((path) => path.includes('/thumbnails/'))).toEqual([]);
  });
});
