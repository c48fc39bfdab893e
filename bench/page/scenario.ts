/**
 * A scenario is one row of the results: it measures its subject (through the service worker) and,
 * where one exists, a baseline in the same page and run. Add one by writing a module in
 * scenarios/ and listing it in scenarios/index.ts.
 */
import { ApiClientError } from '../../src/app/api-client';
import type { ScenarioInfo, Series } from '../shared/protocol';
import type { BenchContext, SeededLibrary } from './context';

export interface Measurement {
  samples: number[];
  baseline?: Series;
  note?: string;
}

export interface Scenario extends ScenarioInfo {
  /** Throws `Skip` when it cannot be measured in this build (an endpoint answers 501, no items). */
  measure(ctx: BenchContext): Promise<Measurement>;
}

/** Thrown to skip a scenario with a reason that is printed below the table. */
export class Skip extends Error {
  override name = 'Skip';
}

export function requireSeeded(ctx: BenchContext): SeededLibrary {
  if (!ctx.seeded) throw new Skip('needs the seeded library, and seeding was skipped');
  return ctx.seeded;
}

/** Turns "not built yet" answers into a skip, and lets every other error fail the run. */
export async function orSkipWhenNotBuilt<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiClientError && error.httpStatus === 501) throw new Skip(`the API answers 501 (${error.body.message})`);
    throw error;
  }
}
