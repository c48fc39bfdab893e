// The sync loop's wake-ups on this device's edits come from a change stream of their own
// (src/app/sync/sync-wake.ts), open only while the library syncs (src/app/sync/sync-loop.ts): in a
// library that does not sync the app keeps one `/api/v2/events` stream (the shell's) and an edit
// costs no `sync/status` read; "Start syncing" opens the second stream, "Stop syncing" closes it.
// The page's EventSource and fetch are counted by an init script (the app's code is as built).
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { api, waitForCount } from './app';
import { openApp, useBrowser } from './browser';

/** The loop's pause between status reads while the library does not sync (sync-loop.ts `idleMs`). */
const IDLE_MS = 5000;

interface Counted {
  openStreams: () => number;
  statusReads: number[];
}

function countStreamsAndStatusReads(): void {
  const Original = window.EventSource;
  const streams: EventSource[] = [];
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      streams.push(this);
    }
  };
  const statusReads: number[] = [];
  const fetchAsBuilt = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname.endsWith('/api/v2/sync/status')) statusReads.push(performance.now());
    return fetchAsBuilt(input, init);
  };
  const counted: Counted = {
    openStreams: () => streams.filter((stream) => stream.readyState !== Original.CLOSED && new URL(stream.url).pathname.endsWith('/api/v2/events')).length,
    statusReads,
  };
  (window as unknown as { counted: Counted }).counted = counted;
}

const openStreams = (page: Page) => page.evaluate(() => (window as unknown as { counted: Counted }).counted.openStreams());
const statusReadsSince = (page: Page, since: number) => page.evaluate((since) => (window as unknown as { counted: Counted }).counted.statusReads.filter((at) => at >= since).length, since);
const now = (page: Page) => page.evaluate(() => performance.now());

async function syncDialog(page: Page) {
  await page.getByRole('button', { name: /^Library:/ }).click();
  await page.getByRole('button', { name: 'Sync…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync this library' });
  await dialog.waitFor();
  return dialog;
}

describe('the web app: the sync wake-up stream', () => {
  const siteUrl = inject('siteUrl');
  const couch = inject('couchOrigin');
  const browser = useBrowser();

  it('is not open in a library without sync, opens when sync starts and closes when it stops', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript(countStreamsAndStatusReads);
      const page = await openApp(context, siteUrl);
      await waitForCount(page, 0);
      await expect.poll(() => openStreams(page)).toBe(1);

      // Five edits, each until the grid shows it: a listening loop would read sync/status after each.
      const start = await now(page);
      for (let edit = 1; edit <= 5; edit += 1) {
        await api(page, '/item/add', { name: `edit ${edit}`, bookmarkURL: `https://example.test/${edit}` });
        await waitForCount(page, edit);
      }
      const elapsed = (await now(page)) - start;
      // Only the idle reads, one per IDLE_MS at most however slow the machine.
      expect(await statusReadsSince(page, start)).toBeLessThanOrEqual(1 + Math.floor(elapsed / IDLE_MS));
      expect(await openStreams(page)).toBe(1);

      const dialog = await syncDialog(page);
      await dialog.getByLabel('CouchDB database URL').fill(`${couch}/wake-${Date.now().toString(36)}`);
      await dialog.getByRole('button', { name: 'Start syncing' }).click();
      await dialog.getByText(/^Synced with /).waitFor({ timeout: 20_000 });
      await expect.poll(() => openStreams(page)).toBe(2);

      await dialog.getByRole('button', { name: 'Stop syncing' }).click();
      await dialog.getByText('Not syncing.').waitFor();
      await expect.poll(() => openStreams(page)).toBe(1);
      await dialog.getByRole('button', { name: 'Close' }).click();
    } finally {
      await context.close();
    }
  });
});
