/**
 * A scale run of some rows (`BENCH_ONLY=scale-item-query`) keeps the other rows of the size's last
 * file instead of dropping them: a million-item size takes most of an hour to measure whole, and
 * a row is often measured again alone. Each row kept from before names its run in `earlierRows`;
 * a row skipped now keeps its earlier figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { RunResults } from './report';

export interface ScaleResults extends RunResults {
  /** Rows kept from an earlier run of this size, with that run's start. */
  earlierRows?: Record<string, string>;
}

export function mergeWithEarlier(results: ScaleResults, path: string): ScaleResults {
  if (!existsSync(path)) return results;
  const earlier = JSON.parse(readFileSync(path, 'utf8')) as ScaleResults;
  // A row this run skipped (its seed not run, say) does not replace one measured before.
  const measured = new Map(results.rows.filter((row) => row.subject).map((row) => [row.id, row]));
  const kept: Record<string, string> = {};
  const rows = earlier.rows.map((row) => {
    const now = measured.get(row.id);
    if (now) return now;
    kept[row.id] = earlier.earlierRows?.[row.id] ?? earlier.startedAt;
    return row;
  });
  const added = results.rows.filter((row) => !earlier.rows.some((old) => old.id === row.id));
  if (Object.keys(kept).length === 0) return results;
  return { ...results, rows: [...rows, ...added], earlierRows: kept };
}
