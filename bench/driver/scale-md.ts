/**
 * The scale section of bench/RESULTS.md: every scale row with its sizes side by side (median,
 * baseline and ratio at each N), and how the median grew from each size to the next, marked
 * where it grew more than 2× (the issue asks why for each such row).
 */
import { higherIsBetter } from '../shared/protocol';
import type { ResultRow } from '../shared/result-row';
import { formatNotes, formatValue } from '../shared/table';
import { machineLine } from './machine';
import type { ScaleResults } from './scale-merge';

export const GROWTH_LIMIT = 2;

const count = (n: number) => n.toLocaleString('en-US');

/** Median at the largest size against the smallest, oriented so above 1 is worse. */
export function growth(small: ResultRow | undefined, large: ResultRow | undefined): number | undefined {
  if (!small?.subject || !large?.subject) return undefined;
  return higherIsBetter(large.unit) ? small.subject.median / large.subject.median : large.subject.median / small.subject.median;
}

function cells(row: ResultRow | undefined): string[] {
  if (!row) return ['not run', '', ''];
  if (!row.subject) return ['skipped', '', ''];
  const baseline = row.baseline ? formatValue(row.baseline.summary.median, row.unit) : '';
  return [formatValue(row.subject.median, row.unit), baseline, row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`];
}

export function scaleSectionBody(runs: readonly ScaleResults[]): string[] {
  const sorted = [...runs].sort((a, b) => a.settings.n - b.settings.n);
  if (sorted.length === 0) return ['No scale run yet.', ''];
  const ids: string[] = [];
  const labels = new Map<string, string>();
  for (const run of sorted) for (const row of run.rows) if (!labels.has(row.id)) (ids.push(row.id), labels.set(row.id, row.label));
  const byN = sorted.map((run) => new Map(run.rows.map((row) => [row.id, row])));
  // Growth from each size to the next: a row over 2× there grows with the library.
  const steps = sorted.slice(1).map((run, i) => `${count(run.settings.n)} ÷ ${count(sorted[i]!.settings.n)}`);
  const header = ['scenario', ...sorted.flatMap((run) => [`N = ${count(run.settings.n)}`, 'baseline', 'ratio']), ...steps];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const id of ids) {
    const rows = byN.map((map) => map.get(id));
    const growthCells = rows.slice(1).map((large, i) => {
      const grew = growth(rows[i], large);
      return grew === undefined ? '' : `${grew.toFixed(2)}×${grew > GROWTH_LIMIT ? ' **over 2×**' : ''}`;
    });
    lines.push(`| ${[labels.get(id)!, ...rows.flatMap(cells), ...growthCells].join(' | ')} |`);
  }
  const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  const runLines = sorted.map((run) => {
    const kept = Object.entries(run.earlierRows ?? {});
    const earlier = kept.length ? `; ${kept.length} rows kept from earlier runs (${[...new Set(kept.map(([, at]) => when(at)))].join(', ')})` : '';
    return (
      `Run: N = ${count(run.settings.n)}, ${when(run.startedAt)}, ${run.durationSeconds} s, ` +
      `load average ${run.loadAverage.start.toFixed(1)} → ${run.loadAverage.end.toFixed(1)}; machine: ${machineLine(run.machine)}${earlier}`
    );
  });
  const command = `\`BENCH_N=${sorted.map((run) => run.settings.n).join(',')} BENCH_ONLY=scale npm run bench\``;
  const notes = sorted.flatMap((run) => {
    const text = formatNotes(run.rows);
    return text ? [`Notes at N = ${count(run.settings.n)}:`, '', text, ''] : [];
  });
  return [`Sizes: ${command}, each size in a run of its own or together (bench/README.md, "Scale mode"). Ratios are against floors measured in the same run at that size.`, ...runLines, '', ...lines, '', ...notes];
}
