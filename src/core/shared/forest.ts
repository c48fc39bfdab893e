/** Builds nested views of parent-linked rows (folders, smart folders), siblings in creation order. */

interface TreeRow {
  id: string;
  parent: string | null;
  createdAt: number;
}

export interface Forest<V> {
  roots: V[];
  /** Every node, parents before children, depth-first in sibling order. */
  depthFirst: V[];
  byId: Map<string, V>;
}

export function buildForest<R extends TreeRow, V>(rows: readonly R[], view: (row: R, children: V[]) => V): Forest<V> {
  const childrenOf = new Map<string | null, R[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parent !== null && ids.has(row.parent) ? row.parent : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(row);
    childrenOf.set(parent, siblings);
  }
  for (const siblings of childrenOf.values()) siblings.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));

  const depthFirst: V[] = [];
  const byId = new Map<string, V>();
  const build = (row: R): V => {
    const children: V[] = [];
    const node = view(row, children);
    depthFirst.push(node);
    byId.set(row.id, node);
    for (const child of childrenOf.get(row.id) ?? []) children.push(build(child));
    return node;
  };
  const roots = (childrenOf.get(null) ?? []).map(build);
  return { roots, depthFirst, byId };
}

/** The ids of `id` and everything below it. */
export function descendantsOf<R extends TreeRow>(rows: readonly R[], id: string): Set<string> {
  const out = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parent !== null && out.has(row.parent) && !out.has(row.id)) {
        out.add(row.id);
        grew = true;
      }
    }
  }
  return out;
}
