/**
 * Launch options for the Chromium that e2e tests and benchmarks drive. Chromium's browser UI builds
 * its omnibox popups as WebUI pages in a renderer of their own for every window, and Playwright
 * opens a window for each new context: about 2.2 s of the 5.5 s of CPU a fresh origin cost
 * (docs/decisions/test-suite-time.md), for popups a headless test never shows.
 */
import type { LaunchOptions } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from './chromium';

/** The omnibox popup's WebUI pages (the plain one and the AI Mode one). */
export const UNSHOWN_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE = '--disable-features=';

/** The untyped module behind Playwright, and the part of it read here. */
const PLAYWRIGHT_CORE = 'playwright-core/lib/coreBundle';
interface PlaywrightCore {
  server?: { createPlaywright?(options: { sdkLanguage: string }): { chromium?: { defaultArgs?(options: object, persistent: boolean, userDataDir: string): Promise<string[]> } } };
}

/**
 * Chromium honours only the last `--disable-features` switch, and Playwright passes its own list
 * (features that would break automation): ours replaces that switch with one carrying both.
 * Playwright has no public way to read its defaults, so this asks its server module (an exported
 * path of playwright-core) and fails loudly if that ever changes.
 */
async function playwrightDisabledFeatures(): Promise<string> {
  const core: PlaywrightCore = await import(PLAYWRIGHT_CORE);
  const args = await core.server?.createPlaywright?.({ sdkLanguage: 'javascript' }).chromium?.defaultArgs?.({ headless: true, args: [] }, false, '/nonexistent');
  const found = args?.find((arg) => arg.startsWith(DISABLE));
  if (!found) throw new Error("Could not read Playwright's default --disable-features switch (tools/chromium-launch.ts): has playwright-core's server module changed?");
  return found;
}

let defaults: Promise<string> | undefined;

export async function chromiumLaunchOptions(extraArgs: readonly string[] = []): Promise<LaunchOptions> {
  const playwrights = await (defaults ??= playwrightDisabledFeatures());
  const features = [...playwrights.slice(DISABLE.length).split(','), ...UNSHOWN_UI_FEATURES].filter(Boolean);
  return {
    executablePath: findChromium(),
    headless: true,
    ignoreDefaultArgs: [playwrights],
    args: [...CHROMIUM_ARGS, `${DISABLE}${features.join(',')}`, ...extraArgs],
  };
}
