/**
 * The web app's grid on the seeded library (issue 13): first thumbnails after the API is ready,
 * scroll steps and random jumps (the right item under a probe point, long tasks, cells in the DOM),
 * and resolving a shift-click range of 90,000 items through the app's own stores.
 */
import { ResultStore } from '../../../src/app/grid/result-store';
import { listingOf } from '../../../src/app/search/listing';
import { defaultViewState } from '../../../src/app/search/view-state';
import { SelectionStore } from '../../../src/app/selection/selection-store';
import type { ApiClient } from '../../../tests/loose-client';
import { cellsOnScreen, firstScreenPainted, grid, nextFrame, openAppFrame, type AppFrame } from '../app-frame';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat, timed } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';

const FIRST_SCREEN_RUNS = 8;
const SCROLL_STEPS = 300;
const JUMPS = 100;
/** Frames to wait for the right item before a step counts as failed. */
const MAX_FRAMES = 120;

export const gridFirstThumbnails: Scenario = {
  id: 'grid-first-thumbnails',
  label: 'grid: API ready → first thumbnails painted',
  unit: 'ms',
  goal: { maxMedian: 1000 },
  async measure(ctx) {
    requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const samples: number[] = [];
    const baseline: number[] = [];
    let cells = 0;
    const afterAnswer: number[] = [];
    // Subject and baseline in turns, as repeat() does; the subject's clock starts when the app says "API ready".
    for (let run = 0; run < FIRST_SCREEN_RUNS + 1; run++) {
      let shownAt = 0;
      const watch = firstScreenWatch();
      const onFrame = (win: Window & typeof globalThis) => {
        watch.tick(win);
        if (!shownAt && firstScreenShown(win.document)) shownAt = win.performance.now();
      };
      const app = await openAppFrame(ctx, undefined, undefined, { onFrame });
      try {
        while (!firstScreenPainted(app)) {
          onFrame(app.win);
          await nextFrame(app.win);
        }
        await nextFrame(app.win);
        shownAt ||= app.win.performance.now();
        cells = app.doc.querySelectorAll('[role=gridcell]').length;
        if (run > 0) {
          samples.push(app.win.performance.now() - app.apiReadyAt);
          afterAnswer.push(watch.framesAfterAnswer(shownAt));
        }
      } finally {
        app.close();
      }
      const direct = await timed(() => firstPageDirect(ctx.api));
      if (run > 0) baseline.push(direct);
    }
    const within2 = afterAnswer.filter((frames) => frames <= 2).length;
    return { samples, baseline: { label: 'item/get of the first page + its thumbnails as Image()', samples: baseline }, note: `${cells} cells rendered at the bench page's size; every visible cell showed its item within 2 frames of the first page's answer in ${within2}/${afterAnswer.length} (frames: ${afterAnswer.join(', ')})` };
  },
};

/** Every cell on the first screen shows its item (name and picture element), thumbnails loaded or not. */
function firstScreenShown(doc: Document): boolean {
  const cells = cellsOnScreen(doc);
  return cells.length > 0 && cells.every((cell) => cell.getAttribute('aria-busy') !== 'true');
}

/**
 * Counts the frames from the listing's first page answered (its body read: the API client parses
 * it then; the headers come earlier) to the first screen shown, the answer's frame counted as the
 * first. It hooks the app frame's fetch from the first frame of its document, before the app asks.
 */
function firstScreenWatch() {
  const ticks: number[] = [];
  let hooked: Window | null = null;
  let answeredAt = 0;
  return {
    tick(win: Window & typeof globalThis) {
      ticks.push(win.performance.now());
      if (hooked === win) return;
      hooked = win;
      const send = win.fetch;
      win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await send.call(win, input, init);
        const firstPage = /\/api\/v2\/item\/(get|query)\b/.test(String(input)) && typeof init?.body === 'string' && init.body.includes('"offset":0');
        if (firstPage && !answeredAt) void response.clone().arrayBuffer().then(() => (answeredAt ||= win.performance.now()));
        return response;
      }) as typeof fetch;
    },
    /** Infinity when the first page's answer was not seen (the app asked before the hook). */
    framesAfterAnswer(shownAt: number): number {
      if (!answeredAt) return Infinity;
      return 1 + ticks.filter((time) => time > answeredAt && time < shownAt).length;
    },
  };
}

async function firstPageDirect(api: ApiClient): Promise<void> {
  const page = await api.post<{ data: { thumbnailURL: string }[] }>('/item/get', { orderBy: '-IMPORT', limit: 100 });
  await Promise.all(page.data.slice(0, 30).map((item) => {
    const img = new Image();
    img.src = `${item.thumbnailURL}${item.thumbnailURL.includes('?') ? '&' : '?'}b=${Math.random()}`;
    return img.decode().catch(() => undefined);
  }));
}

