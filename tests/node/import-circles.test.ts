/**
 * src/core and src/app have no import circles (issue 25): the storage floor knows no feature,
 * features reach each other's work through what createApi hands in. Type-only imports count
 * (docs/decisions/import-circle-test.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCircles, importCircles, importGraph } from '../../tools/import-circles';

describe('import circles', () => {
  it('src/core has none', () => {
    const graph = importGraph('src/core');
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('api.ts')).toContain('routes.ts');
    const circles = importCircles(graph);
    expect(circles, describeCircles(circles)).toEqual([]);
  });

  it('src/app has none either: its features share types through small files of their own (search/listing-shape.ts, for one)', () => {
    const graph = importGraph('src/app');
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph);
    expect(circles, describeCircles(circles)).toEqual([]);
  });

  describe('the walk itself', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-circles-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(root, 'case-'));
      for (const [path, source] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), source);
      }
      return dir;
    };

    it('names a circle of type-only imports, re-exports and dynamic imports, and nothing outside it', () => {
      const dir = write({
        'storage/floor.ts': "import type { Feature } from '../features/feature';\nexport const floor = 1;\n",
        'features/feature.ts': "export { helper } from './helper.js';\nexport interface Feature { n: number }\n",
        'features/helper.ts': "export const helper = () => import('../storage/floor');\n",
        'features/leaf.ts': "import { floor } from '../storage/floor';\nimport 'zod';\n// import { x } from './feature';\nexport const leaf = floor;\n",
      });
      expect(importCircles(importGraph(dir))).toEqual([['features/feature.ts', 'features/helper.ts', 'storage/floor.ts']]);
    });

    it('finds two-file circles through multi-line imports and index files, and passes a tree', () => {
      const circle = write({
        'a.ts': "import {\n  b,\n} from './b';\nexport const a = b;\n",
        'b/index.ts': "import { a } from '../a';\nexport const b = () => a;\n",
      });
      expect(describeCircles(importCircles(importGraph(circle)))).toBe('circle of 2: a.ts → b/index.ts');
      const tree = write({ 'a.ts': "import { b } from './b';\nexport const a = b;\n", 'b.ts': 'export const b = 1;\n' });
      expect(importCircles(importGraph(tree))).toEqual([]);
    });
  });
});
