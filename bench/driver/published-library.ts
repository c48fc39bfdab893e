/**
 * The published-library rows' node side (issue 23): writes the plan's N items as an Eagle library
 * on disk (eagle-source.ts), times the real publish command on it as a child process
 * (bin/offline-asset-library.mjs) against copying the same tree with `cp -R` (the floor of reading
 * and writing its bytes), and serves the
 * output with the tests' plain static file server (tests/e2e/static-server.ts, CORS on: the bench
 * page is another origin) on loopback. Each subscription run gets its own URL prefix, so each
 * makes a new library; the server's request log, with each file's size on disk, gives the bytes
 * fetched. With BENCH_PUBLISHED_KEEP=1 the source tree is kept and reused (kept-eagle-source.ts);
 * the publish output and the copies stay temporary.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { serveStatic, type StaticSite } from '../../tests/e2e/static-server';
import type { PublishedFacts, PublishedRequest } from '../shared/protocol';
import { writeEagleSource } from './eagle-source';
import { keptEagleSource } from './kept-eagle-source';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../bin/offline-asset-library.mjs', import.meta.url));
const MB = 1024 * 1024;

export interface PublishedBench {
  facts: PublishedFacts;
  /** The published library's URL for subscription run `run` (a prefix of its own). */
  urlFor(run: number): string;
  /** Every request the static server saw, with the bytes of the file it served (0 for a miss). */
  requests(): Promise<PublishedRequest[]>;
  dispose(): Promise<void>;
}

export async function preparePublished(settings: { n: number; seed: number; imageShare: number; publishedKeep?: boolean; copyFloor: boolean }, log: (line: string) => void): Promise<PublishedBench> {
  const work = await mkdtemp(join(tmpdir(), 'bench-published-'));
  let site: StaticSite | undefined;
  try {
    const started = performance.now();
    const kept = settings.publishedKeep ? await keptEagleSource(settings, log) : undefined;
    const source = kept?.source ?? (await writeEagleSource(work, 'Bench', settings.n, settings.seed, settings.imageShare, log));
    log(`Eagle source: ${source.items} items (${source.images} with PNG thumbnails), ${(source.bytes / MB).toFixed(1)} MB ${kept?.reused ? `kept from an earlier run (${source.dir})` : `in ${((performance.now() - started) / 1000).toFixed(1)} s`}`);
    // Turns alternate (publish, copy, copy, publish, ...), each into a fresh folder; the first publish is served.
    const turns = settings.n <= 5000 && settings.copyFloor ? 3 : 1;
    const publishMs: number[] = [];
    const copyMs: number[] = [];
    let cliLine = '';
    for (let turn = 0; turn < turns; turn++) {
      const order = !settings.copyFloor ? ['publish'] : turn % 2 ? ['copy', 'publish'] : ['publish', 'copy'];
      for (const side of order) {
        const out = join(work, `${side}-${turn}`);
        const t0 = performance.now();
        if (side === 'publish') {
          const { stderr } = await run(process.execPath, [CLI, 'publish', source.dir, '--out', out], { maxBuffer: 64 * MB });
          publishMs.push(performance.now() - t0);
          cliLine = stderr.trim().split('\n').at(-1) ?? '';
        } else {
          // coreutils cp, a child process as the command is: node's fs.cp copies a file at a time in JS, slower than publishing.
          await run('cp', ['-R', source.dir, out]);
          copyMs.push(performance.now() - t0);
        }
        if (turn > 0) await rm(out, { recursive: true, force: true });
      }
    }
    await rm(join(work, 'copy-0'), { recursive: true, force: true });
    const out = join(work, 'publish-0');
    log(`publish: ${publishMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; cp -R: ${copyMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; ${cliLine}`);

    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const size = async (file: string) => (await stat(join(out, file))).size;
    // The item the load stores last: the oldest (the first shard's first; load-order.ts stores the newest first), found only once every item is indexed.
    const oldestShard = JSON.parse(await readFile(join(out, manifest.shards[0]!.file), 'utf8')) as Shard;
    const last = oldestShard.items[0]!;
    const shardBytes = await Promise.all(manifest.shards.map((shard) => size(shard.file)));
    site = await serveStatic({}, undefined, { cors: true });
    const served = site;
    const sizes = new Map<string, number>();
    const facts: PublishedFacts = {
      items: manifest.counts.items,
      images: source.images,
      shards: manifest.shards.map((shard) => shard.file),
      shardItems: manifest.shards.map((shard) => shard.items),
      manifestBytes: await size('manifest.json'),
      rootBytes: await size(manifest.root),
      shardBytes,
      sourceBytes: source.bytes,
      publishMs,
      copyMs,
      cliLine,
      ...(process.env.NODE_OPTIONS ? { nodeOptions: process.env.NODE_OPTIONS } : {}),
      lastItem: { id: last.id, name: String(last.record.name) },
    };
    return {
      facts,
      urlFor(runIndex) {
        const at = `/published/run-${runIndex}/`;
        served.mount(at, out);
        return `${served.url}${at}`;
      },
      async requests() {
        return Promise.all(served.requests.map(async (path) => {
          const file = path.replace(/^\/published\/run-\d+\//, '');
          if (!sizes.has(file)) sizes.set(file, await size(decodeURIComponent(file)).catch(() => 0));
          return { path, bytes: sizes.get(file)! };
        }));
      },
      async dispose() {
        await served.close();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await site?.close();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
