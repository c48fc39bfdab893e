/**
 * BENCH_PUBLISHED_KEEP=1: the published rows' Eagle source, kept between runs under
 * bench/.scale-cache/eagle-<key>/ (git-ignored), because a million item folders take minutes to
 * write and are the same every run. The key names what makes the tree: N, the data seed, the image
 * share and the last commit of the generator's files ("-dirty" with uncommitted changes), so a
 * change there writes it afresh. `source.json` is written last: a tree cut by a crash has none and
 * is written again from scratch.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SCALE_CACHE_DIR, writePathVersion } from './scale-cache';
import { writeEagleSource, type EagleSource } from './eagle-source';

/** What the tree is made from. */
const GENERATOR = ['bench/driver/eagle-source.ts', 'bench/data', 'bench/page/seed/tiny-png.ts', 'tests/node/fixtures/eagle-library.ts', 'src/core/eagle-library/file-names.ts'];

export function eagleSourceKey(s: { n: number; seed: number; imageShare: number }, generator: string): string {
  return `eagle-n${s.n}-seed${s.seed}-img${s.imageShare}-${generator}`;
}

export interface KeptSource {
  source: EagleSource;
  /** True when an earlier run wrote it. */
  reused: boolean;
}

export async function keptEagleSource(
  settings: { n: number; seed: number; imageShare: number },
  log: (line: string) => void,
  { dir = SCALE_CACHE_DIR, generator = writePathVersion(undefined, GENERATOR), write = writeEagleSource } = {},
): Promise<KeptSource> {
  const home = `${dir}${eagleSourceKey(settings, generator)}`;
  const done = `${home}/source.json`;
  if (existsSync(done)) {
    // The tree is found where the cache is now: a checkout or cache moved elsewhere keeps using it.
    const kept = JSON.parse(readFileSync(done, 'utf8')) as EagleSource;
    return { source: { ...kept, dir: join(home, basename(kept.dir)) }, reused: true };
  }
  rmSync(home, { recursive: true, force: true });
  log(`Eagle source: writing it to ${home} (kept for later runs)`);
  const source = await write(home, 'Bench', settings.n, settings.seed, settings.imageShare, log);
  writeFileSync(done, `${JSON.stringify(source, null, 2)}\n`);
  return { source, reused: false };
}
