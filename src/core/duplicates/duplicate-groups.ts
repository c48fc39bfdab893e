/**
 * Groups of duplicates from two kinds of evidence (pure): sets of items holding the same bytes, and
 * near pairs of picture hashes (./hash-index.ts) that a second check (`alike`) confirms. Groups are
 * connected components (union-find): a half-size copy of a cropped copy joins its original's group.
 * A group whose items all hold the same bytes is `exact`; any other is `similar`.
 */
import { hashDistance, nearPairs, type PackedHashes } from './hash-index';

export interface DuplicateItem {
  id: string;
  /** 1 for the same bytes as the group's first item; else 1 − (differing hash bits / 64). */
  score: number;
}

export interface DuplicateGroup {
  kind: 'exact' | 'similar';
  items: DuplicateItem[];
}

export interface PictureHashes {
  ids: readonly string[];
  hashes: PackedHashes;
  /** Confirms a near pair by more than its hash (e.g. alike colours: a flat picture's hash says little). */
  alike: (a: number, b: number) => boolean;
}

export interface GroupingInput {
  /** Each entry: ids of live items holding the same bytes (two or more). */
  sameBytes: readonly (readonly string[])[];
  pictures: PictureHashes;
  maxBits: number;
  /** Sort key of an item (import order): groups and their items come in this order. */
  rank: (id: string) => string;
}

export function groupDuplicates({ sameBytes, pictures, maxBits, rank }: GroupingInput): DuplicateGroup[] {
  const index = new Map<string, number>();
  const ids: string[] = [];
  const slot = (id: string) => {
    let at = index.get(id);
    if (at === undefined) {
      at = ids.length;
      index.set(id, at);
      ids.push(id);
    }
    return at;
  };
  const bytes = new Map<string, number>();
  sameBytes.forEach((set, n) => set.forEach((id) => (bytes.set(id, n), slot(id))));
  const pictureSlot = pictures.ids.map(slot);
  const parent = Int32Array.from({ length: ids.length }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const join = (a: number, b: number) => {
    const ra = root(a), rb = root(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (const set of sameBytes) for (const id of set.slice(1)) join(slot(set[0]!), slot(id));
  nearPairs(pictures.hashes, maxBits, (a, b) => {
    if (root(pictureSlot[a]!) !== root(pictureSlot[b]!) && pictures.alike(a, b)) join(pictureSlot[a]!, pictureSlot[b]!);
  });

  const members = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i++) {
    const r = root(i);
    const list = members.get(r);
    if (list) list.push(ids[i]!);
    else members.set(r, [ids[i]!]);
  }
  const pictureOf = new Map(pictures.ids.map((id, i) => [id, i]));
  const groups: DuplicateGroup[] = [];
  for (const list of members.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    const first = list[0]!;
    const exact = list.every((id) => bytes.has(id) && bytes.get(id) === bytes.get(first));
    // An item without a picture hash is compared through one holding its bytes.
    const pictureFor = (id: string) =>
      pictureOf.get(id) ?? list.filter((other) => bytes.has(id) && bytes.get(other) === bytes.get(id)).map((other) => pictureOf.get(other)).find((at) => at !== undefined);
    const score = (id: string) => {
      if (id === first || (bytes.has(id) && bytes.get(id) === bytes.get(first))) return 1;
      const a = pictureFor(first), b = pictureFor(id);
      return a === undefined || b === undefined ? 0 : 1 - hashDistance(pictures.hashes, a, b) / 64;
    };
    groups.push({ kind: exact ? 'exact' : 'similar', items: list.map((id) => ({ id, score: score(id) })) });
  }
  return groups.sort((a, b) => (rank(a.items[0]!.id) < rank(b.items[0]!.id) ? -1 : 1));
}
