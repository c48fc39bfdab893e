/**
 * Calls go down (tools/feature-layers.ts, docs/decisions/route-manifests.md): a feature folder of
 * src/core imports the floor, the listing and the ports, never a sibling feature. The sideways
 * imports still left are declared below; the list may only shrink: a new one fails, and so does a
 * declared one that is gone (take it off the list).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breachPairs, layerBreaches } from '../../tools/feature-layers';
import { importGraph } from '../../tools/import-circles';

/** Sideways imports not yet moved down (issue 40): each a feature's use of another's code. */
const STILL_SIDEWAYS = [
  'ai-search → items',
  'ai-search → media',
  'ai-search → search',
  'backup → eagle-library',
  'content-text → media',
  'eagle-library → items',
  'eagle-library → library',
  'eagle-library → media',
  'eagle-library → tags',
  'items → media',
  'library → folders',
  'library → smart-folders',
  'library → tag-groups',
  'media → ai-search',
  'media → content-text',
  'media → sync',
  'publish → ai-search',
  'publish → eagle-library',
  'publish → folders',
  'publish → search',
  'publish → smart-folders',
  'publish → tags',
  'sync → library',
  'sync → tags',
  'tag-groups → tags',
  'tags → smart-folders',
  'thumbnails → items',
  'thumbnails → media',
];

describe('feature layers', () => {
  it('src/core has no sideways import but the declared ones, and none between items, search and smart folders', () => {
    const breaches = layerBreaches(importGraph('src/core'));
    expect(breachPairs(breaches)).toEqual(STILL_SIDEWAYS);
    expect(breaches.filter((breach) => /^(items|search|smart-folders|listing) → (items|search|smart-folders)\b/.test(breach))).toEqual([]);
  });

  describe('the check itself', () => {
    const root = mkdtempSync(join(tmpdir(), 'feature-layers-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(root, 'case-'));
      for (const [path, source] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), source);
      }
      return dir;
    };
    const lowerFiles = {
      'storage/rows.ts': 'export interface Row { id: string }\n',
      'listing/page.ts': "import type { Row } from '../storage/rows';\nexport const page = (rows: Row[]) => rows;\n",
      'context.ts': "import type { Row } from './storage/rows';\nexport interface Context { rows: Row[] }\n",
    };

    it('passes a feature that calls down to the listing, the floor and the ports', () => {
      const dir = write({
        ...lowerFiles,
        'items/list.ts': "import type { Context } from '../context';\nimport { page } from '../listing/page';\nexport const list = (ctx: Context) => page(ctx.rows);\n",
        'search/query.ts': "import { page } from '../listing/page';\nexport const query = page;\n",
      });
      expect(layerBreaches(importGraph(dir))).toEqual([]);
    });

    it('names a feature that imports a sibling feature, type-only or dynamic, and a floor that imports a feature', () => {
      const dir = write({
        ...lowerFiles,
        'items/list.ts': "import type { query } from '../search/query';\nexport const list = () => import('../smart-folders/match');\n",
        'search/query.ts': 'export const query = 1;\n',
        'smart-folders/match.ts': 'export const match = 1;\n',
        'storage/open.ts': "import { query } from '../search/query';\nexport const open = query;\n",
      });
      expect(layerBreaches(importGraph(dir))).toEqual([
        'items → search: items/list.ts → search/query.ts',
        'items → smart-folders: items/list.ts → smart-folders/match.ts',
        'storage → search: storage/open.ts → search/query.ts',
      ]);
    });
  });
});
