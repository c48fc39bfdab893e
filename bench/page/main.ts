/**
 * The bench page: run by the driver (bench/driver), never part of the app. It waits until the
 * real service worker controls it, then runs the scenarios one by one on the driver's request.
 */
import { ensureServiceWorker } from '../../src/app/register-sw';
import type { BenchPage, ScenarioOutcome } from '../shared/protocol';
import { driverBridge } from './bridge';
import { createBenchContext, type BenchContext } from './context';
import { Skip, type Scenario } from './scenario';
import { SCENARIOS } from './scenarios';
import { SCALE_SCENARIOS } from './scenarios/scale';

let ctx: BenchContext | undefined;
let scenarios: readonly Scenario[] = SCENARIOS;

const page: BenchPage = {
  async start(settings, scale) {
    await ensureServiceWorker();
    const probe = await fetch('/api/v2/app/info');
    if (probe.headers.get('X-Served-By') !== 'service-worker') throw new Error('app/info was not answered by the service worker.');
    // The scale mode keeps its seeded library between runs (a persistent profile), under a name of its N.
    scenarios = scale ? SCALE_SCENARIOS : SCENARIOS;
    ctx = await createBenchContext(settings, driverBridge(), scale ? { ...(scale.library ? { library: scale.library } : {}), name: `bench-scale-n${settings.n}` } : undefined);
    if (scale?.seedBudgetS) ctx.seedBudgetS = scale.seedBudgetS;
    return { library: ctx.library, scenarios: scenarios.map(({ id, label, unit, goal, standalone }) => ({ id, label, unit, ...(goal ? { goal } : {}), ...(standalone ? { standalone } : {}) })) };
  },

  async run(id): Promise<ScenarioOutcome> {
    if (!ctx) throw new Error('benchPage.start() was not called.');
    const scenario = scenarios.find((s) => s.id === id);
    if (!scenario) throw new Error(`No scenario "${id}".`);
    if (!navigator.serviceWorker.controller) throw new Error('The bench page lost its service worker.');
    try {
      return { status: 'measured', ...(await scenario.measure(ctx)) };
    } catch (error) {
      if (error instanceof Skip) return { status: 'skipped', reason: error.message };
      throw error;
    } finally {
      // Its figures are taken: what it made goes, so the storage of later rows is the seeded library's.
      const removed = await ctx.leftovers.afterRow(id);
      if (removed.libraries || removed.databases) await ctx.driver.log(`removed after ${id}: ${removed.libraries} librar${removed.libraries === 1 ? 'y' : 'ies'}, ${removed.databases} scratch database(s)`);
    }
  },

  async finish() {
    await ctx?.leftovers.all();
  },
};

window.benchPage = page;
document.getElementById('bench-status')?.setAttribute('data-state', 'ready');
