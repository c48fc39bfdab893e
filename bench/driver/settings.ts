/**
 * Bench settings from the environment (BENCH_N, BENCH_SEED, BENCH_RUNS, BENCH_IMAGE_SHARE,
 * BENCH_IMPORT_IMAGES, BENCH_PORT, BENCH_ONLY, BENCH_PROFILE, BENCH_TRACE), and the knobs that take
 * the sync and published rows past their default sizes (BENCH_SYNC_PULL_ITEMS,
 * BENCH_PUBLISHED_CAP_MINUTES, BENCH_PUBLISHED_KEEP, BENCH_DISK_PROFILE): unset, those rows run as
 * they always did.
 */
import type { BenchSettings, ScenarioInfo } from '../shared/protocol';

export interface DriverSettings extends BenchSettings {
  port: number;
  /** Scenario id prefixes to run (BENCH_ONLY, comma-separated); empty runs every scenario. Seeding always runs. */
  only: string[];
  /** Scenario ids during which the worker's CPU is profiled (BENCH_PROFILE, comma-separated). */
  profile: string[];
  /**
   * BENCH_TRACE: record a Chrome trace around each scenario but seeding. `1`: CPU samples of every
   * thread, the worker's too, with its script unminified (names); `spans`: trace events only, with
   * their thread (CPU) times undisturbed by a sampler, of the script as shipped.
   */
  trace: 'samples' | 'spans' | undefined;
  /** BENCH_SYNC_PULL_ITEMS: items of the sync rows' first pull (unset: min(N, 10,000)). */
  syncPullItems?: number;
  /** BENCH_PUBLISHED_CAP_MINUTES: how long a subscribe run waits for every item searchable (unset: 5). */
  publishedCapMinutes?: number;
  /** BENCH_PUBLISHED_KEEP=1: the published rows' Eagle source is kept under bench/.scale-cache/ and reused. */
  publishedKeep?: boolean;
  /** BENCH_DISK_PROFILE=1: the browser keeps its profile on disk (bench-browser.ts), not in memory. */
  diskProfile?: boolean;
}

export const DEFAULTS: DriverSettings = { n: 100_000, seed: 20_240_607, runs: 30, imageShare: 0.05, importImages: 1000, port: 4191, only: [], profile: [], trace: undefined };

export function readSettings(env: NodeJS.ProcessEnv = process.env): DriverSettings {
  return {
    n: integer(env, 'BENCH_N', DEFAULTS.n, 1),
    seed: integer(env, 'BENCH_SEED', DEFAULTS.seed, 0),
    runs: integer(env, 'BENCH_RUNS', DEFAULTS.runs, 3),
    imageShare: share(env, 'BENCH_IMAGE_SHARE', DEFAULTS.imageShare),
    importImages: integer(env, 'BENCH_IMPORT_IMAGES', DEFAULTS.importImages, 1),
    port: integer(env, 'BENCH_PORT', DEFAULTS.port, 0),
    only: list(env.BENCH_ONLY),
    profile: list(env.BENCH_PROFILE),
    trace: env.BENCH_TRACE === '1' ? 'samples' : env.BENCH_TRACE === 'spans' ? 'spans' : undefined,
    ...(env.BENCH_SYNC_PULL_ITEMS ? { syncPullItems: integer(env, 'BENCH_SYNC_PULL_ITEMS', 0, 1) } : {}),
    ...(env.BENCH_PUBLISHED_CAP_MINUTES ? { publishedCapMinutes: integer(env, 'BENCH_PUBLISHED_CAP_MINUTES', 0, 1) } : {}),
    ...(env.BENCH_PUBLISHED_KEEP === '1' ? { publishedKeep: true } : {}),
    ...(env.BENCH_DISK_PROFILE === '1' ? { diskProfile: true } : {}),
  };
}

/** The knobs a run set, as they were typed (the results' run line repeats them). */
export function knobsLine(settings: Pick<DriverSettings, 'syncPullItems' | 'publishedCapMinutes' | 'publishedKeep' | 'diskProfile'>): string {
  return [
    settings.syncPullItems === undefined ? '' : `BENCH_SYNC_PULL_ITEMS=${settings.syncPullItems}`,
    settings.publishedCapMinutes === undefined ? '' : `BENCH_PUBLISHED_CAP_MINUTES=${settings.publishedCapMinutes}`,
    settings.publishedKeep ? 'BENCH_PUBLISHED_KEEP=1' : '',
    settings.diskProfile ? 'BENCH_DISK_PROFILE=1' : '',
  ].filter(Boolean).join(' ');
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}".`);
  return value;
}

function share(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value >= 0 && value <= 1)) throw new Error(`${name} must be a number from 0 to 1, not "${raw}".`);
  return value;
}

const list = (raw: string | undefined) => (raw ?? '').split(',').map((id) => id.trim()).filter(Boolean);

/**
 * The rows to run, in order: those BENCH_ONLY picks (every row when empty), and seeding unless
 * every picked row is standalone (needs no seeded library).
 */
export function rowsToRun<T extends Pick<ScenarioInfo, 'id' | 'standalone'>>(scenarios: readonly T[], only: readonly string[]): T[] {
  const picked = (id: string) => only.length === 0 || only.some((prefix) => id.startsWith(prefix));
  const seedNeeded = scenarios.some((s) => picked(s.id) && !s.standalone);
  return scenarios.filter((s) => (s.id === 'seed' ? seedNeeded : picked(s.id)));
}
