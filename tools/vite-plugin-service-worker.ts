/**
 * Serves the service worker at /sw.js (root scope) as one self-contained classic script, in dev,
 * in vitest browser mode and in the build. Vite has no service-worker support of its own; a nested
 * library build in IIFE format gives a worker with no module imports, which every browser accepts.
 *
 * What the worker imports dynamically stays out of that script: every worker start pays about 2 ms
 * per 100 KB of it (docs/decisions/service-worker-startup.md). The build splits at each `import()`
 * (a package such as pinyin-pro, or our own feature code such as sync's handlers): every piece
 * becomes a classic script of its own beside sw.js (`sw-<name>.js`) that registers a factory in
 * `self.__deferredPackages[file]`, and sw.js carries a small loader (`require`) that loads the
 * piece on first use and runs its factory once. The pieces take the modules they share with sw.js
 * (Dexie, the storage floor, the change buffer) from sw.js itself, so there is one copy of each
 * module in a worker. The worker's own code may load a piece at once with
 * `__loadNow(() => import('./x'))` (the boot script's rest, src/sw/sw.ts), which becomes the
 * loader's synchronous `require`; code that must run synchronously but lives in a piece (RE2JS,
 * read inside transactions) is loaded before it runs (src/core/shared/not-loaded.ts).
 *
 * Browsers let a worker `importScripts()` later only what it imported while installing, and send
 * every such script, with its code cache, to each start, used or not: that stream costs a start by
 * its bytes. So the worker imports while installing only what a start may need synchronously (the
 * core, the rest of the worker and what they import statically). Every
 * other piece is precached with the build and, on first use, read from the precache and evaluated
 * (`require.async`, which each `import()` of a piece becomes), where the worker may evaluate code;
 * where its Content-Security-Policy forbids that, the install imports those pieces too
 * (src/sw/deferred-scripts.ts).
 *
 * The build also hands the worker its precache list (`__PRECACHE_MANIFEST__`, for workbox-precaching,
 * see src/sw/app-shell.ts): every file of the build but sw.js itself, each with a content hash as its
 * revision, so a new build refetches exactly what changed, the part of it a first install takes
 * (`__PRECACHE_START__`: the app page and the files it names), and its lazy list (`__LAZY_MANIFEST__`,
 * src/sw/lazy-cache.ts): the AI models and other large files, cached on first use instead of at
 * install. Development precaches nothing.
 */
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { ModelFilesApi } from './vite-plugin-model-files.ts';
import { lazyManifest, precacheManifest, publicFiles, revisionOf, startFiles, type PrecacheFile } from './precache-manifest.ts';

interface Options {
  entry: string;
  fileName?: string;
}

type Mode = 'development' | 'production';

/** The model files the model-files plugin serves (./vite-plugin-model-files.ts), or none without it. */
const modelFilesOf = (config: ResolvedConfig): PrecacheFile[] =>
  (config.plugins.find((plugin) => plugin.name === 'model-files')?.api as ModelFilesApi | undefined)?.files() ?? [];

/** Where deferred scripts register their factories. */
const REGISTRY = 'self.__deferredPackages';
/** sw.js's loader, for a piece that runs itself as it loads (runningPieceScriptOf). */
const RUN = 'self.__deferredRun';
/** Vite's preload helper (see noPreload). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** `pinyin-pro` → `sw-pinyin-pro.js` */
const scriptFileOf = (name: string) => `sw-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '')}.js`;
/**
 * The file of a piece sw.js loads itself (the core): `sw-0-core.js`, which sorts before every
 * other piece's file (`sw-` and a letter), so a starting worker receives it right after sw.js
 * (see `worker`).
 */
const firstScriptFileOf = (name: string) => scriptFileOf(`0-${name}`);

