/** The knobs that take the sync and published rows to the sizes (issue 45): unset, nothing changes. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EagleSource } from '../../bench/driver/eagle-source';
import { eagleSourceKey, keptEagleSource } from '../../bench/driver/kept-eagle-source';
import type { RunResults } from '../../bench/driver/report';
import { runLine } from '../../bench/driver/results-md';
import { DEFAULTS, knobsLine, readSettings } from '../../bench/driver/settings';
import { shardGroups } from '../../bench/page/shard-groups';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-knobs-'));
  dirs.push(dir);
  return `${dir}/`;
};

describe('bench knobs for sync and publishing at scale', () => {
  it('are absent unless set, and read as typed', () => {
    expect(readSettings({})).toEqual(DEFAULTS);
    const set = readSettings({ BENCH_SYNC_PULL_ITEMS: '100_000', BENCH_PUBLISHED_CAP_MINUTES: '60', BENCH_PUBLISHED_KEEP: '1' });
    expect(set).toMatchObject({ syncPullItems: 100_000, publishedCapMinutes: 60, publishedKeep: true });
    expect(() => readSettings({ BENCH_SYNC_PULL_ITEMS: 'lots' })).toThrow(/BENCH_SYNC_PULL_ITEMS/);
    expect(() => readSettings({ BENCH_PUBLISHED_CAP_MINUTES: '0' })).toThrow(/BENCH_PUBLISHED_CAP_MINUTES/);
  });

  it('are repeated in the results file\'s run line, so a figure says what made it', () => {
    const results = (extra: object): RunResults => ({
      startedAt: '2026-12-02T04:00:00.000Z',
      durationSeconds: 60,
      settings: { n: 2000, seed: 1, runs: 5, imageShare: 0.05, importImages: 20, only: ['sync-first-pull'], profile: [], trace: undefined, ...extra },
      machine: { cpu: 'Test CPU', cores: 2, memoryGB: 8, os: 'Linux', node: 'v20', browser: 'Chromium 1, headless' },
      loadAverage: { start: 1, end: 2 },
      library: 'bench',
      rows: [],
    });
    expect(runLine(results({}))).toContain('(`BENCH_N=2000 BENCH_ONLY=sync-first-pull npm run bench`');
    expect(runLine(results({ syncPullItems: 100_000 }))).toContain('(`BENCH_N=2000 BENCH_SYNC_PULL_ITEMS=100000 BENCH_ONLY=sync-first-pull npm run bench`');
    expect(knobsLine({ publishedCapMinutes: 60, publishedKeep: true })).toBe('BENCH_PUBLISHED_CAP_MINUTES=60 BENCH_PUBLISHED_KEEP=1');
  });

  it('keep the Eagle source under its key and reuse it; a tree cut before its end is written again', async () => {
    const dir = tempDir();
    const settings = { n: 3, seed: 7, imageShare: 0.5 };
    let writes = 0;
    const write = async (parent: string, name: string, n: number): Promise<EagleSource> => {
      writes += 1;
      mkdirSync(join(parent, `${name}.library`), { recursive: true });
      return { dir: join(parent, `${name}.library`), items: n, images: 1, bytes: 10 };
    };
    const first = await keptEagleSource(settings, () => {}, { dir, generator: 'abc', write });
    expect(first).toEqual({ reused: false, source: { dir: `${dir}${eagleSourceKey(settings, 'abc')}/Bench.library`, items: 3, images: 1, bytes: 10 } });
    const second = await keptEagleSource(settings, () => {}, { dir, generator: 'abc', write });
    expect(second).toEqual({ ...first, reused: true });
    expect(writes).toBe(1);

    // A cache moved to another checkout finds its tree where it is now.
    const moved = tempDir();
    renameSync(`${dir}${eagleSourceKey(settings, 'abc')}`, `${moved}${eagleSourceKey(settings, 'abc')}`);
    const found = await keptEagleSource(settings, () => {}, { dir: moved, generator: 'abc', write });
    expect(found).toEqual({ reused: true, source: { ...first.source, dir: `${moved}${eagleSourceKey(settings, 'abc')}/Bench.library` } });
    renameSync(`${moved}${eagleSourceKey(settings, 'abc')}`, `${dir}${eagleSourceKey(settings, 'abc')}`);

    // Another generator or size is another tree.
    await keptEagleSource({ ...settings, n: 4 }, () => {}, { dir, generator: 'abc', write });
    await keptEagleSource(settings, () => {}, { dir, generator: 'def-dirty', write });
    expect(writes).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(['eagle-n3-seed7-img0.5-abc', 'eagle-n3-seed7-img0.5-def-dirty', 'eagle-n4-seed7-img0.5-abc']);

    // A run stopped while writing left no source.json: the partial tree goes.
    const cut = `${dir}${eagleSourceKey({ ...settings, n: 5 }, 'abc')}`;
    mkdirSync(`${cut}/Bench.library/images/half.info`, { recursive: true });
    writeFileSync(`${cut}/Bench.library/stray`, 'x');
    const again = await keptEagleSource({ ...settings, n: 5 }, () => {}, { dir, generator: 'abc', write });
    expect(again.reused).toBe(false);
    expect(existsSync(`${cut}/Bench.library/stray`)).toBe(false);
  });

  it('group shards for the raw baselines: one group up to the limit, never a group above it but a bigger shard alone', () => {
    const files = ['a', 'b', 'c', 'd', 'e'];
    expect(shardGroups(files, [10, 20, 30, 40, 0], 100)).toEqual([files]);
    expect(shardGroups(files, [60, 30, 20, 150, 10], 100)).toEqual([['a', 'b'], ['c'], ['d'], ['e']]);
    expect(shardGroups([], [], 100)).toEqual([]);
  });
});
