/**
 * Where the scale mode keeps a seeded library between runs: a persistent Chromium profile per
 * key under bench/.scale-cache/ (git-ignored). The key names what makes the stored library: N,
 * the data seed, the image share, the library schema version and the last commit of the write
 * path (with "-dirty" when it has uncommitted changes), so a change there seeds afresh instead of
 * measuring rows written by older code. `meta.json` beside the profile remembers the library's
 * path, the origin it lives under and the seeding figures of the runs that made it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIBRARY_VERSION } from '../../src/core/storage/library-db';

export const SCALE_CACHE_DIR = fileURLToPath(new URL('../.scale-cache/', import.meta.url));

/** What item/add writes with: a commit here changes the stored rows. */
const WRITE_PATH = ['src/core/storage', 'src/core/items', 'src/core/postings', 'src/core/item-observers.ts', 'src/core/tags/tag-bookkeeping.ts'];

export interface SeedRecord {
  /** item/add items/s per batch, over every run that seeded this library. */
  samples: number[];
  rawSamples: number[];
  baselineLabel?: string | undefined;
  notes: string[];
  /** ISO times of the runs that seeded. */
  runs: string[];
}

export interface ScaleMeta {
  key: string;
  library?: string;
  origin?: string;
  seed: SeedRecord;
}

export interface ScaleCache {
  key: string;
  profileDir: string;
  meta: ScaleMeta;
  save(): void;
}

/** The last commit of `paths` (the write path unless told), with "-dirty" when they have uncommitted changes. */
export function writePathVersion(root = fileURLToPath(new URL('../../', import.meta.url)), paths: readonly string[] = WRITE_PATH): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = git('log', '-1', '--format=%h', '--', ...paths);
  const dirty = git('status', '--porcelain', '--', ...paths) !== '';
  return `${commit}${dirty ? '-dirty' : ''}`;
}

export function scaleKey(s: { n: number; seed: number; imageShare: number }, writePath: string): string {
  return `n${s.n}-seed${s.seed}-img${s.imageShare}-v${LIBRARY_VERSION}-${writePath}`;
}

export function openScaleCache(settings: { n: number; seed: number; imageShare: number }, dir = SCALE_CACHE_DIR, writePath = writePathVersion()): ScaleCache {
  const key = scaleKey(settings, writePath);
  const home = `${dir}${key}/`;
  mkdirSync(`${home}profile`, { recursive: true });
  const metaPath = `${home}meta.json`;
  const meta: ScaleMeta = existsSync(metaPath) ? (JSON.parse(readFileSync(metaPath, 'utf8')) as ScaleMeta) : { key, seed: { samples: [], rawSamples: [], notes: [], runs: [] } };
  return { key, profileDir: `${home}profile`, meta, save: () => writeFileSync(metaPath, `${JSON.stringify(meta, null, 2)}\n`) };
}
