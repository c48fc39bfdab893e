/**
 * Serves the service worker at /sw.js (root scope) as one self-contained classic script, in dev,
 * in vitest browser mode and in the build. Vite has no service-worker support of its own; a nested
 * library build in IIFE format gives a worker with no module imports, which every browser accepts.
 *
 * Deferred packages stay out of that script: every worker start pays about 2 ms per 100 KB of it
 * (docs/decisions/service-worker-startup.md). Each becomes a classic script of its own beside
 * sw.js that sets `self.__deferredPackages[name]`; in the worker, the package's imports resolve
 * to a shim that `importScripts()` it. Import such a package only dynamically, so that the shim,
 * and with it the script, runs on first use. A package in `onAccess` may be imported statically
 * instead: its shim exports stand-ins that `importScripts()` it synchronously on first property
 * access (`RE2JS.compile(...)`), for users that cannot await a load, such as a rule checked inside
 * a zod transform or an IndexedDB transaction. The worker imports every deferred script once while
 * installing (`__DEFERRED_SCRIPTS__`): browsers let a worker import later only what it imported
 * then, and serve it from the worker's own script cache, offline too.
 *
 * The build also hands the worker its precache list (`__PRECACHE_MANIFEST__`, for workbox-precaching,
 * see src/sw/app-shell.ts): every file of the build but sw.js itself, each with a content hash as its
 * revision, so a new build refetches exactly what changed, and its lazy list (`__LAZY_MANIFEST__`,
 * src/sw/lazy-cache.ts): the AI models and other large files, cached on first use instead of at
 * install. Development precaches nothing.
 */
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { ModelFilesApi } from './vite-plugin-model-files.ts';
import { lazyManifest, precacheManifest, publicFiles, type PrecacheFile } from './precache-manifest.ts';

interface Options {
  entry: string;
  fileName?: string;
  /** Package name → the names it exports that the worker uses (imported dynamically). */
  deferred?: Record<string, readonly string[]>;
  /**
   * Package name → the names it exports that the worker uses only through their properties
   * (classes with static methods, namespace objects): loaded on first access, imported statically.
   */
  onAccess?: Record<string, readonly string[]>;
}

type Mode = 'development' | 'production';

/** The model files the model-files plugin serves (./vite-plugin-model-files.ts), or none without it. */
const modelFilesOf = (config: ResolvedConfig): PrecacheFile[] =>
  (config.plugins.find((plugin) => plugin.name === 'model-files')?.api as ModelFilesApi | undefined)?.files() ?? [];

const SHIM_PREFIX = '\0deferred-package:';
/** Lib builds take their entry as a path: this name stands for the generated one. */
const SIDE_ENTRY = 'deferred-package-entry.js';
const SIDE_ENTRY_ID = '\0deferred-package-entry';

/** `pinyin-pro` → `sw-pinyin-pro.js` */
const scriptFileOf = (name: string) => `sw-${name.replace(/[^a-z0-9]+/gi, '-')}.js`;

/** What the worker imports in place of a deferred package. */
function shimOf(name: string, exports: readonly string[]): string {
  const registry = 'self.__deferredPackages';
  return [
    `if (!${registry}?.[${JSON.stringify(name)}]) importScripts(new URL(${JSON.stringify(scriptFileOf(name))}, self.location.href).href);`,
    `const loaded = ${registry}[${JSON.stringify(name)}];`,
    ...exports.map((exported) => (exported === 'default' ? 'export default loaded.default;' : `export const ${exported} = loaded.${exported};`)),
  ].join('\n');
}

/**
 * What the worker imports in place of an `onAccess` package: each export is a stand-in whose first
 * property read loads the script (synchronously: importScripts) and forwards to the real export;
 * methods are bound to it, so `RE2JS.compile(...)` runs as the real static method.
 */
function onAccessShimOf(name: string, exports: readonly string[]): string {
  const registry = 'self.__deferredPackages';
  return [
    `const load = () => {`,
    `  if (!${registry}?.[${JSON.stringify(name)}]) importScripts(new URL(${JSON.stringify(scriptFileOf(name))}, self.location.href).href);`,
    `  return ${registry}[${JSON.stringify(name)}];`,
    `};`,
    `const standIn = (exported) => new Proxy({}, {`,
    `  get: (_, key) => {`,
    `    const real = load()[exported];`,
    `    const value = real[key];`,
    `    return typeof value === 'function' ? value.bind(real) : value;`,
    `  },`,
    `});`,
    ...exports.map((exported) => `export const ${exported} = standIn(${JSON.stringify(exported)});`),
  ].join('\n');
}

