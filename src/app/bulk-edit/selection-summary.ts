/**
 * What a selection carries, counted: each tag and folder with how many of the selected items have it,
 * the ratings in use and how many are in the trash. Pure; the bulk editor shows it as "all" or "some".
 */
export interface SelectedItem {
  id: string;
  tags: readonly string[];
  folders: readonly string[];
  star: number;
  isDeleted: boolean;
}

export interface Presence {
  name: string;
  count: number;
  /** Every selected item carries it. */
  all: boolean;
}

export interface SelectionSummary {
  total: number;
  tags: Presence[];
  folders: Presence[];
  /** The one rating every item has, or null when they differ (or nothing is selected). */
  star: number | null;
  trashed: number;
}

/** Counts per name, most common first, then by name. */
export function presence(lists: Iterable<readonly string[]>, total: number): Presence[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const name of new Set(list)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count, all: count === total }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export function summarise(items: readonly SelectedItem[]): SelectionSummary {
  const stars = new Set(items.map((i) => i.star));
  return {
    total: items.length,
    tags: presence(items.map((i) => i.tags), items.length),
    folders: presence(items.map((i) => i.folders), items.length),
    star: stars.size === 1 ? [...stars][0]! : null,
    trashed: items.filter((i) => i.isDeleted).length,
  };
}
