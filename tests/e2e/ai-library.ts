// Shared by the AI search e2e files: a library of coloured pictures indexed for AI search, and the
// grid checked against the API's ranked answer.
import type { Page } from 'playwright';
import { expect } from 'vitest';
import { api, eventually, gridIds, seed, waitForCount } from './app';

export const COLOURS = ['#e02020', '#b01818', '#20a040', '#2040d0', '#f0d020', '#202020'];
export const NAMES = ['red', 'dark red', 'green', 'blue', 'yellow', 'black'];

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
}
export type Results = { results: { item: { id: string }; signals: string[] }[] };

export const idsOf = (answer: Results) => answer.results.map((r) => r.item.id);
export const title = (page: Page) => page.locator('h1.view-title');

/** A library of six coloured pictures, shown in the open app (no reload), with every one indexed for AI search. */
export async function colourLibrary(page: Page): Promise<string[]> {
  const ids = await seed(page, COLOURS.map((color, i) => ({ name: NAMES[i]!, color, size: [96, 64] as [number, number] })));
  await waitForCount(page, ids.length);
  const done = await eventually(async () => {
    // `watch`: a look, as the app's status bar makes; a plain status call would start the models' indexing (docs/decisions/ai-status.md).
    const status = await api<SyncStatus>(page, '/aiSearch/getSyncStatus?watch=true');
    return !status.isSyncing && status.syncedCount === ids.length;
  }, true, 90_000);
  expect(done).toBe(true);
  return ids;
}

/** The grid shows exactly the API's ranked answer, in its order. */
export async function expectGrid(page: Page, expected: string[]): Promise<void> {
  await waitForCount(page, expected.length);
  expect(await eventually(() => gridIds(page), expected)).toEqual(expected);
}
