/** Screenshots a person looks at after a run: `screenshots/<name>-<width>.png`, at the phone size too. */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright';

const SHOTS = 'screenshots';
export const PHONE = { width: 390, height: 844 };

/**
 * CI (`.ci/run`) sets SCREENSHOTS=off: nobody opens its pictures, and about 170 of them, each with
 * its settling wait, cost about a minute of the run. A screenshot whose bytes a test reads (no
 * `path`) is still taken.
 */
export const picturesForPeople = process.env.SCREENSHOTS !== 'off';

export async function shot(page: Page, name: string): Promise<void> {
  if (!picturesForPeople) return;
  mkdirSync(SHOTS, { recursive: true });
  // Let transitions and late paints settle: the picture is for a person, not an assertion.
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });
}

/** Makes every `page.screenshot({ path })` of the context's pages a no-op when pictures are off. */
export function skipPicturesWhenOff(context: BrowserContext): void {
  if (picturesForPeople) return;
  const skip = (page: Page) => {
    const take = page.screenshot.bind(page);
    page.screenshot = async (options) => (options?.path ? Buffer.alloc(0) : take(options));
  };
  context.pages().forEach(skip);
  context.on('page', skip);
}
