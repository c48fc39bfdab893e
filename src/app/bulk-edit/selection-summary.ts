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

/**
 * The same summary built a run of items at a time, so a selection of a million items is counted
 * without holding its items (or ids) in the page.
 */
export class SummaryCounter {
  private total = 0;
  private trashed = 0;
  private readonly tags = new Map<string, number>();
  private readonly folders = new Map<string, number>();
  private readonly stars = new Set<number>();

  add(items: readonly SelectedItem[]): void {
    for (const item of items) {
      this.total += 1;
      if (item.isDeleted) this.trashed += 1;
      this.stars.add(item.star);
      for (const tag of new Set(item.tags)) this.tags.set(tag, (this.tags.get(tag) ?? 0) + 1);
      for (const folder of new Set(item.folders)) this.folders.set(folder, (this.folders.get(folder) ?? 0) + 1);
    }
  }

  summary(): SelectionSummary {
    const list = (counts: Map<string, number>) =>
      [...counts].map(([name, count]) => ({ name, count, all: count === this.total })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    return { total: this.total, tags: list(this.tags), folders: list(this.folders), star: this.stars.size === 1 ? [...this.stars][0]! : null, trashed: this.trashed };
  }
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
