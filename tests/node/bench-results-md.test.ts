import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sectionOf, updateResultsMarkdown } from '../../bench/driver/results-md';
import type { RunResults } from '../../bench/driver/report';
import type { ResultRow } from '../../bench/shared/result-row';

const summary = (median: number) => ({ runs: 5, median, p95: median * 1.2, p99: median * 1.3, min: median, max: median * 1.3, mean: median });

function row(id: string, label: string, median: number, note?: string): ResultRow {
  return { id, label, unit: 'ms', subject: summary(median), baseline: { label: 'floor', summary: summary(median / 2) }, ratio: 2, ...(note ? { note } : {}) };
}

function run(rows: ResultRow[], startedAt: string, only: string[] = []): RunResults {
  return {
    startedAt,
    durationSeconds: 12,
    settings: { n: 2000, seed: 1, runs: 5, imageShare: 0.05, importImages: 20, only, profile: [], trace: undefined },
    machine: { cpu: 'Test CPU', cores: 2, memoryGB: 8, os: 'Linux', node: 'v20', browser: 'Chromium 1, headless' },
    loadAverage: { start: 0.5, end: 1.5 },
    library: 'bench',
    rows,
  };
}

describe('bench/RESULTS.md writer', () => {
  it('puts each row in its section, with the run and machine line', () => {
    const text = updateResultsMarkdown(undefined, run([row('cold-start-app-info', 'cold start', 20), row('item-query-and', 'query AND', 15, 'agreed'), row('grid-scroll', 'grid scroll', 16)], '2026-12-01T10:00:00.000Z'));
    expect(sectionOf('item-query-and').key).toBe('reads');
    expect(text).toMatch(/## Worker start and memory\n\n<!-- bench-section start -->\nRun: N = 2,000, run of 2026-12-01 10:00 UTC .*machine: 2 × Test CPU/);
    const reads = text.slice(text.indexOf('## Reads and search'), text.indexOf('## Web app grid'));
    expect(reads).toContain('| query AND ');
    expect(reads).toContain('- query AND: agreed');
    expect(reads).not.toContain('cold start');
    expect(text.indexOf('## Worker start')).toBeLessThan(text.indexOf('## Reads')); // sections in a fixed order
  });

  it('a partial run replaces only the rows it measured and keeps the rest marked earlier', () => {
    const first = updateResultsMarkdown(undefined, run([row('item-get-tag', 'item/get tag', 5, 'same page'), row('item-query-and', 'query AND', 15), row('grid-scroll', 'grid scroll', 16)], '2026-12-01T10:00:00.000Z'));
    const second = updateResultsMarkdown(first, run([row('item-query-and', 'query AND', 9)], '2026-12-01T11:00:00.000Z', ['item-query']));
    const reads = second.slice(second.indexOf('## Reads and search'), second.indexOf('## Web app grid'));
    expect(reads).toContain('Run: N = 2,000, run of 2026-12-01 11:00 UTC (`BENCH_N=2000 BENCH_ONLY=item-query npm run bench`');
    expect(reads).toContain('Earlier rows: N = 2,000, run of 2026-12-01 10:00 UTC');
    expect(reads).toMatch(/\| query AND +\| +9\.00 ms/);
    expect(reads).not.toMatch(/15\.0 ms/); // the old figure of a measured row is gone
    expect(reads).toMatch(/\| item\/get tag \(earlier\) +\| +5\.00 ms/);
    expect(reads).toContain('- item/get tag (earlier): same page');
    // A section the run did not touch stays byte for byte.
    const grid = (text: string) => text.slice(text.indexOf('## Web app grid'));
    expect(grid(second)).toBe(grid(first));
    // Once a later run measures the row again, the earlier mark and line go.
    const third = updateResultsMarkdown(second, run([row('item-get-tag', 'item/get tag', 4)], '2026-12-01T12:00:00.000Z', ['item-get-tag']));
    expect(third).not.toContain('item/get tag (earlier)');
    expect(third).toMatch(/\| query AND \(earlier\) +\| +9\.00 ms/);
  });

  it('a skipped row keeps its earlier figures', () => {
    const first = updateResultsMarkdown(undefined, run([row('sync-first-pull', 'sync pull', 100)], '2026-12-01T10:00:00.000Z'));
    const second = updateResultsMarkdown(first, run([{ id: 'sync-first-pull', label: 'sync pull', unit: 'ms', skipped: 'no server' }], '2026-12-01T11:00:00.000Z'));
    expect(second).toBe(first);
  });

  it('the committed bench/RESULTS.md is in the writer\'s format: a run that measured nothing leaves it as it is', () => {
    const committed = readFileSync(new URL('../../bench/RESULTS.md', import.meta.url), 'utf8');
    expect(committed.match(/<!-- bench-section /g)?.length).toBeGreaterThanOrEqual(7);
    expect(updateResultsMarkdown(committed, run([], '2026-12-01T10:00:00.000Z'))).toBe(committed);
  });
});
