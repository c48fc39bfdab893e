/** The bench's scale mode, its pure parts: sizes, the kept seed's key and meta, and the side-by-side section. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceSection, updateResultsMarkdown } from '../../bench/driver/results-md';
import type { RunResults } from '../../bench/driver/report';
import { openScaleCache, scaleKey } from '../../bench/driver/scale-cache';
import { growth, scaleSectionBody } from '../../bench/driver/scale-md';
import { mergeWithEarlier } from '../../bench/driver/scale-merge';
import { isScaleRun, scaleSizes } from '../../bench/driver/scale-run';
import type { ResultRow } from '../../bench/shared/result-row';
import type { Unit } from '../../bench/shared/protocol';

const summary = (median: number) => ({ runs: 5, median, p95: median, p99: median, min: median, max: median, mean: median });
const row = (id: string, median: number, unit: Unit = 'ms', note?: string): ResultRow => ({ id, label: id, unit, subject: summary(median), baseline: { label: 'floor', summary: summary(median / 2) }, ratio: 2, ...(note ? { note } : {}) });
const run = (n: number, rows: ResultRow[]): RunResults => ({
  startedAt: '2026-12-01T21:00:00.000Z',
  durationSeconds: 60,
  settings: { n, seed: 1, runs: 5, imageShare: 0.01, importImages: 20, only: ['scale'], profile: [], trace: undefined },
  machine: { cpu: 'Test CPU', cores: 2, memoryGB: 8, os: 'Linux', node: 'v20', browser: 'Chromium 1, headless' },
  loadAverage: { start: 1, end: 2 },
  library: 'bench',
  rows,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bench scale mode', () => {
  it('is picked by a scale prefix in BENCH_ONLY, and reads BENCH_N as a list, smallest first', () => {
    expect(isScaleRun({ BENCH_ONLY: 'item-get,scale' })).toBe(true);
    expect(isScaleRun({ BENCH_ONLY: 'seed' })).toBe(false);
    expect(scaleSizes({ BENCH_N: '1000000,100_000' })).toEqual([100_000, 1_000_000]);
    expect(scaleSizes({})).toEqual([100_000, 1_000_000]);
    expect(() => scaleSizes({ BENCH_N: '100000,lots' })).toThrow(/BENCH_N/);
  });

  it('keys the kept library by N, seed, image share, schema version and write path', () => {
    const key = scaleKey({ n: 1000, seed: 7, imageShare: 0.01 }, 'abc1234');
    expect(key).toMatch(/^n1000-seed7-img0.01-v\d+-abc1234$/);
    expect(scaleKey({ n: 1000, seed: 7, imageShare: 0.01 }, 'abc1234-dirty')).not.toBe(key);
    expect(scaleKey({ n: 1000, seed: 8, imageShare: 0.01 }, 'abc1234')).not.toBe(key);
  });

  it('keeps its meta between opens of the same key, and a new key starts empty', () => {
    const dir = `${mkdtempSync(join(tmpdir(), 'scale-cache-'))}/`;
    dirs.push(dir);
    const first = openScaleCache({ n: 1000, seed: 7, imageShare: 0.01 }, dir, 'abc');
    first.meta.library = '/libraries/bench-scale-n1000.library';
    first.meta.seed.samples.push(900, 1000);
    first.save();
    const again = openScaleCache({ n: 1000, seed: 7, imageShare: 0.01 }, dir, 'abc');
    expect(again.profileDir).toBe(first.profileDir);
    expect(again.meta).toMatchObject({ library: '/libraries/bench-scale-n1000.library', seed: { samples: [900, 1000] } });
    expect(openScaleCache({ n: 1000, seed: 7, imageShare: 0.01 }, dir, 'def').meta.library).toBeUndefined();
  });

  it('orients growth so above 1 is worse, for times and for rates', () => {
    expect(growth(row('a', 10), row('a', 25))).toBeCloseTo(2.5);
    expect(growth(row('s', 1000, 'items/s'), row('s', 500, 'items/s'))).toBeCloseTo(2);
    expect(growth(row('a', 10), undefined)).toBeUndefined();
  });

  it('shows both sizes side by side and marks a row that grew more than 2×', () => {
    const body = scaleSectionBody([run(1_000_000, [row('scale-q', 30, 'ms', 'big'), row('scale-get', 5)]), run(100_000, [row('scale-q', 10), row('scale-get', 4)])]).join('\n');
    expect(body).toContain('`BENCH_N=100000,1000000 BENCH_ONLY=scale npm run bench`');
    expect(body).toContain('| scenario | N = 100,000 | baseline | ratio | N = 1,000,000 | baseline | ratio | 1,000,000 ÷ 100,000 |');
    expect(body).toContain('| scale-q | 10.0 ms | 5.00 ms | 2.00× | 30.0 ms | 15.0 ms | 2.00× | 3.00× **over 2×** |');
    expect(body).toContain('| scale-get | 4.00 ms | 2.00 ms | 2.00× | 5.00 ms | 2.50 ms | 2.00× | 1.25× |');
    expect(body).toContain('Notes at N = 1,000,000:\n\n- scale-q: big');
  });

  it('with three sizes, gives the growth from each size to the next', () => {
    const body = scaleSectionBody([run(10_000, [row('scale-q', 2)]), run(100_000, [row('scale-q', 10)]), run(1_000_000, [row('scale-q', 15)])]).join('\n');
    expect(body).toContain('| N = 1,000,000 | baseline | ratio | 100,000 ÷ 10,000 | 1,000,000 ÷ 100,000 |');
    expect(body).toContain('| 5.00× **over 2×** | 1.50× |');
  });

  it('a run of some rows keeps the size\'s other rows, and says which run they came from', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-merge-'));
    dirs.push(dir);
    const file = join(dir, 'scale-n1000000.json');
    expect(mergeWithEarlier(run(1_000_000, [row('scale-a', 9)]), file).rows.map((r) => r.id)).toEqual(['scale-a']);
    writeFileSync(file, JSON.stringify(run(1_000_000, [row('scale-a', 10), row('scale-b', 20), row('scale-c', 30)])));
    const skipped: ResultRow = { id: 'scale-c', label: 'scale-c', unit: 'ms', skipped: 'needs the seeded library' };
    const again = { ...run(1_000_000, [row('scale-b', 15), skipped, row('scale-d', 40)]), startedAt: '2026-12-02T04:00:00.000Z' };
    const merged = mergeWithEarlier(again, file);
    expect(merged.rows.map((r) => [r.id, r.subject?.median])).toEqual([['scale-a', 10], ['scale-b', 15], ['scale-c', 30], ['scale-d', 40]]);
    expect(merged.earlierRows).toEqual({ 'scale-a': '2026-12-01T21:00:00.000Z', 'scale-c': '2026-12-01T21:00:00.000Z' });
    expect(scaleSectionBody([merged]).join('\n')).toContain('2 rows kept from earlier runs (2026-12-01 21:00 UTC)');
  });

  it('a size not run yet shows as such', () => {
    const body = scaleSectionBody([run(100_000, [row('scale-q', 10)]), run(1_000_000, [])]).join('\n');
    expect(body).toContain('| scale-q | 10.0 ms | 5.00 ms | 2.00× | not run |  |  |  |');
  });

  it('its section survives a normal run, and a normal run survives it', () => {
    const normal = updateResultsMarkdown(undefined, { ...run(2000, [row('item-query-and', 15)]), settings: { ...run(2000, []).settings, only: [] } });
    const withScale = replaceSection(normal, 'scale', scaleSectionBody([run(100_000, [row('scale-q', 10)])]));
    expect(withScale).toContain('## Reads and search');
    expect(withScale).toContain('## Scale: the read paths at each size\n\n<!-- bench-section scale -->\nSizes:');
    const after = updateResultsMarkdown(withScale, { ...run(2000, [row('item-query-and', 9)]), settings: { ...run(2000, []).settings, only: [] } });
    expect(after).toContain('| scale-q | 10.0 ms');
    expect(after).toContain('| item-query-and');
  });
});
