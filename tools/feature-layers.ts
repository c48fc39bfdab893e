/**
 * The core's layers, declared (docs/decisions/route-manifests.md): calls go down, never sideways.
 * A feature folder may import its own files, the floor, the listing and the ports; never another
 * feature, except the edges still declared in the test (a list that may only shrink). The floor
 * imports only itself and the ports; the assembly (createApi and the lists it derives) imports anything.
 */
import type { ImportGraph } from './import-circles';

export interface Layers {
  /** Folders every other part may import: they know no feature. */
  floor: readonly string[];
  /** Folders above the floor that features call down to (the listing work). */
  lower: readonly string[];
  /** Root files that declare what features are handed (types and the manifest shape). */
  ports: readonly string[];
  /** Root files that assemble the features; no feature imports them. */
  assembly: readonly string[];
}

export const CORE_LAYERS: Layers = {
  floor: ['shared', 'http', 'storage', 'events', 'postings', 'images', 'ids.ts'],
  lower: ['listing'],
  ports: ['context.ts', 'manifest.ts'],
  assembly: ['openapi', 'api.ts', 'api-table.ts', 'routes.ts', 'manifests.ts', 'item-observers.ts', 'shell-api.ts', 'index.ts', 'library-upgrades.ts', 'request-replay.ts'],
};

type Kind = 'floor' | 'lower' | 'ports' | 'assembly' | 'feature';

/** `items/item-add.service.ts` → `items`; a root file is its own part. */
const partOf = (file: string) => file.split('/')[0]!;

function kindOf(part: string, layers: Layers): Kind {
  if (layers.floor.includes(part)) return 'floor';
  if (layers.lower.includes(part)) return 'lower';
  if (layers.ports.includes(part)) return 'ports';
  if (layers.assembly.includes(part)) return 'assembly';
  if (part.endsWith('.ts')) throw new Error(`The root file ${part} belongs to no layer: declare it.`);
  return 'feature';
}

const MAY_IMPORT: Record<Kind, readonly Kind[]> = {
  floor: ['floor', 'ports'],
  lower: ['floor', 'ports', 'lower'],
  // The ports name the features' types (Context's members), never their code.
  ports: ['floor', 'ports', 'lower', 'feature'],
  feature: ['floor', 'ports', 'lower'],
  assembly: ['floor', 'ports', 'lower', 'feature', 'assembly'],
};

/** Every import that goes up or sideways, as `from-part → to-part: file → file`, sorted. */
export function layerBreaches(graph: ImportGraph, layers: Layers = CORE_LAYERS): string[] {
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    const from = partOf(file);
    for (const target of targets) {
      const to = partOf(target);
      if (from === to) continue;
      if (!MAY_IMPORT[kindOf(from, layers)].includes(kindOf(to, layers))) breaches.push(`${from} → ${to}: ${file} → ${target}`);
    }
  }
  return breaches.sort();
}

/** The part pairs of the breaches (`publish → search`), each once. */
export const breachPairs = (breaches: readonly string[]): string[] => [...new Set(breaches.map((breach) => breach.slice(0, breach.indexOf(':'))))].sort();