/** The entry of a deferred package's own script: only the names used, so the rest is shaken off (`default` too). */
const sideEntryOf = (name: string, exports: readonly string[]) =>
  `import { ${exports.map((exported) => `${exported} as _${exported}`).join(', ')} } from ${JSON.stringify(name)};\n` +
  `(self.__deferredPackages ??= {})[${JSON.stringify(name)}] = { ${exports.map((exported) => `${exported}: _${exported}`).join(', ')} };`;

export function serviceWorker({ entry, fileName = 'sw.js', deferred = {}, onAccess = {} }: Options): Plugin {
  let config: ResolvedConfig;
  const packages: Record<string, readonly string[]> = { ...deferred, ...onAccess };
  const scripts = Object.keys(packages).map((name) => ({ name, fileName: scriptFileOf(name) }));

  async function bundle(mode: Mode, input: string, plugins: Plugin[], define: Record<string, string> = {}): Promise<string> {
    const output = await build({
      configFile: false,
      root: config.root,
      mode,
      logLevel: 'warn',
      resolve: config.resolve,
      plugins,
      define: { 'process.env.NODE_ENV': JSON.stringify(mode), ...define },
      build: {
        write: false,
        emptyOutDir: false,
        // SW_UNMINIFIED=1 (the bench's BENCH_TRACE=1): names in CPU profiles, `//#region <module>` markers.
        minify: mode === 'production' && process.env.SW_UNMINIFIED !== '1',
        sourcemap: mode === 'development' ? 'inline' : false,
        lib: { entry: input, formats: ['iife'], name: 'serviceWorker', fileName: () => fileName },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results) {
      if ('output' in result) {
        const chunk = result.output.find((file) => file.type === 'chunk');
        if (chunk && chunk.type === 'chunk') return chunk.code;
      }
    }
    throw new Error(`The service worker build of ${input} produced no script.`);
  }

  const worker = (mode: Mode, precache: readonly PrecacheFile[] = []) =>
    bundle(
      mode,
      entry,
      [
        {
          name: 'deferred-package-shims',
          enforce: 'pre',
          resolveId: (id) => (id in packages ? SHIM_PREFIX + id : undefined),
          load: (id) => {
            if (!id.startsWith(SHIM_PREFIX)) return undefined;
            const name = id.slice(SHIM_PREFIX.length);
            return name in onAccess ? onAccessShimOf(name, onAccess[name]!) : shimOf(name, deferred[name]!);
          },
        },
      ],
      {
        __DEFERRED_SCRIPTS__: JSON.stringify(scripts.map((script) => script.fileName)),
        __PRECACHE_MANIFEST__: JSON.stringify(precacheManifest(precache, fileName)),
        __LAZY_MANIFEST__: JSON.stringify(lazyManifest(precache)),
      },
    );

  const side = (mode: Mode, name: string) =>
    bundle(mode, SIDE_ENTRY, [
      {
        name: 'deferred-package-entry',
        resolveId: (id) => (id.endsWith(SIDE_ENTRY) ? SIDE_ENTRY_ID : undefined),
        load: (id) => (id === SIDE_ENTRY_ID ? sideEntryOf(name, packages[name]!) : undefined),
      },
    ]);

  return {
    name: 'offline-asset-library:service-worker',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      const cached = new Map<string, Promise<string>>();
      const makers = new Map<string, () => Promise<string>>([
        // The model files only (precacheManifest skips them): the development worker reports model downloads too.
        [`/${fileName}`, () => worker('development', modelFilesOf(config))],
        ...scripts.map((script) => [`/${script.fileName}`, () => side('development', script.name)] as const),
      ]);
      server.watcher.on('change', (file) => {
        if (file.includes('/src/')) cached.delete(`/${fileName}`);
      });
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        const make = makers.get(path);
        if (!make) return next();
        if (!cached.has(path)) cached.set(path, make());
        cached.get(path)!.then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => {
            cached.delete(path);
            next(error);
          },
        );
      });
    },
    // Last, so that the list holds every file the other plugins emitted (index.html, icons, manifest).
    generateBundle: {
      order: 'post',
      async handler(_options, output) {
        const files: PrecacheFile[] = Object.values(output).map((file) => ({
          fileName: file.fileName,
          source: file.type === 'chunk' ? file.code : file.source,
        }));
        for (const script of scripts) {
          const source = await side('production', script.name);
          this.emitFile({ type: 'asset', fileName: script.fileName, source });
          files.push({ fileName: script.fileName, source });
        }
        this.emitFile({ type: 'asset', fileName, source: await worker('production', [...files, ...(await publicFiles(config.publicDir))]) });
      },
    },
  };
}
