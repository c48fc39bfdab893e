/**
 * The order of test files: the end-to-end files that take longest start first, then Vitest's own
 * order. The e2e files run in two lanes (docs/decisions/test-suite-time.md), and a long file that
 * starts last runs alone at the end while the other lane is idle. Vitest orders by the durations it
 * cached in the last run, but a clean clone (CI) has none, and then it orders by file size, which
 * put the longest of all then (app-range-100k, 2 kB) second to last.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest first, as measured in a full CI-order run (seconds in two lanes: 57, 55, 53, 48, 37, 37,
 * 33, 32), with the files cut since placed by their before/after ratio measured alone
 * (docs/decisions/test-suite-time.md).
 */
const LONGEST_E2E = [
  'tests/e2e/app-a11y.test.ts',
  // 30,000 items seeded, then tagged in full from the bulk editor.
  'tests/e2e/app-grid-windows.test.ts',
  'tests/e2e/app-share-open-with.test.ts',
  'tests/e2e/small-quota.test.ts',
  'tests/e2e/app-new-user-fixes.test.ts',
  'tests/e2e/app-search-live.test.ts',
  'tests/e2e/app-ai-search-views.test.ts',
  'tests/e2e/app-sync-status.test.ts',
  'tests/e2e/app-folder-drag.test.ts',
  'tests/e2e/app-ai-progress.test.ts',
  'tests/e2e/app-organise-a11y.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_E2E.findIndex((path) => spec.moduleId.endsWith(path));
  return index === -1 ? LONGEST_E2E.length : index;
};

/** The e2e lane beside the node files takes its files after them (vite.config.ts). */
const afterNode = (spec: TestSpecification) => (spec.project.name === 'e2e-beside-node' ? 1 : 0);

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => afterNode(a) - afterNode(b) || rank(a) - rank(b));
  }
}
