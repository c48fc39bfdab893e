/** Screenshots a person looks at after a run: `screenshots/<name>-<width>.png`, at the phone size too. */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';

const SHOTS = 'screenshots';
export const PHONE = { width: 390, height: 844 };

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let transitions and late paints settle: the picture is for a person, not an assertion.
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });
}
