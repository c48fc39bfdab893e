/**
 * The bench's browser: a fresh context in memory, or (BENCH_DISK_PROFILE=1) a temporary Chromium
 * profile on disk, removed after the run. A context in memory keeps IndexedDB in memory too: a
 * million subscribed items ran it out of space (QUOTA_EXCEEDED) though it reported a 10 GB quota,
 * where an installed browser's profile is on disk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../tools/chromium';

export interface BenchBrowser {
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export async function openBenchBrowser(onDisk: boolean): Promise<BenchBrowser> {
  const options = { executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true };
  if (!onDisk) {
    const browser = await chromium.launch(options);
    return { browser, page: await (await browser.newContext()).newPage(), close: () => browser.close() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(dir, options);
  const browser = context.browser();
  if (!browser) throw new Error('Playwright gave no browser for the persistent context.');
  return {
    browser,
    page: context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
