/**
 * What crosses between the bench page (which measures) and the node driver (which orchestrates,
 * summarises and prints). Only plain data crosses: page.evaluate serialises it.
 */

export type Unit = 'ms' | 'items/s' | 'MB' | 'MB/s' | 'bytes';

/** Units where a bigger number is better; everything else is better when smaller. */
export const higherIsBetter = (unit: Unit): boolean => unit === 'items/s' || unit === 'MB/s';

export interface BenchSettings {
  /** Items to seed. */
  n: number;
  /** Seed of the data generator. */
  seed: number;
  /** Measured runs of a warm scenario (cold ones do fewer, they stop the worker each time). */
  runs: number;
  /** Share of seeded items that are tiny images (base64) rather than bookmarks, 0..1. */
  imageShare: number;
  /** Images dropped onto the app in the UI import rows (BENCH_IMPORT_IMAGES). */
  importImages: number;
  /** Items of the sync rows' first pull (BENCH_SYNC_PULL_ITEMS; unset: min(N, 10,000)). */
  syncPullItems?: number;
  /** How long a published subscribe run waits for every item searchable (BENCH_PUBLISHED_CAP_MINUTES; unset: 5 minutes). */
  searchableCapMs?: number;
}

/** A scenario's goal from its issue, checked against the median, the ratio to the baseline and the tail ratio. */
export interface Goal {
  maxMedian?: number;
  maxRatio?: number;
  /** The tail against the baseline's tail: subject p99 ÷ baseline p99 (oriented like `ratio`). */
  maxP99Ratio?: number;
}

export interface ScenarioInfo {
  id: string;
  label: string;
  unit: Unit;
  goal?: Goal;
  /** Measures without the seeded library: when every row picked by BENCH_ONLY says so, seeding is skipped. */
  standalone?: boolean;
}

export interface Series {
  /** What the baseline is, in a few words (e.g. "Dexie in the page"). */
  label: string;
  samples: number[];
}

export type ScenarioOutcome =
  | { status: 'measured'; samples: number[]; baseline?: Series; note?: string }
  | { status: 'skipped'; reason: string };

/** What the driver does for the page, through CDP (exposed on the page's window). */
export interface DriverBridge {
  /** Stops every service worker and resolves once it has stopped. */
  stopServiceWorker(): Promise<void>;
  /** The running service worker's used JS heap after a forced garbage collection, in MB. */
  serviceWorkerHeapMB(): Promise<number>;
  /** The bench page's used JS heap (its frames share it) after a forced garbage collection, in MB. */
  pageHeapMB(): Promise<number>;
  /** A progress line on the driver's console. */
  log(line: string): Promise<void>;
  /** The origin of a pouchdb-server on loopback that the driver starts on first ask (the sync rows). */
  couchOrigin(): Promise<string>;
  /**
   * The published-library rows: on first ask the driver writes the plan's N items as an Eagle
   * library on disk, times the publish command on it (and `cp -R` of it), and serves the output.
   */
  publishedLibrary(): Promise<PublishedFacts>;
  /** The published library's URL for one subscription run (a prefix of its own, so a new library each run). */
  publishedUrl(run: number): Promise<string>;
  /** Every request the published library's static server saw so far, in order, with the bytes it served. */
  publishedRequests(): Promise<PublishedRequest[]>;
}

/** What the driver tells the page about the library it published. */
export interface PublishedFacts {
  items: number;
  /** Items with a PNG original and thumbnail (the rest are bookmarks). */
  images: number;
  /** Shard files in manifest order, and the items of each. */
  shards: string[];
  shardItems: number[];
  manifestBytes: number;
  rootBytes: number;
  shardBytes: number[];
  /** Bytes of the Eagle source library on disk. */
  sourceBytes: number;
  /** Wall time of each run of the publish command (a child process), and of each `cp -R` of the same source. */
  publishMs: number[];
  copyMs: number[];
  /** The command's own last line (its summary). */
  cliLine: string;
  /** NODE_OPTIONS the command ran with (e.g. a larger heap), when the bench was started with some. */
  nodeOptions?: string;
  /** The item the load stores last (the first shard's first: the oldest, stored after the newer shards): the library is searchable once item/query finds it. */
  lastItem: { id: string; name: string };
}

export interface PublishedRequest {
  path: string;
  bytes: number;
}

/** Names under which the driver exposes the bridge on the page's window. */
export const BRIDGE_NAMES = {
  stopServiceWorker: '__benchStopServiceWorker',
  serviceWorkerHeapMB: '__benchServiceWorkerHeapMB',
  pageHeapMB: '__benchPageHeapMB',
  log: '__benchLog',
  couchOrigin: '__benchCouchOrigin',
  publishedLibrary: '__benchPublishedLibrary',
  publishedUrl: '__benchPublishedUrl',
  publishedRequests: '__benchPublishedRequests',
} as const satisfies Record<keyof DriverBridge, string>;

/** The scale mode's start: the kept library to reuse, and how long its seed may run in this run (seconds). */
export interface ScaleStart {
  library?: string;
  seedBudgetS?: number;
}

/** The bench page's face, on `window.benchPage`. */
export interface BenchPage {
  /**
   * Registers the worker, makes a fresh library, and lists the scenarios in run order. The scale
   * mode (bench/driver/scale-run.ts) lists its own rows and reuses `library` when it still exists.
   */
  start(settings: BenchSettings, scale?: ScaleStart): Promise<{ library: string; scenarios: ScenarioInfo[] }>;
  run(id: string): Promise<ScenarioOutcome>;
  /** Removes what the rows left (libraries and scratch databases a row that failed or was left out kept). */
  finish(): Promise<void>;
}
