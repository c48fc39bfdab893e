/**
 * Reads a BENCH_TRACE trace and prints where the service worker's threads spent their time:
 * CPU samples (self time by function, by module of the unminified sw.js via its per-module
 * comments, and by what the root's children are: the script's top level, the fetch event, ...),
 * plus the worker threads' trace events with their thread (CPU) time, which a loaded machine
 * disturbs far less than wall-clock time.
 *
 *   npx tsx bench/driver/trace-summary.ts bench/results/trace-cold-start-app-info-samples-n2000.json [dist-bench/sw.js]
 *
 * The script must be the build the trace ran (lines map to modules); a later build overwrites dist-bench.
 */
import { readFileSync } from 'node:fs';

interface CallFrame { functionName: string; url?: string; scriptId?: number; lineNumber?: number; columnNumber?: number }
interface ProfileNode { id: number; parent?: number; callFrame: CallFrame }
interface TraceEvent {
  name: string; ph: string; pid: number; tid: number; id?: string; ts?: number; dur?: number; tdur?: number;
  args?: { name?: string; data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; lines?: number[]; startTime?: number; url?: string } };
}

const [tracePath, scriptPath = 'dist-bench/sw.js'] = process.argv.slice(2);
if (!tracePath) throw new Error('usage: trace-summary.ts <trace.json> [sw.js]');
const raw = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

