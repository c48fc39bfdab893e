/**
 * The `lib` build: an npm-installable package for host sites (docs/decisions/embedding.md), built
 * beside the site build. `npm run build:lib` writes it to dist-lib/:
 *
 *   package.json   name, version, exports (`.` and `./element`), types
 *   index.js       registerAssetLibrary, createApiClient, ApiClient, errors (no DOM work on import)
 *   element.js     defines <asset-library> on import
 *   types/         declarations, src/ layout (types/embed/index.d.ts, ...)
 *   app/           the site build, to copy under the host's base path (e.g. /asset-library/)
 *   publish.js     the publishing command for node, bundled with what it uses (no dependencies)
 *   webp_dec.wasm  libwebp's decoder, which publish.js reads beside itself (thumbnail descriptors)
 *   bin.js         `npx offline-asset-library publish <library> --out <dir>`
 */
import { execFile } from 'node:child_process';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

export interface LibOptions {
  outDir: string;
  /** Emit type declarations (tsc; the slow part). */
  declarations?: boolean;
  /** Build the site into app/ (the e2e tests serve the site build they already have instead). */
  app?: boolean;
}

export async function buildLib({ outDir, declarations = true, app = true }: LibOptions): Promise<void> {
  const out = resolve(outDir);
  await rm(out, { recursive: true, force: true });
  if (app) await build({ root: ROOT, logLevel: 'warn', build: { outDir: join(out, 'app'), emptyOutDir: true } });
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: { entry: { index: join(ROOT, 'src/embed/index.ts'), element: join(ROOT, 'src/embed/element-entry.ts') }, formats: ['es'] },
    },
  });
  // The command runs in node on the site owner's machine: bundled whole, so the package needs no dependency.
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: { outDir: out, emptyOutDir: false, target: 'node20', minify: false, ssr: join(ROOT, 'tools/publish/cli.ts'), rollupOptions: { output: { entryFileNames: 'publish.js', chunkFileNames: 'publish-[name]-[hash].js' } } },
  });
  // WASM cannot be bundled into the JS: the decoder looks for it beside the bundle (tools/publish/decode-picture.ts).
  await copyFile(createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm'), join(out, 'webp_dec.wasm'));
  await writeFile(join(out, 'bin.js'), BIN, { mode: 0o755 });
  if (declarations) {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tools/tsconfig.lib.json'), '--outDir', join(out, 'types')]);
  }
  await writeFile(join(out, 'package.json'), JSON.stringify(await packageJson(declarations), null, 2));
}

const BIN = `#!/usr/bin/env node
// offline-asset-library publish <library> --out <dir> (docs/publishing.md)
import { main } from './publish.js';

process.exitCode = await main(process.argv.slice(2));
`;

async function packageJson(declarations: boolean) {
  const root = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; description: string; license?: string };
  const entry = (name: string, types: string) => (declarations ? { types: `./types/embed/${types}.d.ts`, default: `./${name}.js` } : { default: `./${name}.js` });
  return {
    name: root.name,
    version: root.version,
    description: root.description,
    type: 'module',
    main: './index.js',
    bin: { [root.name]: './bin.js' },
    ...(declarations ? { types: './types/embed/index.d.ts' } : {}),
    exports: { '.': entry('index', 'index'), './element': entry('element', 'element-entry'), './app/*': './app/*', './package.json': './package.json' },
    files: ['*.js', '*.wasm', 'types', 'app'],
    sideEffects: ['./element.js'],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await buildLib({ outDir: process.argv[2] ?? join(ROOT, 'dist-lib') });