interface Walk {
  samples: number[];
  frames: number[];
  /** Frames until the cell under the probe also showed its item's details (name, thumbnail or its placeholder). */
  detailFrames: number[];
  /** The same, counted from the frame in which the last answer it waited for arrived (its window of ids or its details; from the step when the page held both). */
  afterAnswer: number[];
  longestTask: number;
  /** Whose task it was (the longtask entry's name: self, same-origin-ancestor, ...). */
  longestFrom: string;
  /** What the longest animation frame spent its time on (Long Animation Frames API). */
  worstFrame: string;
  mostCells: number;
  wrong: number;
  /** The longest an item/ids window took to answer during the walk (the worker's share of a late paint). */
  slowestWindow: number;
  /** The step it was asked in (1-based): the first steps after an open wait for what the open started. */
  slowestWindowStep: number;
}

/** Scrolls the grid to each row and measures until the right item is under the probe point. */
async function walk(app: AppFrame, ids: ReadonlyMap<number, string>, rows: number[]): Promise<Walk> {
  const scroller = grid(app);
  const columns = columnsOf(app);
  const rowHeight = scroller.querySelector<HTMLElement>('[role=row]')!.getBoundingClientRect().height;
  const box = scroller.getBoundingClientRect();
  const probe = { x: box.left + 24, y: box.top + rowHeight / 3 };
  let longestTask = 0;
  let longestFrom = '';
  const observer = new app.win.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= longestTask) continue;
      longestTask = entry.duration;
      // 'self' is the app's own document; an ancestor is the bench page sharing its thread.
      longestFrom = entry.name;
    }
  });
  observer.observe({ type: 'longtask', buffered: false });
  const frameWatch = watchLongestFrame(app.win);
  const out: Walk = { samples: [], frames: [], detailFrames: [], afterAnswer: [], longestTask: 0, longestFrom: '', worstFrame: '', mostCells: 0, wrong: 0, slowestWindow: 0, slowestWindowStep: 0 };
  let step = 0;
  // The answers a step's paint may wait for, by the time their body was read (as the API client
  // parses it; the headers may come much earlier): a window of ids holding the index, or an item/get
  // or item/query naming the item (the API client calls the frame's fetch each time). Only answers
  // to this step's requests: one asked by the step before may answer during this one.
  let awaited = { id: '', index: -1 };
  let arrivals: number[] = [];
  const send = app.win.fetch;
  app.win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? init.body : '';
    const isWindow = /\/api\/v2\/item\/ids\b/.test(url);
    const awaits = isWindow ? holdsIndex(body, awaited.index) : /\/api\/v2\/item\/(get|query)\b/.test(url) && body.includes(`"${awaited.id}"`);
    const asked = app.win.performance.now();
    const askedIn = step;
    const response = await send.call(app.win, input, init);
    const took = app.win.performance.now() - asked;
    if (isWindow && took > out.slowestWindow) [out.slowestWindow, out.slowestWindowStep] = [took, askedIn];
    if (awaits) void response.clone().arrayBuffer().then(() => step === askedIn && arrivals.push(app.win.performance.now()));
    return response;
  }) as typeof fetch;
  const underProbe = () => app.doc.elementFromPoint(probe.x, probe.y)?.closest<HTMLElement>('[role=gridcell]');
  for (const row of rows) {
    step += 1;
    const expected = ids.get(row * columns)!;
    awaited = { id: expected, index: row * columns };
    arrivals = [];
    const ticks: number[] = [];
    const start = app.win.performance.now();
    scroller.scrollTop = row * rowHeight;
    let frames = 0;
    for (; frames < MAX_FRAMES; frames++) {
      await nextFrame(app.win);
      ticks.push(app.win.performance.now());
      if (underProbe()?.dataset.id === expected) break;
    }
    if (frames === MAX_FRAMES) out.wrong += 1;
    out.samples.push(app.win.performance.now() - start);
    out.frames.push(frames + 1);
    // Then until a person would see more than a placeholder: the cell's name and picture (or "being made").
    for (; frames < MAX_FRAMES && underProbe()?.getAttribute('aria-busy') === 'true'; frames++) {
      await nextFrame(app.win);
      ticks.push(app.win.performance.now());
    }
    out.detailFrames.push(frames + 1);
    // Counted from the last answer the paint waited for, the frame it came in as the first. The app
    // may parse an answer before this page's copy of its body is read: an answer read after the
    // paint counts as its frame. With none (details and ids held already), from the jump.
    await nextFrame(app.win);
    const last = Math.max(...arrivals);
    const answerFrame = arrivals.length ? 1 + ticks.filter((tick) => tick < last).length : 1;
    out.afterAnswer.push(Math.max(1, frames + 2 - answerFrame));
    out.mostCells = Math.max(out.mostCells, app.doc.querySelectorAll('[role=gridcell]').length);
  }
  await nextFrame(app.win);
  app.win.fetch = send;
  observer.disconnect();
  out.longestTask = longestTask;
  out.longestFrom = longestFrom;
  out.worstFrame = frameWatch.stop();
  return out;
}

