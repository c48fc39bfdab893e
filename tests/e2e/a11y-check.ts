/** Screenshot + axe check of what the page shows now, for the app's accessibility tests. */
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { expect } from 'vitest';

const SHOTS = 'test-results/screenshots';

/**
 * axe-core's serious and critical findings on the page as it is now (within `selector` if given).
 * Only violations are reported in full: the other result types (passes above all) were about a
 * sixth of each run's time, for details no test reads.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (selector) axe.include(selector);
  const { violations } = await axe.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Writes test-results/screenshots/{name}-{width}.png; expects no sideways scroll, nothing cut off or
 * overlapping, and (unless `axe` is false) no serious axe violation.
 */
export async function check(page: Page, name: string, width: number, { axe = true } = {}): Promise<void> {
  await page.waitForTimeout(150);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  if (axe) expect(await seriousViolations(page), name).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  // Clipped is as bad as scrolling: the header's and the status bar's last controls must be in view.
  const cut = await page.evaluate(() =>
    ['.app-header > :last-child:not([hidden])', '.status-bar > :last-child']
      .map((selector) => document.querySelector(selector))
      .filter((el): el is Element => el !== null && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(cut, `${name} cuts off`).toEqual([]);
  // The status bar's parts give way to each other: none is drawn over the next.
  const overlaps = await page.evaluate(() => {
    const parts = [...document.querySelectorAll('.status-bar > *')].filter((el) => el.getBoundingClientRect().width > 0);
    // Where a part's drawing ends: text that does not fit spills past a shrunk box unless the box clips it.
    const drawnRight = (el: Element) => {
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).overflowX === 'visible' ? box.left + Math.max(box.width, el.scrollWidth) : box.right;
    };
    return parts.slice(0, -1).filter((el, i) => drawnRight(el) > parts[i + 1]!.getBoundingClientRect().left + 1).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
  expect(overlaps, `${name}: status bar parts overlap`).toEqual([]);
}
