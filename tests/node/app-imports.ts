/**
 * The runtime import graph of the web app's files: which modules a file loads when it runs (static
 * imports, re-exports, dynamic `import()`, `new URL(…, import.meta.url)` for workers), followed
 * through our own modules outside src/core, and where that reaches src/core. `import type` and
 * `export type` load nothing and are left out; `import { type A }` still loads its module, so it counts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface CoreImport {
  /** The chain of files from an app file to the core module, each loading the next. */
  chain: string[];
}

export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (!node.isTypeOnly && ts.isStringLiteral(ref)) out.push(ref.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      // A computed `import(name)` cannot be followed: it is refused rather than trusted.
      out.push(arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : '<computed import>');
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
      const [arg, base] = node.arguments ?? [];
      if (arg && ts.isStringLiteral(arg) && base?.getText(source) === 'import.meta.url') out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package
  const base = resolve(dirname(from), specifier.split('?')[0]!);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve "${specifier}".`);
}

/** Every way the files in `starts` reach a module under `core` at run time. */
export function runtimeCoreImports(starts: readonly string[], core: string): CoreImport[] {
  const found: CoreImport[] = [];
  const seen = new Set<string>();
  const queue = starts.map((file) => [file]);
  while (queue.length) {
    const chain = queue.shift()!;
    const file = chain.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file, readFileSync(file, 'utf8'))) {
      if (specifier === '<computed import>') {
        found.push({ chain: [...chain, specifier] });
        continue;
      }
      const target = resolveLocal(file, specifier);
      if (!target) continue;
      if (target.startsWith(`${core}/`)) found.push({ chain: [...chain, target] });
      else if (!seen.has(target)) queue.push([...chain, target]);
    }
  }
  return found;
}