interface FrameTiming extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { duration: number; invoker: string; sourceFunctionName: string; forcedStyleAndLayoutDuration: number }[];
}

/** The longest animation frame while watching, as "N ms: scripts S (top: invoker), style+layout L, render R". */
function watchLongestFrame(win: Window & typeof globalThis): { stop(): string } {
  let worst: FrameTiming | null = null;
  const observer = new win.PerformanceObserver((list) => {
    for (const entry of list.getEntries() as FrameTiming[]) if (!worst || entry.duration > worst.duration) worst = entry;
  });
  try {
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    return { stop: () => 'no Long Animation Frames API' };
  }
  return {
    stop() {
      observer.disconnect();
      const frame = worst as FrameTiming | null;
      if (!frame) return 'no frame over 50 ms';
      const end = frame.startTime + frame.duration;
      const scripts = frame.scripts.reduce((sum, script) => sum + script.duration, 0);
      const top = [...frame.scripts].sort((a, b) => b.duration - a.duration)[0];
      const forced = frame.scripts.reduce((sum, script) => sum + script.forcedStyleAndLayoutDuration, 0);
      const layout = frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0;
      const render = frame.renderStart ? end - frame.renderStart : 0;
      const topText = top ? ` (top ${top.duration.toFixed(0)} ms: ${top.invoker}${top.sourceFunctionName ? ` ${top.sourceFunctionName}` : ''})` : '';
      return `${frame.duration.toFixed(0)} ms: scripts ${scripts.toFixed(0)}${topText}, forced layout ${forced.toFixed(0)}, render ${render.toFixed(0)} of which style+layout ${layout.toFixed(0)}`;
    },
  };
}

/** The last row that can sit at the top of the grid (the scroll box ends a screen before the last row). */
function lastTopRow(app: AppFrame): number {
  const scroller = grid(app);
  const rowHeight = scroller.querySelector<HTMLElement>('[role=row]')!.getBoundingClientRect().height;
  return Math.max(0, Math.floor((scroller.scrollHeight - scroller.clientHeight) / rowHeight));
}

async function frameFloor(app: AppFrame, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await timed(() => nextFrame(app.win)));
  return samples;
}

function walkNote(result: Walk): string {
  const sorted = [...result.frames].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? 0;
  const within2 = result.frames.filter((f) => f <= 2).length;
  const details = [...result.detailFrames].sort((a, b) => a - b);
  const detailsWithin2 = details.filter((f) => f <= 2).length;
  const medianDetails = details[Math.floor(details.length / 2)] ?? 0;
  const afterAnswer = result.afterAnswer.filter((f) => f <= 2).length;
  return `right item under the probe within 2 frames in ${within2}/${result.frames.length} (worst ${worst} frames${result.wrong ? `, ${result.wrong} never` : ''}); its name and picture within 2 frames in ${detailsWithin2}/${details.length} (median ${medianDetails} frames), within 2 frames of the last answer it waited for (its window or details) in ${afterAnswer}/${details.length}; longest long task ${result.longestTask.toFixed(0)} ms (${result.longestFrom || 'none'}; goal ≤ 50); longest app frame ${result.worstFrame}; most cells in the DOM ${result.mostCells} (goal ≤ 500); slowest item/ids window ${result.slowestWindow.toFixed(0)} ms (step ${result.slowestWindowStep})`;
}

/** Whether an item/ids request body asks a window (offset, limit) holding `index`. */
function holdsIndex(body: string, index: number): boolean {
  try {
    const { offset = 0, limit } = JSON.parse(body) as { offset?: number; limit?: number };
    return index >= offset && (limit === undefined || index < offset + limit);
  } catch {
    return false;
  }
}

const columnsOf = (app: AppFrame) => Number(grid(app).getAttribute('aria-colcount'));

/**
 * The expected id at the first cell of each row the walk visits, read in item/ids' largest
 * stretches (a million-item library needs ten) and kept only there, the rest collected before the
 * walk. The app's frame shares this page's thread and heap: with a million ids held here, its walk
 * at 1M saw long tasks of 112 to 148 ms from this page and a jump of 121 frames; without, 57 to 79
 * ms and 4 frames at most.
 */
