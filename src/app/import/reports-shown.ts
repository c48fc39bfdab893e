/**
 * Which exports' reports this browser's import panel has shown, so that a page opened after an
 * import ended (a reload, a tab closed while a Takeout was read) shows its report once, and not
 * again on every start. Kept in localStorage (per origin, a few ids); none there shows none.
 */
const KEY = 'offline-asset-library:import-reports-shown';
/** Ids kept at most: the newest; an older report is not shown again either (see REPORT_WITHIN_MS). */
const KEPT = 200;
/** A report older than this is not brought back, shown or not. */
export const REPORT_WITHIN_MS = 24 * 60 * 60 * 1000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const storageOf = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function reportsShown(storage = storageOf()): Set<string> {
  try {
    const ids: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markReportShown(id: string, storage = storageOf()): void {
  if (!storage) return;
  const ids = [...reportsShown(storage)].filter((other) => other !== id);
  storage.setItem(KEY, JSON.stringify([...ids, id].slice(-KEPT)));
}
