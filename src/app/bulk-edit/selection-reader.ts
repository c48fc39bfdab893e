/**
 * Reads the selected items' tags, folders, rating and trash state through item/get, 1000 ids per
 * request and only those fields. item/get leaves trashed items out unless asked for the trash, so each
 * run of ids is asked twice: once as is, once with `isDeleted`.
 */
import type { ApiClient } from '../api-client';
import { itemsWith } from '../api-types';
import { chunks } from './bulk-changes';
import type { IdSource } from '../selection/selection-ids';
import { SummaryCounter, type SelectedItem, type SelectionSummary } from './selection-summary';

export const PAGE = 1000;
const FIELDS = ['tags', 'folders', 'star', 'isDeleted'] as const;

export async function readItems(api: ApiClient, ids: readonly string[]): Promise<SelectedItem[]> {
  const ask = (isDeleted: boolean) =>
    api.post('/item/get', { ids, fields: FIELDS, limit: PAGE, ...(isDeleted ? { isDeleted } : {}) }).then((page) => itemsWith(page, FIELDS));
  const [kept, trashed] = await Promise.all([ask(false), ask(true)]);
  const order = new Map(ids.map((id, i) => [id, i]));
  // In the selection's order (item/get answers in library order), so writes and errors follow the selection.
  return [...kept.data, ...trashed.data].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Every selected item, read run by run; `onPage` hears how many ids were read so far. */
export async function readSelection(api: ApiClient, ids: readonly string[], onPage?: (read: number) => void): Promise<SelectedItem[]> {
  const out: SelectedItem[] = [];
  let read = 0;
  for (const run of chunks(ids, PAGE)) {
    out.push(...(await readItems(api, run)));
    onPage?.((read += run.length));
  }
  return out;
}

/**
 * The summary of every item of `ids`, counted run by run (no item kept); `onPage` hears how many were
 * read. Stops between runs once `signal` is aborted (a newer read was asked for), rejecting with its reason.
 */
export async function summariseSelection(api: ApiClient, ids: IdSource, onPage?: (read: number) => void, signal?: AbortSignal): Promise<SelectionSummary> {
  const counter = new SummaryCounter();
  let read = 0;
  for await (const run of ids.runs(PAGE)) {
    signal?.throwIfAborted();
    counter.add(await readItems(api, run));
    onPage?.((read += run.length));
  }
  return counter.summary();
}
