/**
 * The merge rules of sync (docs/decisions/sync.md): a pure three-way merge of two edits of one
 * document against their common ancestor. It is symmetric (merge(base, a, b) equals
 * merge(base, b, a)), so every device that meets the same two edits makes the same document.
 * - set fields (an item's tags and folders, a tag group's tags): element-wise three-way merge;
 * - every other field: the side that changed it wins; changed on both sides, the later
 *   `modificationTime` wins, then the greater canonical JSON (a stable tie-break);
 * - `isDeleted` (trash against edit): the later of the two edits wins;
 * - the time field becomes the later of the two.
 */
export type SyncBody = Record<string, unknown>;

export interface MergeSpec {
  /** Fields holding sets of strings. */
  sets: readonly string[];
  /** The field holding the edit time (ms), if the document has one. */
  time?: string;
}

/** JSON with object keys sorted, so equal documents give equal text whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameBody = (a: SyncBody | undefined, b: SyncBody | undefined): boolean => canonical(a) === canonical(b);

const timeOf = (body: SyncBody, spec: MergeSpec): number => (spec.time ? Number(body[spec.time] ?? 0) : 0);

/** True when `a` is the later edit: greater time, then greater canonical JSON. */
export function isLater(a: SyncBody, b: SyncBody, spec: MergeSpec): boolean {
  const [ta, tb] = [timeOf(a, spec), timeOf(b, spec)];
  if (ta !== tb) return ta > tb;
  return canonical(a) > canonical(b);
}

/** Three-way merge of string sets; the order follows `first`, then `second`'s new elements. */
export function mergeSet(base: readonly string[], first: readonly string[], second: readonly string[]): string[] {
  const [inBase, inFirst, inSecond] = [new Set(base), new Set(first), new Set(second)];
  const keep = (value: string) => (inFirst.has(value) && inSecond.has(value)) || (!inBase.has(value) && (inFirst.has(value) || inSecond.has(value)));
  return [...new Set([...first, ...second])].filter(keep);
}

/**
 * Merges two edits `a` and `b` of the document `base` (undefined: no common ancestor, e.g. both
 * devices made it, so every field counts as changed on both sides).
 */
export function mergeBodies(base: SyncBody | undefined, a: SyncBody, b: SyncBody, spec: MergeSpec): SyncBody {
  const [later, earlier] = isLater(a, b, spec) ? [a, b] : [b, a];
  const ancestor = base ?? {};
  const merged: SyncBody = {};
  const keys = [...new Set([...Object.keys(later), ...Object.keys(earlier)])].sort();
  for (const key of keys) {
    if (spec.sets.includes(key)) {
      merged[key] = mergeSet(asList(ancestor[key]), asList(later[key]), asList(earlier[key]));
      continue;
    }
    const laterChanged = !base || canonical(later[key]) !== canonical(ancestor[key]);
    const earlierChanged = !base || canonical(earlier[key]) !== canonical(ancestor[key]);
    if (!base && isEmpty(later[key]) !== isEmpty(earlier[key])) merged[key] = isEmpty(later[key]) ? earlier[key] : later[key];
    else merged[key] = earlierChanged && !laterChanged ? earlier[key] : later[key];
  }
  if ('isDeleted' in merged && base) merged.isDeleted = trashAgainstEdit(base, later, earlier);
  if (spec.time) merged[spec.time] = Math.max(timeOf(a, spec), timeOf(b, spec));
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}

/** The trash state of the later edit, where only one side moved the item to or from the trash. */
function trashAgainstEdit(base: SyncBody, later: SyncBody, earlier: SyncBody): unknown {
  const laterMoved = later.isDeleted !== base.isDeleted;
  const earlierMoved = earlier.isDeleted !== base.isDeleted;
  if (laterMoved || !earlierMoved) return later.isDeleted;
  // Only the earlier edit trashed (or restored) the item; the later edit, made without knowing it, wins.
  return base.isDeleted;
}

/** No common ancestor (a device's fresh, empty settings): a value beats no value. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
