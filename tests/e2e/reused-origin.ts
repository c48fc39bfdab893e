/**
 * An app with an empty library in a context whose worker is already installed: the first `freshApp`
 * of an e2e lane (./browser.ts) for a site and viewport opens a new context, and when its test ends
 * the context is wiped and kept for the next one. Opening the app and the 4 s after cost about 4.6 s
 * of CPU in a new context (the worker's install, its precache, the fill of the rest) and about
 * 2.0 s in a wiped one (docs/decisions/test-suite-time.md).
 *
 * Wiped means what a library lives in: the worker is stopped (nothing of it left in memory), its
 * pages closed (their workers end), and the origin's IndexedDB, local storage, file systems (the
 * origin-private one too), cookies, every cache but the precache and the HTTP cache are cleared.
 * What is kept is what an installed app keeps between visits: the worker's registration and its
 * precache. Tests of a first visit or an install open their own contexts.
 *
 * A context a test changed beyond that (an init script, a route, a listener, permissions, offline,
 * a fake clock, a CDP command of its pages beyond input, script and page ones) is closed instead of
 * kept. A browser-level CDP session (`newBrowserCDPSession`) is not watched: a test that changes a
 * context through one opens its own context.
 */
import type { Browser, BrowserContext, CDPSession } from 'playwright';

interface Kept {
  key: string;
  siteUrl: string;
  origin: string;
  changed: boolean;
  /** The context's own `close` and `newCDPSession`, before this module wrapped them. */
  close: () => Promise<void>;
  newCDPSession: BrowserContext['newCDPSession'];
}

const kept = new WeakMap<BrowserContext, Kept>();
const idle = new WeakMap<Browser, Map<string, BrowserContext[]>>();
const inUse = new WeakMap<Browser, Set<BrowserContext>>();

/** CDP commands that change only the page they are sent to, or stop its workers (as a wipe does). */
const PAGE_ONLY_DOMAINS = ['Input.', 'Page.', 'Runtime.'];
const PAGE_ONLY_COMMANDS = ['ServiceWorker.enable', 'ServiceWorker.disable', 'ServiceWorker.stopAllWorkers', 'ServiceWorker.stopWorker', 'Target.getTargetInfo', 'Target.getTargets'];
const CONTEXT_COMMANDS = ['Page.setDownloadBehavior'];
const changesOnlyPage = (method: string) =>
  PAGE_ONLY_COMMANDS.includes(method) || (PAGE_ONLY_DOMAINS.some((domain) => method.startsWith(domain)) && !CONTEXT_COMMANDS.includes(method));

const CONTEXT_CHANGES = [
  ...['addInitScript', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders'],
  ...['setGeolocation', 'setHTTPCredentials', 'grantPermissions', 'setOffline', 'addCookies', 'on', 'once', 'addListener'],
  ...['setDefaultTimeout', 'setDefaultNavigationTimeout'],
];

/** A wipe that takes longer than this (a hung page or command) closes the context instead. */
const WIPE_TIMEOUT_MS = 15_000;

function idleOf(browser: Browser): Map<string, BrowserContext[]> {
  let map = idle.get(browser);
  if (!map) idle.set(browser, (map = new Map()));
  return map;
}

function inUseOf(browser: Browser): Set<BrowserContext> {
  let set = inUse.get(browser);
  if (!set) inUse.set(browser, (set = new Set()));
  return set;
}

/** Marks the context as changed when a test calls anything that would outlive its pages. */
function watchChanges(context: BrowserContext, state: Kept): void {
  const record = context as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of CONTEXT_CHANGES) {
    const original = record[name]!.bind(context);
    record[name] = (...args: unknown[]) => {
      state.changed = true;
      return original(...args);
    };
  }
  const clock = context.clock as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(clock))) {
    if (name === 'constructor' || typeof clock[name] !== 'function') continue;
    const original = clock[name]!.bind(clock);
    clock[name] = (...args: unknown[]) => {
      state.changed = true;
      return original(...args);
    };
  }
  context.newCDPSession = async (target) => {
    const session = await state.newCDPSession(target);
    const send = session.send.bind(session) as (method: string, params?: object) => Promise<unknown>;
    (session as { send: unknown }).send = (method: string, params?: object) => {
      if (!changesOnlyPage(method)) state.changed = true;
      return send(method, params);
    };
    return session;
  };
}

/** A context for `siteUrl` at `viewport` whose library is empty: a kept one if there is one. */
export async function appContext(browser: Browser, siteUrl: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const key = `${siteUrl} ${viewport.width}x${viewport.height}`;
  const context = idleOf(browser).get(key)?.pop() ?? (await newKeptContext(browser, siteUrl, key, viewport));
  inUseOf(browser).add(context);
  return context;
}

async function newKeptContext(browser: Browser, siteUrl: string, key: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const state: Kept = { key, siteUrl, origin: new URL(siteUrl).origin, changed: false, close: context.close.bind(context), newCDPSession: context.newCDPSession.bind(context) };
  kept.set(context, state);
  watchChanges(context, state);
  // A test that closes its app gets the same as a new context next time: an empty library.
  context.close = () => release(browser, context);
  return context;
}

/** Whether this module keeps the context (the tests' own `useBrowser` leaves it open). */
export function isKept(context: BrowserContext): boolean {
  return kept.has(context);
}

/** Whether the context waits for the next test (a context a test holds, or a `beforeAll`, is not idle). */
export function isIdle(browser: Browser, context: BrowserContext): boolean {
  return kept.has(context) && !inUseOf(browser).has(context);
}

/**
 * Wipes each kept context the test took and keeps it for the next test, or closes it if it was
 * changed. `heldBefore`: contexts held before the test began (a `beforeAll`'s), which stay.
 */
export async function releaseAppContexts(browser: Browser, heldBefore: Set<BrowserContext>): Promise<void> {
  await Promise.all([...inUseOf(browser)].filter((context) => !heldBefore.has(context)).map((context) => release(browser, context)));
}

async function release(browser: Browser, context: BrowserContext): Promise<void> {
  const state = kept.get(context)!;
  if (!inUseOf(browser).delete(context)) return;
  if (!state.changed) {
    try {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no wipe within ${WIPE_TIMEOUT_MS} ms`)), WIPE_TIMEOUT_MS)));
      await Promise.race([wipe(context, state), late]).finally(() => clearTimeout(timer));
      const list = idleOf(browser).get(state.key) ?? [];
      idleOf(browser).set(state.key, [...list, context]);
      return;
    } catch (error) {
      // Not kept: the next test opens a new context. Said, since every wipe failing would only show as a slower run.
      console.warn(`A kept app context could not be wiped and is closed: ${(error as Error).message}`);
    }
  }
  kept.delete(context);
  await state.close().catch(() => undefined);
}

async function wipe(context: BrowserContext, state: Kept): Promise<void> {
  await Promise.all(context.pages().map((page) => page.close()));
  const page = await context.newPage();
  const cdp: CDPSession = await state.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.send('Storage.clearDataForOrigin', { origin: state.origin, storageTypes: 'cookies,file_systems,indexeddb,local_storage' });
  // Caches are reached from a document of the origin: a file of the site, past the worker (it stays stopped).
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await page.goto(`${state.siteUrl}/manifest.webmanifest`);
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (!name.startsWith('workbox-precache')) await caches.delete(name);
  });
  await cdp.detach();
  await page.close();
}