async function expectedIds(ctx: Parameters<Scenario['measure']>[0], app: AppFrame, rows: readonly number[]): Promise<Map<number, string>> {
  const columns = columnsOf(app);
  const wanted = new Set(rows.map((row) => row * columns));
  const ids = new Map<number, string>();
  for (let at = 0, total = Infinity; at < total; ) {
    const answer = await ctx.api.post<{ ids: string[]; total: number }>('/item/ids', { orderBy: '-IMPORT', offset: at });
    if (!answer.ids.length) break;
    answer.ids.forEach((id, i) => wanted.has(at + i) && ids.set(at + i, id));
    at += answer.ids.length;
    total = answer.total;
  }
  await ctx.driver.pageHeapMB();
  return ids;
}

export const gridScroll: Scenario = {
  id: 'grid-scroll',
  label: `grid: ${SCROLL_STEPS} scroll steps, scroll → right item painted`,
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    const app = await openAppFrame(ctx);
    try {
      while (!firstScreenPainted(app)) await nextFrame(app.win);
      const scroller = grid(app);
      const rowHeight = scroller.querySelector<HTMLElement>('[role=row]')!.getBoundingClientRect().height;
      const rowsPerStep = Math.max(1, Math.round(700 / rowHeight));
      const lastRow = lastTopRow(app);
      // A small library wraps around to the top, so every step scrolls.
      const rows = Array.from({ length: SCROLL_STEPS }, (_, i) => ((i + 1) * rowsPerStep) % (lastRow + 1));
      const result = await walk(app, await expectedIds(ctx, app, rows), rows);
      return { samples: result.samples, baseline: { label: 'one frame with nothing to do, same frame', samples: await frameFloor(app, SCROLL_STEPS) }, note: walkNote(result) };
    } finally {
      app.close();
    }
  },
};

export const gridJumps: Scenario = {
  id: 'grid-jumps',
  label: `grid: ${JUMPS} random jumps, jump → right item painted`,
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    const app = await openAppFrame(ctx);
    try {
      while (!firstScreenPainted(app)) await nextFrame(app.win);
      const lastRow = lastTopRow(app);
      let seed = ctx.settings.seed;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const rows = Array.from({ length: JUMPS }, () => Math.floor(random() * (lastRow + 1)));
      const result = await walk(app, await expectedIds(ctx, app, rows), rows);
      return { samples: result.samples, baseline: { label: 'one frame with nothing to do, same frame', samples: await frameFloor(app, JUMPS) }, note: walkNote(result) };
    } finally {
      app.close();
    }
  },
};

/**
 * How long after a listing opens the grid knows the ids at its far end (a jump there right away):
 * the first page, then one window of ids. Baseline: the same stretch of keys straight from
 * IndexedDB in the page, newest first.
 */
export const gridIds: Scenario = {
  id: 'grid-ids',
  label: 'grid: open the All listing → the ids at its end known',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    return repeat({
      runs: Math.min(ctx.settings.runs, 10),
      subject: {
        run: async () => {
          const results = new ResultStore(ctx.api);
          await results.load(listingOf(defaultViewState()));
          await results.ids(Math.max(0, results.total - 100), 100);
        },
      },
      baseline: {
        label: 'Dexie in the page: the last 100 keys of the items table, newest first',
        run: async () => (await db.items.orderBy(':id').reverse().offset(Math.max(0, (await db.items.count()) - 100)).limit(100).primaryKeys()).length,
      },
    });
  },
};

export const gridRange: Scenario = {
  id: 'grid-range',
  label: 'grid: resolve a shift-click range of 90,000 items',
  unit: 'ms',
  goal: { maxMedian: 1000 },
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    const to = Math.min(90_000, count - 1);
    const from = Math.min(10, to);
    const results = new ResultStore(ctx.api);
    await results.load(listingOf(defaultViewState()));
    // The app's own selection store; mirroring to item/select is left out (it is not part of resolving).
    const selection = new SelectionStore(results, async () => undefined);
    let size = 0;
    const db = await ctx.db();
    const measured = await repeat({
      runs: Math.min(ctx.settings.runs, 10),
      subject: {
        run: async () => {
          selection.clear();
          await selection.click(from, 'anchor');
          await selection.click(to, 'end', { range: true });
          size = selection.count;
        },
      },
      baseline: {
        label: 'Dexie in the page: the same stretch of keys, newest first',
        run: async () => new Set((await db.items.orderBy(':id').reverse().offset(from).limit(to - from + 1).primaryKeys()).map((pk) => pk.slice(pk.indexOf(':') + 1))),
      },
    });
    const expected = to - from + 1;
    return { ...measured, note: `${from} → ${to}: ${size} selected${size === expected ? '' : ` (EXPECTED ${expected})`}, as one range of positions (no ids read; the grid holds ${results.idsHeld} of ${results.total} ids); trashed items are few and left in the baseline` };
  },
};
