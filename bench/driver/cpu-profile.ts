/**
 * BENCH_PROFILE: the worker's CPU profile over chosen scenarios, saved as `.cpuprofile` (DevTools
 * opens it) next to the results, and summarised as the functions with the most self time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export function saveProfile(dir: string, name: string, profile: CpuProfile): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** The `top` functions by self time, as table lines: ms, share of the profile, name and place. */
export function topSelfTime(profile: CpuProfile, top = 20): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byNode.get(samples[i]!);
    if (!node) continue;
    // A sample's time is the gap to the next one.
    const us = deltas[i + 1] ?? 0;
    const key = label(node);
    selfUs.set(key, (selfUs.get(key) ?? 0) + us);
  }
  const total = profile.endTime - profile.startTime;
  return [...selfUs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

function label({ callFrame: { functionName, url, lineNumber, columnNumber } }: ProfileNode): string {
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
}
