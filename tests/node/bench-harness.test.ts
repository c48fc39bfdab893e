/** The benchmark harness's pure parts: statistics, result rows, table formatting, the seeded data. */
import { describe, expect, it } from 'vitest';
import { planLibrary } from '../../bench/data/library-plan';
import { weightedPick } from '../../bench/data/weighted-pick';
import { toResultRow } from '../../bench/shared/result-row';
import { rowsToRun } from '../../bench/driver/settings';
import { median, percentile, summarise } from '../../bench/shared/stats';
import { formatTable, formatValue } from '../../bench/shared/table';

describe('bench statistics', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('median of %j is %d', (samples, expected) => {
    expect(median(samples)).toBe(expected);
  });

  it.each([
    [95, 95],
    [99, 99],
    [50, 50],
    [100, 100],
    [1, 1],
  ])('nearest-rank p%d of 1..100 is %d', (p, expected) => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, p)).toBe(expected);
  });

  it('puts the tail of a rate at its low end', () => {
    const samples = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(summarise(samples).p95).toBe(190);
    expect(summarise(samples, true).p95).toBe(10);
  });

  it('keeps a p99 beside the p95: the worst run below 100 samples, a true tail above', () => {
    const samples = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(summarise(samples)).toMatchObject({ p95: 190, p99: 198 });
    expect(summarise([1, 2, 3, 50]).p99).toBe(50);
    expect(summarise(samples, true).p99).toBe(2);
  });

  it('refuses to summarise nothing', () => {
    expect(() => summarise([])).toThrow(/empty/);
  });
});

describe('bench result rows', () => {
  const info = { id: 'get', label: 'item/get', unit: 'ms' as const, goal: { maxRatio: 1.5, maxMedian: 20 } };

  it.each([
    [[10, 12, 14], [8, 8, 8], 1.5, true],
    [[10, 12, 14], [4, 4, 4], 3, false],
    [[30, 30, 30], [25, 25, 25], 1.2, false],
  ])('subject %j against baseline %j: ratio %d, goal met %s', (samples, baseline, ratio, met) => {
    const row = toResultRow(info, { status: 'measured', samples, baseline: { label: 'direct', samples: baseline } });
    expect(row.ratio).toBeCloseTo(ratio);
    expect(row.goalMet).toBe(met);
  });

  it.each([
    [[10, 10, 10, 25], [8, 8, 8, 10], true],
    [[10, 10, 10, 40], [8, 8, 8, 10], false],
  ])('checks a tail goal on p99 against the baseline p99: %j against %j, met %s', (samples, baseline, met) => {
    const tail = { id: 'busy', label: 'item/get while busy', unit: 'ms' as const, goal: { maxP99Ratio: 3 } };
    const row = toResultRow(tail, { status: 'measured', samples, baseline: { label: 'idle', samples: baseline } });
    expect(row.p99Ratio).toBeCloseTo(samples.at(-1)! / 10);
    expect(row.goalMet).toBe(met);
  });

  it('inverts the ratio for rates, so that above 1 is always worse', () => {
    const row = toResultRow({ id: 's', label: 'seed', unit: 'items/s' }, { status: 'measured', samples: [500], baseline: { label: 'raw', samples: [2000] } });
    expect(row.ratio).toBe(4);
  });

  it('keeps the reason of a skipped scenario', () => {
    expect(toResultRow(info, { status: 'skipped', reason: 'answers 501' })).toMatchObject({ skipped: 'answers 501', goal: info.goal });
  });
});

describe('bench table', () => {
  it.each([
    [1.234, 'ms', '1.23 ms'],
    [12.34, 'ms', '12.3 ms'],
    [1234.5, 'ms', '1235 ms'],
    [12345.6, 'items/s', '12,346 items/s'],
    [3.25, 'MB', '3.3 MB'],
  ] as const)('formats %d %s as %s', (value, unit, text) => {
    expect(formatValue(value, unit)).toBe(text);
  });

  it('prints aligned Markdown rows, skipped ones included', () => {
    const rows = [
      toResultRow({ id: 'a', label: 'app/info warm', unit: 'ms' }, { status: 'measured', samples: [1, 2, 3], baseline: { label: 'core in page', samples: [0.5] } }),
      toResultRow({ id: 'b', label: 'item/get', unit: 'ms', goal: { maxMedian: 20 } }, { status: 'skipped', reason: '501' }),
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[2]).toContain('4.00×');
    expect(lines[3]).toMatch(/item\/get\s+\| +skipped/);
    expect(lines[3]).toContain('not measured');
  });
});

describe('bench data generator', () => {
  const firstBatch = (seed: number) => planLibrary(seed).batches(200, 100, 0.1).next().value!;

  it('makes the same library from the same seed, and another from another seed', () => {
    expect(firstBatch(7)).toEqual(firstBatch(7));
    expect(planLibrary(7).tags).toEqual(planLibrary(7).tags);
    expect(firstBatch(8)).not.toEqual(firstBatch(7));
  });

  it('yields the asked count in batches no larger than asked', () => {
    const sizes = [...planLibrary(1).batches(2500, 1000, 0)].map((batch) => batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it('gives realistic, well-formed items', () => {
    const plan = planLibrary(3);
    const items = [...plan.batches(2000, 1000, 0.2)].flat();
    const keys = new Set(plan.folders.map((f) => f.key));
    const images = items.filter((item) => 'image' in item.source);
    expect(images.length).toBeGreaterThan(250);
    expect(images.length).toBeLessThan(550);
    for (const item of items) {
      expect(item.name.length).toBeGreaterThan(0);
      expect(new Set(item.tags).size).toBe(item.tags.length);
      expect(item.folderKeys.every((key) => keys.has(key))).toBe(true);
      if ('bookmarkURL' in item.source) expect(item.source.bookmarkURL).toMatch(/^https?:\/\/\S+$/);
      else expect(item.source.image.width).toBeGreaterThan(0);
    }
    expect(items.some((item) => item.tags.length === 0)).toBe(true);
    expect(items.some((item) => item.annotation !== '')).toBe(true);
  });

  it('draws tags long-tailed: the first of the vocabulary is the most used', () => {
    const plan = planLibrary(5);
    const uses = new Map<string, number>();
    for (const item of [...plan.batches(3000, 1000, 0)].flat()) for (const tag of item.tags) uses.set(tag, (uses.get(tag) ?? 0) + 1);
    const top = [...uses].sort((a, b) => b[1] - a[1])[0]![0];
    expect(top).toBe(plan.tags[0]);
  });

  it('picks by weight', () => {
    const pick = weightedPick([1, 0, 3]);
    expect([0, 0.2, 0.25, 0.5, 0.99].map(pick)).toEqual([0, 0, 2, 2, 2]);
  });
});

describe('bench rows to run', () => {
  const rows = [{ id: 'seed' }, { id: 'item-get-tag' }, { id: 'published-publish', standalone: true }, { id: 'published-first-paint', standalone: true }];
  const ids = (only: string[]) => rowsToRun(rows, only).map((row) => row.id);

  it('seeds unless every picked row is standalone', () => {
    expect(ids([])).toEqual(['seed', 'item-get-tag', 'published-publish', 'published-first-paint']);
    expect(ids(['published'])).toEqual(['published-publish', 'published-first-paint']);
    expect(ids(['published', 'item-get'])).toEqual(['seed', 'item-get-tag', 'published-publish', 'published-first-paint']);
    expect(ids(['seed'])).toEqual(['seed']);
  });
});