/** Line (0-based) → module, from the unminified script's `// node_modules/...` and `// src/...` markers. */
const moduleOfLine: string[] = [];
{
  let current = '(runtime)';
  for (const line of readFileSync(scriptPath, 'utf8').split('\n')) {
    const marker = /^\t?\/\/ ((?:node_modules|src)\/\S+|\\0\S+)$/.exec(line);
    if (marker) current = marker[1]!;
    moduleOfLine.push(current);
  }
}
/** `node_modules/.../zod/v4/core/schemas.js` → `zod`; `src/core/items/x.ts` → `src/core/items` */
const shortModule = (path: string) =>
  path.startsWith('src/') ? path.split('/').slice(0, 3).join('/') : path.replace(/^.*node_modules\//, '').replace(/^((@[^/]+\/)?[^/]+)\/.*$/, '$1');

// Profiles by id: nodes and samples arrive in chunks.
interface Profile {
  nodes: Map<number, ProfileNode>; urls: Map<number, string>; samples: number[]; deltas: number[]; lines: number[];
  /** The profiled thread (`pid:tid`) and the trace clock's time of the first sample. */
  thread?: string; startTime?: number;
}
const profiles = new Map<string, Profile>();
for (const e of events) {
  if ((e.name !== 'Profile' && e.name !== 'ProfileChunk') || !e.id) continue;
  const key = `${e.pid}:${e.id}`;
  const p: Profile = profiles.get(key) ?? { nodes: new Map(), urls: new Map(), samples: [], deltas: [], lines: [] };
  profiles.set(key, p);
  const data = e.args?.data;
  if (e.name === 'Profile') {
    p.thread = `${e.pid}:${e.tid}`;
    p.startTime = data?.startTime;
  }
  // A script's url comes with the first frame of it only: the others name its scriptId.
  for (const node of data?.cpuProfile?.nodes ?? []) {
    const { url, scriptId } = node.callFrame;
    if (url && scriptId !== undefined) p.urls.set(scriptId, url);
    p.nodes.set(node.id, node);
  }
  p.samples.push(...(data?.cpuProfile?.samples ?? []));
  p.deltas.push(...(data?.timeDeltas ?? []));
  // The line each sample was on (1-based, 0 unknown): the bundle's modules run their top level inside one function.
  const lines = data?.lines ?? [];
  p.lines.push(...(data?.cpuProfile?.samples ?? []).map((_, i) => lines[i] ?? 0));
}
const worker = [...profiles.values()].filter((p) => [...p.urls.values()].some((url) => url.endsWith('/sw.js')));
for (const p of worker) for (const node of p.nodes.values()) node.callFrame.url ??= p.urls.get(node.callFrame.scriptId ?? -1) ?? '';

/**
 * When each worker thread handed back its first answer (its first RespondToFetchEvent): samples
 * before it are what a cold start costs the first request; the rest (resumed jobs, a warm request) came after.
 */
const firstAnswer = new Map<string, number>();
for (const e of events) {
  if (e.name !== 'ServiceWorkerGlobalScope::RespondToFetchEvent' || e.ph !== 'X' || e.ts === undefined) continue;
  const thread = `${e.pid}:${e.tid}`;
  if (!firstAnswer.has(thread) || e.ts < firstAnswer.get(thread)!) firstAnswer.set(thread, e.ts);
}

const self = new Map<string, number>();
const beforeAnswerByModule = new Map<string, number>();
const beforeAnswerByFunction = new Map<string, number>();
const beforeAnswerByRootChild = new Map<string, number>();
let beforeAnswerTotal = 0;
const byModule = new Map<string, number>();
const byRootChild = new Map<string, number>();
const topLevelLines = new Map<string, number>();
const topLevelByModule = new Map<string, number>();
let total = 0;
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const frameName = (f: CallFrame) => {
  const file = f.url?.split('/').pop() || '';
  const module = file === 'sw.js' ? ` [${shortModule(moduleOfLine[f.lineNumber ?? 0] ?? '?')}]` : '';
  return `${f.functionName || '(anonymous)'} ${file}:${(f.lineNumber ?? 0) + 1}${module}`;
};
for (const p of worker) {
  const answeredAt = p.thread ? firstAnswer.get(p.thread) : undefined;
  let at = p.startTime ?? 0;
  for (let i = 0; i < p.samples.length; i++) {
    at += p.deltas[i] ?? 0;
    const ms = (p.deltas[i + 1] ?? 0) / 1000; // a sample lasts until the next one
    const node = p.nodes.get(p.samples[i]!);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const beforeAnswer = answeredAt !== undefined && at < answeredAt;
    total += ms;
    const f = node.callFrame;
    add(self, frameName(f), ms);
    const file = f.url?.split('/').pop() || '';
    const line = p.lines[i] ? p.lines[i]! - 1 : (f.lineNumber ?? 0);
    add(byModule, file === 'sw.js' ? shortModule(moduleOfLine[line] ?? '?') : file || f.functionName, ms);
    if (file === 'sw.js' && !f.functionName) add(topLevelLines, `${shortModule(moduleOfLine[line] ?? '?')} sw.js:${line + 1}`, ms);
    // The root's child this sample sits under.
    let child = node;
    while (child.parent !== undefined && p.nodes.get(child.parent)?.parent !== undefined) child = p.nodes.get(child.parent)!;
    const rootChild = child === node && child.parent === undefined ? '(root)' : frameName(child.callFrame);
    add(byRootChild, rootChild, ms);
    if (beforeAnswer) {
      beforeAnswerTotal += ms;
      add(beforeAnswerByModule, file === 'sw.js' ? shortModule(moduleOfLine[line] ?? '?') : file || f.functionName, ms);
      add(beforeAnswerByFunction, frameName(f), ms);
      add(beforeAnswerByRootChild, rootChild, ms);
    }
    // The script itself (no line of its own): its modules' top levels and what they call.
    if (child.callFrame.url?.endsWith('/sw.js') && child.callFrame.lineNumber === undefined)
      add(topLevelByModule, file === 'sw.js' ? shortModule(moduleOfLine[line] ?? '?') : file || f.functionName, ms);
  }
}

const top = (title: string, map: Map<string, number>, count: number, of = total) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / of).toFixed(1).padStart(5)} %  ${key}`);
};
if (worker.length > 0) {
  console.log(`${worker.length} worker profiles (one per start), ${total.toFixed(1)} ms of non-idle samples, ${(total / worker.length).toFixed(1)} ms a start`);
  top('under the root (inclusive)', byRootChild, 12);
  top('self time by module', byModule, 25);
  top('self time by module while the script runs its top level', topLevelByModule, 15);
  top('self time by function', self, 40);
  top('self time in anonymous functions of sw.js (module top levels among them) by line', topLevelLines, 25);
  console.log(`\nbefore the first answer (samples until the thread's first RespondToFetchEvent; shares of these): ${beforeAnswerTotal.toFixed(1)} ms, ${(beforeAnswerTotal / worker.length).toFixed(1)} ms a start`);
  top('before the first answer, under the root (inclusive)', beforeAnswerByRootChild, 12, beforeAnswerTotal);
  top('before the first answer, self time by module', beforeAnswerByModule, 20, beforeAnswerTotal);
  top('before the first answer, self time by function', beforeAnswerByFunction, 30, beforeAnswerTotal);
}

