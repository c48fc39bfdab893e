/** One row of the results: a scenario's outcome summarised, with its ratio to the baseline and goal check. */
import { higherIsBetter, type Goal, type ScenarioInfo, type ScenarioOutcome, type Unit } from './protocol';
import { ratioToBaseline, summarise, type Summary } from './stats';

export interface ResultRow {
  id: string;
  label: string;
  unit: Unit;
  goal?: Goal;
  subject?: Summary;
  baseline?: { label: string; summary: Summary };
  /** Subject median against baseline median; above 1 means worse than the baseline. */
  ratio?: number;
  /** Subject p99 against baseline p99 (the slow tails), oriented like `ratio`. */
  p99Ratio?: number;
  /** Whether the goal held; absent when the scenario has no goal or was not measured. */
  goalMet?: boolean;
  note?: string;
  /** Why the scenario was not measured. */
  skipped?: string;
}

export function toResultRow(info: ScenarioInfo, outcome: ScenarioOutcome): ResultRow {
  const row: ResultRow = { id: info.id, label: info.label, unit: info.unit, ...(info.goal ? { goal: info.goal } : {}) };
  if (outcome.status === 'skipped') return { ...row, skipped: outcome.reason };
  const higher = higherIsBetter(info.unit);
  const subject = summarise(outcome.samples, higher);
  const baseline = outcome.baseline && outcome.baseline.samples.length > 0
    ? { label: outcome.baseline.label, summary: summarise(outcome.baseline.samples, higher) }
    : undefined;
  const ratio = baseline ? ratioToBaseline(subject.median, baseline.summary.median, higher) : undefined;
  const p99Ratio = baseline ? ratioToBaseline(subject.p99, baseline.summary.p99, higher) : undefined;
  const result: ResultRow = { ...row, subject };
  if (baseline) result.baseline = baseline;
  if (ratio !== undefined) result.ratio = ratio;
  if (p99Ratio !== undefined) result.p99Ratio = p99Ratio;
  if (outcome.note) result.note = outcome.note;
  if (info.goal) result.goalMet = goalHolds(info.goal, subject.median, ratio, p99Ratio);
  return result;
}

function goalHolds(goal: Goal, median: number, ratio: number | undefined, p99Ratio: number | undefined): boolean {
  if (goal.maxMedian !== undefined && !(median <= goal.maxMedian)) return false;
  if (goal.maxRatio !== undefined && !(ratio !== undefined && ratio <= goal.maxRatio)) return false;
  if (goal.maxP99Ratio !== undefined && !(p99Ratio !== undefined && p99Ratio <= goal.maxP99Ratio)) return false;
  return true;
}
