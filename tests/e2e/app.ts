/** Helpers for the web app's end-to-end tests: seed through the API, read the grid as a person sees it. */
import type { Browser, Page } from 'playwright';
import { appReady, fetchInPage, openApp } from './browser';
import { solidPng } from './png';
import { appContext } from './reused-origin';

export interface Seed {
  name: string;
  tags?: string[];
  folders?: string[];
  star?: number;
  /** A PNG of this colour instead of a bookmark (8×6 unless `size` says otherwise). */
  color?: string;
  size?: [number, number];
}

/**
 * A context with an empty library and the app open and ready: the e2e lane's first for this site
 * and viewport is new, later ones a wiped one with the worker installed (./reused-origin.ts).
 */
export async function freshApp(browser: Browser, siteUrl: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return openApp(await appContext(browser, siteUrl, viewport), siteUrl);
}

export async function api<T = any>(page: Page, path: string, body?: unknown): Promise<T> {
  const answer = await fetchInPage(page, `/api/v2${path}`, body === undefined ? {} : { method: 'POST', body });
  if (answer.body.status !== 'success') throw new Error(`${path}: ${answer.body.message}`);
  return answer.body.data as T;
}

/** Adds items in batches of 1000 and returns their ids in order. */
export async function seed(page: Page, items: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (let at = 0; at < items.length; at += 1000) {
    const batch = items.slice(at, at + 1000).map(({ color, size, ...item }) => (color ? { ...item, base64: solidPng(color, ...(size ?? [8, 6])) } : { ...item, bookmarkURL: `https://example.test/${encodeURIComponent(item.name)}` }));
    ids.push(...(await api<{ ids: string[] }>(page, '/item/add', { items: batch })).ids);
  }
  return ids;
}

/**
 * Seeds from a page away from the app (an API answer, still under the worker), then opens the app
 * again: an open app re-reads its view as the batches land (at most a third of the time since its
 * live updates pause after a slow re-read; before that a 100,000-item seed took about 145 s with
 * the app open instead of 77 s here), and a test that only needs the items spares that work.
 */
export async function seedAway(page: Page, siteUrl: string, items: Seed[]): Promise<string[]> {
  await page.goto(`${siteUrl}/api/v2/app/info`);
  const ids = await seed(page, items);
  await page.goto(`${siteUrl}/`);
  await appReady(page);
  return ids;
}

/**
 * Presses keys faster than any request can answer: all their keydowns in one task, on the focused
 * element (inside shadow roots too). For races between a key's late answer and the keys after it.
 */
export async function pressInOneTask(page: Page, keys: string[]): Promise<void> {
  await page.evaluate((keys) => {
    let focused = document.activeElement!;
    while (focused.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
    for (const key of keys) focused.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
  }, keys);
}

/** Reloads and waits for the grid's first page. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.locator('#api-status[data-state="ready"]').waitFor({ timeout: 20_000 });
}

/** The ids of the cells in the DOM, in display order (only the rendered ones). */
export async function gridIds(page: Page): Promise<string[]> {
  return page.locator('[role=gridcell][data-id]').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset.id!));
}

/** Waits until the grid shows exactly `count` items in its status line (the view's total). */
export async function waitForCount(page: Page, count: number): Promise<void> {
  const text = `${new Intl.NumberFormat('en').format(count)} item${count === 1 ? '' : 's'}`;
  await page.locator('[data-testid=view-count]', { hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: 15_000 });
}

export function cell(page: Page, index: number) {
  return page.locator(`[role=gridcell][data-index="${index}"]`);
}

/** Ids the API holds as selected (item/select), in import order. */
export async function selectedIds(page: Page): Promise<string[]> {
  return (await api<{ ids: string[] }>(page, '/item/ids', { isSelected: true, orderBy: 'IMPORT' })).ids;
}

/** Polls `read` until it equals `expected` (the selection mirror and grid updates are asynchronous). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < until);
  return last;
}

/** A DataTransfer made in the page holding `count` PNGs drawn there (as a file manager would give). */
export function generatedImages(page: Page, count: number, prefix: string) {
  return page.evaluateHandle(
    async ({ count, prefix }) => {
      const transfer = new DataTransfer();
      for (let i = 0; i < count; i++) {
        const canvas = new OffscreenCanvas(40 + (i % 9), 30);
        const context = canvas.getContext('2d')!;
        context.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
        context.fillRect(0, 0, canvas.width, canvas.height);
        transfer.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], `${prefix} ${i}.png`, { type: 'image/png' }));
      }
      return transfer;
    },
    { count, prefix },
  );
}