/** A piece's name: its package for a package's code (`pinyin-pro`), else the module's own name (`sync.service`). */
function pieceNameOf(chunk: { name: string; facadeModuleId: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return inPackage ? inPackage[1]! : chunk.name;
}

/** What sw.js's loader knows of the pieces beside it (src/sw/deferred-scripts.ts reads it). */
export interface PieceList {
  /** Imported while installing, always: what a start loads synchronously (the core, the rest of the worker). */
  installed: readonly string[];
  /**
   * The rest, each with the pieces it imports statically and its content hash: precached, and
   * evaluated from the precache on first use where the worker may evaluate code (imported while
   * installing where a Content-Security-Policy forbids that).
   */
  evaluated: Record<string, { imports: readonly string[]; revision: string }>;
}

/**
 * sw.js: the entry piece (CommonJS as the build renders it) inside a loader. `require('./sw-x.js')`,
 * which the build writes for each static import of a piece and for `__loadNow`, loads the piece
 * (importScripts, unless the install already ran it) and runs its factory once;
 * `require.async('./sw-x.js')`, which it writes for each `import()`, first brings an evaluated
 * piece and the evaluated pieces it imports (their text from the precache, else the network, then
 * an indirect eval); `require('./sw.js')`, a piece asking for a module it shares with the entry,
 * is the entry's own exports. A start receives every script the worker imported while installing,
 * used or not, so only what a start may need synchronously is imported then, where the worker may
 * evaluate code (docs/decisions/service-worker-startup.md).
 */
const entryScriptOf = (fileName: string, code: string, pieces: PieceList) => `(function () {
const __installedScripts = ${JSON.stringify(pieces.installed)};
const __evaluatedScripts = ${JSON.stringify(pieces.evaluated)};
let evaluates;
/** Whether this worker may evaluate a script's text: not where its Content-Security-Policy forbids 'unsafe-eval'. */
function canEvaluate() {
  if (evaluates === undefined) {
    try {
      new Function('');
      evaluates = true;
    } catch {
      evaluates = false;
    }
  }
  return evaluates;
}
const __pieces = { installed: __installedScripts, evaluated: __evaluatedScripts, canEvaluate };
const factories = (${REGISTRY} ??= {});
const entry = { exports: {} };
const loaded = { ${JSON.stringify(fileName)}: entry };
const fileOf = (id) => (id.startsWith('./') ? id.slice(2) : id);
const urlOf = (file) => new URL(file, self.location.href).href;
function require(id) {
  const file = fileOf(id);
  // A piece that runs itself (${RUN}) is loaded once this returns.
  if (!loaded[file] && !factories[file]) importScripts(urlOf(file));
  if (!loaded[file]) {
    const piece = { exports: {} };
    loaded[file] = piece;
    // A factory that throws leaves no half-made exports behind: the next require runs it again.
    try {
      factories[file](require, piece.exports, piece);
    } catch (error) {
      delete loaded[file];
      throw error;
    }
  }
  return loaded[file].exports;
}
/** An evaluated piece's text: the precached copy of this build's (workbox's cache key), else the network's. */
async function sourceOf(file) {
  const url = urlOf(file);
  const cached = await caches.match(url + '?__WB_REVISION__=' + __evaluatedScripts[file].revision).catch(() => undefined);
  const response =
    cached ??
    (await fetch(url).catch((error) => {
      throw new Error('The service worker piece ' + file + ' is not in the precache and could not be fetched: ' + error.message, { cause: error });
    }));
  if (!response.ok) throw new Error('The service worker piece ' + file + ' could not be read: HTTP ' + response.status + '.');
  return response.text();
}
const arriving = {};
/** Registers an evaluated piece's factory, and those of the evaluated pieces it imports. */
function arrive(file) {
  if (loaded[file] || factories[file] || !(file in __evaluatedScripts) || !canEvaluate()) return Promise.resolve();
  arriving[file] ??= Promise.all([sourceOf(file), ...__evaluatedScripts[file].imports.map(arrive)]).then(
    ([source]) => {
      if (!factories[file]) (0, eval)(source + '\\n//# sourceURL=' + urlOf(file));
      delete arriving[file];
      // A host that answers a missing file with its own page gives text that registers nothing.
      if (!factories[file]) throw new Error('The service worker piece ' + file + ' did not register itself: its text is not this build\\'s.');
    },
    (error) => {
      delete arriving[file];
      throw error;
    },
  );
  return arriving[file];
}
require.async = (id) => arrive(fileOf(id)).then(() => require(id));
${RUN} = require;
(function (require, exports, module) {
${code}
})(require, entry.exports, entry);
})();
`;

/**
 * A piece beside sw.js: registers its factory, run by sw.js's loader on first use. `eager`: the
 * factory is parenthesised, which V8 takes as a sign that it runs soon and compiles with the script
 * rather than at its first call; the code cache Chromium keeps of an installed script then holds it,
 * as it holds sw.js's own top level. For the core, which a shell loads at its first request: as a
 * plain function it was compiled at that request, every start (docs/decisions/service-worker-startup.md).
 */
const pieceScriptOf = (fileName: string, code: string, eager = false) =>
  `(${REGISTRY} ??= {})[${JSON.stringify(fileName)}] = ${eager ? '(' : ''}function (require, exports, module) {\n${code}\n}${eager ? ')' : ''};\n`;

/**
 * A piece that runs as it loads, its own imports with it: the core, when sw.js is a shell. Imported
 * while installing, it runs then too, so the code cache Chromium makes of the script right after it
 * ran holds its modules' compiled code, as sw.js's cache holds its own; without that each start
 * compiled the core's modules afresh at its first request (docs/decisions/service-worker-startup.md).
 */
const runningPieceScriptOf = (fileName: string, code: string) => `${pieceScriptOf(fileName, code, true)}${RUN}(${JSON.stringify(fileName)});\n`;

const LOAD_NOW = '__loadNow(';
/**
 * `__loadNow(() => import('./x'))`, which the worker writes where it needs a piece at once (inside
 * an event that must be answered synchronously), becomes the loader's synchronous
 * `require("./sw-x.js")`: the build renders the `import()` inside as a promise of that call. Also
 * returns the pieces so loaded, which the worker must import while installing.
 */
function loadingNow(code: string): { code: string; loadedNow: string[] } {
  const loadedNow: string[] = [];
  let at = code.indexOf(LOAD_NOW);
  while (at >= 0) {
    let depth = 0;
    let end = at + LOAD_NOW.length - 1;
    do {
      if (code[end] === '(') depth++;
      else if (code[end] === ')') depth--;
      end++;
    } while (depth > 0 && end < code.length);
    const call = code.slice(at, end);
    const required = /require\((["'])(\.\/sw-[\w-]+\.js)\1\)/.exec(call);
    if (depth > 0 || !required) throw new Error(`A service worker's ${call.slice(0, 80)}… does not import a piece of the worker.`);
    code = `${code.slice(0, at)}require(${JSON.stringify(required[2])})${code.slice(end)}`;
    loadedNow.push(required[2]!.slice(2));
    at = code.indexOf(LOAD_NOW, at);
  }
  return { code, loadedNow };
}

/** How the build renders an `import()` of a piece in CommonJS: `Promise.resolve().then(() => require("./sw-x.js"))`. */
const DYNAMIC_REQUIRE = /Promise\.resolve\(\)\.then\(\s*\(\)\s*=>\s*require\((["'])(\.\/sw-[\w-]+\.js)\1\)\s*\)/g;
const PLAIN_REQUIRE = /(?<![\w$.])require\((["'])\.\/(sw-[\w-]+\.js)\1\)/g;

/**
 * Each `import()` of a piece becomes the loader's `require.async("./sw-x.js")`, which can bring a
 * piece the worker did not import while installing. The build fails if a synchronous `require` of
 * a piece is left that is neither a static import of the chunk nor a `__loadNow`.
 */
function asyncImports(chunk: { fileName: string; code: string; imports: string[] }, loadedNow: readonly string[]): string {
  const code = chunk.code.replace(DYNAMIC_REQUIRE, (_, quote: string, id: string) => `require.async(${quote}${id}${quote})`);
  for (const [, , file] of code.matchAll(PLAIN_REQUIRE)) {
    if (!chunk.imports.includes(file!) && !loadedNow.includes(file!)) {
      throw new Error(`${chunk.fileName} requires ${file} in a form the service worker build does not know: an import() must render as Promise.resolve().then(() => require(...)).`);
    }
  }
  return code;
}

/**
 * Vite wraps every `import()` of a page's build in its preload helper, whose error path dispatches
 * `vite:preloadError` on `window`: in a worker, a piece that failed to load became "window is not
 * defined". A worker has nothing to preload, so the helper only runs the import.
 */
const noPreload: Plugin = {
  name: 'service-worker-no-preload',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
};

export function serviceWorker({ entry, fileName = 'sw.js' }: Options): Plugin {
  let config: ResolvedConfig;

  /** The worker's chunks, CommonJS: sw.js's loader (entryScriptOf) runs them. */
  async function bundle(
    mode: Mode,
    define: Record<string, string>,
  ): Promise<{ fileName: string; code: string; isEntry: boolean; imports: string[]; dynamicImports: string[] }[]> {
    /** The modules the entry imports with `import()`: each one's piece is named by firstScriptFileOf. */
    const entryImports = new Set<string>();
    const findEntryImports: Plugin = {
      name: 'service-worker-pieces-loaded-by-entry',
      renderStart() {
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (info?.isEntry) for (const imported of info.dynamicallyImportedIds) entryImports.add(imported);
        }
      },
    };
    const output = await build({
      configFile: false,
      root: config.root,
      mode,
      logLevel: 'warn',
      resolve: config.resolve,
      plugins: [noPreload, findEntryImports],
      define: { 'process.env.NODE_ENV': JSON.stringify(mode), ...define },
      build: {
        write: false,
        emptyOutDir: false,
        modulePreload: false,
        // SW_UNMINIFIED=1 (the bench's BENCH_TRACE=1): names in CPU profiles, `//#region <module>` markers.
        minify: mode === 'production' && process.env.SW_UNMINIFIED !== '1',
        sourcemap: mode === 'development' ? 'inline' : false,
        rolldownOptions: {
          input: entry,
          output: {
            format: 'cjs',
            entryFileNames: fileName,
            chunkFileNames: (chunk) =>
              (chunk.facadeModuleId !== null && entryImports.has(chunk.facadeModuleId) ? firstScriptFileOf : scriptFileOf)(pieceNameOf(chunk)),
          },
        },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    const chunks = results.flatMap((result) => ('output' in result ? result.output : [])).filter((file) => file.type === 'chunk');
    if (chunks.length === 0) throw new Error(`The service worker build of ${entry} produced no script.`);
    return chunks.map((chunk) => ({ fileName: chunk.fileName, code: chunk.code, isEntry: chunk.isEntry, imports: chunk.imports, dynamicImports: chunk.dynamicImports }));
  }

  /** sw.js and its pieces, file name → script. */
  const worker = async (mode: Mode, precache: readonly PrecacheFile[] = []): Promise<Map<string, string>> => {
    const chunks = await bundle(mode, {
      // Declared by entryScriptOf: the pieces' names are known only once the build has split them.
      __SW_PIECES__: '__pieces',
      __PRECACHE_MANIFEST__: JSON.stringify(precacheManifest(precache, fileName)),
      __LAZY_MANIFEST__: JSON.stringify(lazyManifest(precache)),
      __PRECACHE_START__: JSON.stringify(startFiles(precache)),
    });
    const loadedNow = new Set<string>();
    for (const chunk of chunks) {
      const rendered = loadingNow(chunk.code);
      chunk.code = rendered.code;
      for (const file of rendered.loadedNow) loadedNow.add(file);
    }
    for (const chunk of chunks) chunk.code = asyncImports(chunk, [...loadedNow]);
    const entryChunk = chunks.find((chunk) => chunk.isEntry)!;
    // Pieces the entry itself imports (the build may split modules it shares with lazy pieces into
    // one of their own) run at every start anyway: they go inside sw.js, not beside it.
    const eager = new Set<string>();
    const addEager = (file: string) => {
      if (eager.has(file)) return;
      eager.add(file);
      for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) addEager(imported);
    };
    for (const imported of entryChunk.imports) addEager(imported);
    const pieces = chunks.filter((chunk) => !chunk.isEntry && !eager.has(chunk.fileName));
    // A starting worker receives its installed scripts one after another, sw.js first, then the
    // imported ones: by URL in Chromium 156 (its script cache map is ordered by URL), by storage id,
    // that is install order, in older ones. A first request that needs a piece sw.js loads itself
    // (the core) waits until that piece has arrived, so it comes first: named to sort before every
    // other piece (firstScriptFileOf), and the build fails if anything would sort before it.
    const loadedByEntry = (piece: { fileName: string }) => entryChunk.dynamicImports.includes(piece.fileName);
    // A piece sw.js itself loads (the core, when sw.js is a shell) carries the pieces it imports
    // (the build splits off what it shares with later pieces: Dexie, zod, ...): one importScripts
    // at its first use rather than one per piece. A carried piece keeps a file of its own only if it
    // can be needed before its carrier has loaded: when another piece sw.js loads reaches it. Else
    // every piece that imports it loads after the carrier, and finds it registered.
    const staticClosure = (file: string, into = new Set<string>()): Set<string> => {
      for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) {
        if (imported === entryChunk.fileName || eager.has(imported) || into.has(imported)) continue;
        into.add(imported);
        staticClosure(imported, into);
      }
      return into;
    };
    const chunkOf = (file: string) => chunks.find((chunk) => chunk.fileName === file);
    /** Every piece a piece may load, statically or dynamically. */
    const reach = (file: string, into = new Set<string>()): Set<string> => {
      for (const next of [...(chunkOf(file)?.imports ?? []), ...(chunkOf(file)?.dynamicImports ?? [])]) {
        if (next === entryChunk.fileName || eager.has(next) || into.has(next)) continue;
        into.add(next);
        reach(next, into);
      }
      return into;
    };
    const entryLoaded = pieces.filter(loadedByEntry);
    const carriedBy = new Map(entryLoaded.map((piece) => [piece.fileName, staticClosure(piece.fileName)]));
    const needsFile = (file: string) =>
      entryLoaded.every((carrier) => !carriedBy.get(carrier.fileName)!.has(file)) ||
      entryLoaded.some((other) => other.fileName !== file && !carriedBy.get(other.fileName)!.has(file) && reach(other.fileName).has(file));
    const files = pieces.filter((piece) => loadedByEntry(piece) || needsFile(piece.fileName));
    // What a start may need synchronously is imported while installing: the pieces sw.js loads
    // itself, those loaded with __loadNow, and whatever they import statically (through carried
    // modules too). Every other piece is evaluated on first use where the worker may evaluate code.
    const isFile = (file: string) => files.some((piece) => piece.fileName === file);
    const mustInstall = new Set<string>();
    const seen = new Set<string>();
    const install = (file: string) => {
      if (seen.has(file) || file === entryChunk.fileName || eager.has(file)) return;
      seen.add(file);
      if (isFile(file)) mustInstall.add(file);
      for (const imported of chunkOf(file)?.imports ?? []) install(imported);
    };
    for (const piece of [...entryLoaded.map((piece) => piece.fileName), ...loadedNow]) install(piece);
    const installedPieces = files.filter((piece) => mustInstall.has(piece.fileName));
    const evaluatedPieces = files.filter((piece) => !mustInstall.has(piece.fileName));
    const ordered = [...installedPieces.filter(loadedByEntry), ...installedPieces.filter((piece) => !loadedByEntry(piece)).sort((a, b) => a.code.length - b.code.length)];
    // Development scripts carry inline source maps and start speed does not matter there.
    for (const first of mode === 'production' ? pieces.filter(loadedByEntry) : []) {
      const before = installedPieces.filter((piece) => !loadedByEntry(piece) && piece.fileName < first.fileName);
      if (before.length > 0) throw new Error(`${before.map((script) => script.fileName).join(', ')} sort before ${first.fileName}, which sw.js loads itself: a start would receive them first. Rename them.`);
    }
    const scripts = new Map<string, string>();
    for (const piece of files) {
      const carried = loadedByEntry(piece) ? [...carriedBy.get(piece.fileName)!] : [];
      const carriedScripts = carried.map((file) => pieceScriptOf(file, chunks.find((chunk) => chunk.fileName === file)!.code, true));
      const own = loadedByEntry(piece) ? runningPieceScriptOf(piece.fileName, piece.code) : pieceScriptOf(piece.fileName, piece.code);
      scripts.set(piece.fileName, carriedScripts.join('') + own);
    }
    const list: PieceList = {
      installed: ordered.map((piece) => piece.fileName),
      evaluated: Object.fromEntries(
        evaluatedPieces.map((piece) => [
          piece.fileName,
          { imports: piece.imports.filter((file) => evaluatedPieces.some((other) => other.fileName === file)), revision: revisionOf(scripts.get(piece.fileName)!) },
        ]),
      ),
    };
    const inline = chunks.filter((chunk) => eager.has(chunk.fileName)).map((chunk) => pieceScriptOf(chunk.fileName, chunk.code));
    scripts.set(fileName, inline.join('') + entryScriptOf(fileName, entryChunk.code, list));
    return scripts;
  };

  return {
    name: 'offline-asset-library:service-worker',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      // The model files only (precacheManifest skips them): the development worker reports model downloads too.
      let built: Promise<Map<string, string>> | undefined;
      const scriptOf = async (path: string): Promise<string | undefined> => {
        const file = path.slice(1);
        if (file !== fileName && !/^sw-[\w-]+\.js$/.test(file)) return undefined;
        built ??= worker('development', modelFilesOf(config));
        return built.then(
          (scripts) => scripts.get(file),
          (error: unknown) => {
            built = undefined;
            throw error;
          },
        );
      };
      server.watcher.on('change', (file) => {
        if (file.includes('/src/')) built = undefined;
      });
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        scriptOf(path).then(
          (code) => {
            if (code === undefined) return next();
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => next(error),
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
        const scripts = await worker('production', [...files, ...(await publicFiles(config.publicDir))]);
        for (const [name, source] of scripts) this.emitFile({ type: 'asset', fileName: name, source });
      },
    },
  };
}
