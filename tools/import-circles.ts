/**
 * Import circles among the TypeScript files of a folder (docs/decisions/import-circle-test.md).
 * Every import counts, type-only ones too: `import type`, `export ... from`, side-effect imports and
 * `import()`. TypeScript's own pre-processor reads them (comments and strings are no imports), and
 * Tarjan's strongly connected components find the circles. Specifiers that leave the folder, or name
 * a package, are not followed: a circle through them is not one inside the folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** File → the files of the folder it imports. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.d\.ts$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(path);
    }
  };
  walk(root);
  return files;
}

/** The graph of the folder's files, keyed by paths relative to `root`. */
export function importGraph(root: string): ImportGraph {
  const base = resolve(root);
  const files = sourceFiles(base);
  const known = new Set(files);
  const target = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const path = resolve(dirname(from), specifier.replace(/\.(js|ts)$/, ''));
    return [`${path}.ts`, `${path}.tsx`, join(path, 'index.ts')].find((candidate) => known.has(candidate));
  };
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set(importedFiles.flatMap(({ fileName }) => target(file, fileName) ?? []).filter((to) => to !== file));
    graph.set(relative(base, file), [...targets].map((to) => relative(base, to)).sort());
  }
  return graph;
}

/** Every circle (strongly connected component of more than one file), largest first, each sorted. */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, order.get(to)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let popped: string;
    do {
      popped = stack.pop()!;
      onStack.delete(popped);
      component.push(popped);
    } while (popped !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** One line per circle, for a failing test's message. */
export const describeCircles = (circles: readonly string[][]) =>
  circles.map((circle) => `circle of ${circle.length}: ${circle.join(' → ')}`).join('\n');