// Trace events on the worker threads, with their thread (CPU) time.
// Only the threads that ran sw.js (a new thread each start): not the cold-start row's floor workers.
const workerThreads = new Set(events.filter((e) => e.name === 'EvaluateScript' && (e.args?.data?.url ?? '').endsWith('/sw.js')).map((e) => `${e.pid}:${e.tid}`));
const spans = new Map<string, { count: number; dur: number; tdur: number }>();
for (const e of events) {
  if (e.ph !== 'X' || !workerThreads.has(`${e.pid}:${e.tid}`)) continue;
  const s = spans.get(e.name) ?? { count: 0, dur: 0, tdur: 0 };
  s.count++; s.dur += (e.dur ?? 0) / 1000; s.tdur += (e.tdur ?? 0) / 1000;
  spans.set(e.name, s);
}
const starts = spans.get('EvaluateScript')?.count ?? 1;
console.log(`\n${workerThreads.size} worker threads, ${starts} scripts evaluated; their trace events, a start on average: count, wall ms, thread ms`);
for (const [name, s] of [...spans].sort((a, b) => b[1].tdur - a[1].tdur).slice(0, 25))
  console.log(`${(s.count / starts).toFixed(1).padStart(6)} ${(s.dur / starts).toFixed(2).padStart(9)} ${(s.tdur / starts).toFixed(2).padStart(9)}  ${name}`);

// Wall-clock milestones of each start on its worker thread (medians over starts, ms from the thread's first event).
{
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length === 0 ? NaN : sorted[sorted.length >> 1]!;
  };
  const phases = new Map<string, number[]>();
  const push = (name: string, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value)) phases.set(name, [...(phases.get(name) ?? []), value]);
  };
  for (const thread of workerThreads) {
    const mine = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ts !== undefined && e.ph === 'X');
    if (mine.length === 0) continue;
    const first = Math.min(...mine.map((e) => e.ts!));
    const firstOf = (name: string) => mine.filter((e) => e.name === name).sort((a, b) => a.ts! - b.ts!)[0];
    const evaluate = firstOf('EvaluateScript');
    const dispatch = firstOf('ServiceWorkerGlobalScope::DispatchFetchEventInternal');
    const respond = firstAnswer.get(thread);
    const ms = (us: number | undefined) => (us === undefined ? undefined : us / 1000);
    push('thread start → script evaluation starts', ms(evaluate && evaluate.ts! - first));
    push('evaluating the script (wall)', ms(evaluate?.dur));
    push('script evaluated → first fetch event dispatched', ms(evaluate && dispatch && dispatch.ts! - (evaluate.ts! + (evaluate.dur ?? 0))));
    push('first fetch event dispatched → answer handed back', ms(dispatch && respond !== undefined ? respond - dispatch.ts! : undefined));
    push('thread start → answer handed back', ms(respond !== undefined ? respond - first : undefined));
  }
  console.log(`\nwall-clock milestones on the worker thread, median of ${workerThreads.size} starts`);
  for (const [name, values] of phases) console.log(`${median(values).toFixed(2).padStart(9)} ms  ${name}`);
}
