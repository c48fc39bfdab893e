/** Formats result rows as a Markdown table (readable in a terminal, the form bench/RESULTS.md uses). */
import type { Goal, Unit } from './protocol';
import type { ResultRow } from './result-row';

const HEADERS = ['scenario', 'median', 'p95', 'p99', 'baseline', 'ratio', 'goal', 'baseline is'];
/** Columns whose cells are numbers, aligned right. */
const NUMERIC = new Set([1, 2, 3, 4, 5]);

export function formatValue(value: number, unit: Unit): string {
  if (unit === 'items/s') return `${Math.round(value).toLocaleString('en-US')} items/s`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  if (unit === 'MB/s') return `${value.toFixed(1)} MB/s`;
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-US')} B`;
  const digits = Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ms`;
}

export function formatGoal(goal: Goal | undefined, unit: Unit, met: boolean | undefined): string {
  if (!goal) return '';
  const parts: string[] = [];
  if (goal.maxRatio !== undefined) parts.push(`≤${goal.maxRatio}×`);
  if (goal.maxMedian !== undefined) parts.push(`≤${formatValue(goal.maxMedian, unit)}`);
  if (goal.maxP99Ratio !== undefined) parts.push(`p99 ≤${goal.maxP99Ratio}× baseline p99`);
  const verdict = met === undefined ? 'not measured' : met ? 'met' : 'MISSED';
  return `${parts.join(', ')}: ${verdict}`;
}

export function tableCells(row: ResultRow): string[] {
  if (!row.subject) return [row.label, 'skipped', '', '', '', '', formatGoal(row.goal, row.unit, undefined), ''];
  return [
    row.label,
    formatValue(row.subject.median, row.unit),
    formatValue(row.subject.p95, row.unit),
    formatValue(row.subject.p99, row.unit),
    row.baseline ? formatValue(row.baseline.summary.median, row.unit) : '',
    row.ratio !== undefined ? `${row.ratio.toFixed(2)}×` : '',
    formatGoal(row.goal, row.unit, row.goalMet),
    row.baseline?.label ?? '',
  ];
}

export function formatTable(rows: readonly ResultRow[]): string {
  const body = rows.map(tableCells);
  const widths = HEADERS.map((header, col) => Math.max(header.length, ...body.map((cells) => cells[col]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, col) => (NUMERIC.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, col) => (NUMERIC.has(col) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(HEADERS), rule, ...body.map(line)].join('\n');
}

/** Notes and skip reasons, one line each, for below the table. */
export function formatNotes(rows: readonly ResultRow[]): string {
  return rows
    .flatMap((row) => [
      ...(row.skipped ? [`- ${row.label}: skipped, ${row.skipped}`] : []),
      ...(row.note ? [`- ${row.label}: ${row.note}`] : []),
    ])
    .join('\n');
}
