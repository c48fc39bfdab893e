/** Writes a run's results as JSON (latest.json plus a dated copy) and compares them with the previous run. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResultRow } from '../shared/result-row';
import { formatValue } from '../shared/table';
import type { Machine } from './machine';
import type { StorageReading } from './storage-use';
import type { DriverSettings } from './settings';

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const LATEST = `${RESULTS_DIR}latest.json`;

export interface RunResults {
  startedAt: string;
  durationSeconds: number;
  settings: Omit<DriverSettings, 'port'>;
  machine: Machine;
  /** 1-minute load average at the start and the end: the machine is shared, and this says how busy it was. */
  loadAverage: { start: number; end: number };
  /** The origin's storage before the first row and after each (its leftovers removed); absent in runs before 2026-11-26. */
  storage?: StorageReading[];
  library: string;
  rows: ResultRow[];
}

export function readLatest(): RunResults | undefined {
  if (!existsSync(LATEST)) return undefined;
  try {
    return JSON.parse(readFileSync(LATEST, 'utf8')) as RunResults;
  } catch {
    return undefined;
  }
}

/** Returns the paths written. */
export function writeResults(results: RunResults): string[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const dated = `${RESULTS_DIR}${stamp}-n${results.settings.n}.json`;
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(LATEST, text);
  writeFileSync(dated, text);
  return [LATEST, dated];
}

/** One line per scenario measured in both runs: median then → now. Only runs of the same N compare. */
export function compareWithPrevious(rows: readonly ResultRow[], previous: RunResults | undefined, n: number): string {
  if (!previous) return '';
  if (previous.settings.n !== n) return `(previous run had N = ${previous.settings.n}; not compared)`;
  const before = new Map(previous.rows.map((row) => [row.id, row]));
  return rows
    .flatMap((row) => {
      const old = before.get(row.id)?.subject;
      if (!old || !row.subject) return [];
      const change = Math.round(((row.subject.median - old.median) / old.median) * 100) || 0; // no "-0"
      return [`- ${row.label}: ${formatValue(old.median, row.unit)} → ${formatValue(row.subject.median, row.unit)} (${change > 0 ? '+' : ''}${change} %)`];
    })
    .join('\n');
}
