/**
 * What an import of another tool's export will write, read again from the stored source by every
 * run (the same source always gives the same plan), so a stopped import resumes at its item count.
 */
export interface PlannedFolder {
  /** Stable within the plan; the import keeps key → folder id in its state. */
  key: string;
  name: string;
  description: string;
  parentKey: string | null;
}

export interface PlannedItem {
  name: string;
  /** A bookmark's URL, or a photo's source page; the item's `url` (its website). */
  url: string;
  annotation: string;
  tags: string[];
  folderKeys: string[];
  /** When the source says it was made or added (ms); 0 when unknown. */
  time: number;
  /** The file's path in the source zip; absent for bookmarks. */
  path?: string;
}

export interface ImportPlan {
  folders: PlannedFolder[];
  items: PlannedItem[];
  /** Entries of the source that become nothing, with why (shown in the report). */
  skipped: { name: string; reason: string }[];
}

/** Unix seconds as exporters write them (as numbers or strings) to ms; microseconds and ms are taken as such. */
export function timeOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0) return 0;
  if (n > 1e14) return Math.round(n / 1000);
  return n > 1e11 ? n : n * 1000;
}
