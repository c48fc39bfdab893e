/** The tests' Chromium opens no omnibox popup pages per context, and keeps Playwright's own switches. */
import { chromium } from 'playwright';
import { describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, UNSHOWN_UI_FEATURES } from '../../tools/chromium-launch';

describe("the tests' Chromium", () => {
  it('opens a context without the browser UI pages a headless test never shows', async () => {
    const browser = await chromium.launch(await chromiumLaunchOptions());
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const cdp = await browser.newBrowserCDPSession();
      // The popups' pages are created with the window; a page open and a round trip later they would be listed.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((target) => target.type !== 'page').map((target) => target.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("passes one --disable-features switch carrying Playwright's list and ours", async () => {
    const { args = [], ignoreDefaultArgs } = await chromiumLaunchOptions();
    const switches = args.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.split('=')[1]!.split(',');
    const playwrights = (ignoreDefaultArgs as string[])[0]!.split('=')[1]!.split(',').filter(Boolean);
    expect(playwrights).toContain('DestroyProfileOnBrowserClose');
    expect(features).toEqual([...playwrights, ...UNSHOWN_UI_FEATURES]);
  });
});
