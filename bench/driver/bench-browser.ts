/**
 * The bench's browser: a fresh context in memory, or a Chromium profile on disk. A context in
 * memory keeps IndexedDB in memory too: a million subscribed items ran it out of space
 * (QUOTA_EXCEEDED) though it reported a 10 GB quota, where an installed browser's profile is on
 * disk. The scale mode keeps its profile between runs (scale-cache.ts); BENCH_DISK_PROFILE=1 uses a
 * temporary one, removed after the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumLaunchOptions } from '../../tools/chromium-launch';

export interface BenchBrowser {
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** The profile in `dir`, kept when it closes. */
export async function openProfile(dir: string): Promise<BenchBrowser> {
  const context = await chromium.launchPersistentContext(dir, await chromiumLaunchOptions());
  const browser = context.browser();
  if (!browser) {
    await context.close();
    throw new Error('Playwright gave no browser for the persistent context.');
  }
  return { browser, page: context.pages()[0] ?? (await context.newPage()), close: () => context.close() };
}

export async function openBenchBrowser(onDisk: boolean): Promise<BenchBrowser> {
  if (!onDisk) {
    const browser = await chromium.launch(await chromiumLaunchOptions());
    return { browser, page: await (await browser.newContext()).newPage(), close: () => browser.close() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  const opened = await openProfile(dir);
  return {
    ...opened,
    async close() {
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
