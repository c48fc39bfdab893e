/**
 * "Make AI search available offline": fetches every model file once through the service worker,
 * which keeps them in its lazy cache (src/sw/lazy-cache.ts), with progress in bytes. The install
 * precaches the app alone (docs/decisions/lazy-models.md), so this is how a person gets AI search
 * for offline use before needing it. Afterwards it checks the cache: a file the quota refused is
 * reported honestly instead of claiming success.
 */
const GRAPHS = ['models/centernet.json', 'models/use/model.json'];
// TF.js loads the SIMD WASM in every browser this app supports; its plain fallback is not fetched.
const OTHERS = ['models/use/vocab.json', 'models/tfjs-backend-wasm-simd.wasm'];
const LAZY_CACHE = 'lazy-assets';

export interface OfflineModelsResult {
  /** Every file is kept for offline use. */
  kept: boolean;
  bytes: number;
  /** Paths the browser would not keep (storage full). */
  missing: string[];
}

const urlOf = (path: string) => new URL(path, document.baseURI);

/** A graph's manifest: the weight files it names, relative to it. */
type GraphManifest = { weightsManifest?: { paths: string[] }[] };

/**
 * Every file AI search's models need, relative to the site: the graphs, the weight files their
 * manifests name, the vocabulary and the WASM; undefined when a manifest cannot be read. The same
 * set as core's `neededFiles` of the build's model files (tests/node/offline-models-list.test.ts).
 */
export async function aiModelPaths(readManifest: (path: string) => Promise<GraphManifest | undefined>): Promise<string[] | undefined> {
  const paths = [...GRAPHS, ...OTHERS];
  for (const graph of GRAPHS) {
    const manifest = await readManifest(graph);
    if (!manifest) return undefined;
    const dir = graph.slice(0, graph.lastIndexOf('/') + 1);
    for (const group of manifest.weightsManifest ?? []) for (const path of group.paths) paths.push(new URL(path, `http://site/${dir}`).pathname.slice(1));
  }
  return paths;
}

/** Every model file's URL, the manifests read from the network (through the worker). */
async function modelFiles(): Promise<URL[]> {
  const paths = await aiModelPaths(async (graph) => (await fetch(urlOf(graph))).json() as Promise<GraphManifest>);
  return paths!.map(urlOf);
}

async function sizeOf(url: URL): Promise<number> {
  const response = await fetch(url, { method: 'HEAD' });
  return Number(response.headers.get('Content-Length') ?? 0);
}

export async function makeModelsOffline(onProgress: (done: number, total: number) => void): Promise<OfflineModelsResult> {
  const files = await modelFiles();
  const total = (await Promise.all(files.map(sizeOf))).reduce((a, b) => a + b, 0);
  let done = 0;
  onProgress(done, total);
  for (const url of files) {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${url.pathname} could not be downloaded (${response.status}).`);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      done += chunk.value.byteLength;
      onProgress(done, Math.max(total, done));
    }
  }
  const missing = await notKept(files.map((url) => url.pathname));
  return { kept: missing.length === 0, bytes: Math.max(total, done), missing };
}

/**
 * Whether every model file is already kept for offline use, and their bytes, read from the lazy
 * cache alone: no download, so it answers offline too. The status bar's words come from this, not
 * from what this page did (a reopened app must not offer again what the device already keeps).
 */
export async function keptModels(): Promise<{ kept: boolean; bytes: number }> {
  const none = { kept: false, bytes: 0 };
  if (!globalThis.caches || !(await caches.has(LAZY_CACHE))) return none;
  const cache = await caches.open(LAZY_CACHE);
  // Keys carry the build's revision in their query (src/sw/lazy-cache.ts): match by path.
  const cached = (url: URL) => cache.match(url.href, { ignoreSearch: true });
  const paths = await aiModelPaths(async (graph) => {
    const hit = await cached(urlOf(graph));
    return hit ? ((await hit.json()) as GraphManifest) : undefined;
  });
  if (!paths) return none;
  const files = paths.map(urlOf);
  let bytes = 0;
  for (const url of files) {
    const hit = await cached(url);
    if (!hit) return none;
    bytes += Number(hit.headers.get('Content-Length')) || (await hit.blob()).size;
  }
  return { kept: true, bytes };
}

/** The paths the lazy cache does not hold; the worker stores a file just after answering it, so wait a little. */
async function notKept(paths: string[]): Promise<string[]> {
  const cache = await caches.open(LAZY_CACHE);
  let missing = paths;
  for (let attempt = 0; attempt < 20 && missing.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    missing = paths.filter((path) => !kept.has(path));
  }
  return missing;
}
