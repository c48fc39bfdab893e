/**
 * The web app loads no core code: it reaches the library through the API only, and what both sides
 * need (pure helpers, constants) lives in src/shared, which holds no storage. Type-only imports
 * of the core are fine: they load nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeCoreImports, runtimeSpecifiers } from './app-imports';

const ROOT = resolve(import.meta.dirname, '../..');

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the web app and the core', () => {
  it('the app and the embed package (and what they load of ours) import no core module at run time', () => {
    const starts = [...tsFilesUnder(join(ROOT, 'src/app')), ...tsFilesUnder(join(ROOT, 'src/embed'))];
    const found = runtimeCoreImports(starts, join(ROOT, 'src/core'));
    expect(found.map((f) => f.chain.map((file) => relative(ROOT, file)).join(' → '))).toEqual([]);
  }, 60_000); // parses some 300 files: seconds on a loaded machine

  it('src/shared holds no storage', () => {
    const files = tsFilesUnder(join(ROOT, 'src/shared'));
    const storage = files.filter((file) => runtimeSpecifiers(file, readFileSync(file, 'utf8')).some((s) => /^(dexie|idb-keyval|idb)$/.test(s)));
    expect(storage.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('counts every way of loading a module, and lets type-only imports by', () => {
    const text = [
      "import type { A } from '../core/a';", // type only: loads nothing
      "export type { B } from '../core/b';", // type only
      "type C = typeof import('../core/c');", // a type
      "import { type D } from '../core/d';", // loads ../core/d (verbatimModuleSyntax keeps it)
      "import { e } from '../core/e';",
      "export { f } from '../core/f';",
      "const g = () => import('../core/g');",
      "const h = new Worker(new URL('../core/h.worker.ts', import.meta.url));",
      "const i = (name: string) => import(name);",
    ].join('\n');
    expect(runtimeSpecifiers('probe.ts', text)).toEqual(['../core/d', '../core/e', '../core/f', '../core/g', '../core/h.worker.ts', '<computed import>']);
  });
});

