/** Screenshots of web-app elements at phone and desktop widths, written to the git-ignored screenshots/. */
import { commands, page } from 'vitest/browser';

export async function screenshotAt(name: string, width: number, height = 800): Promise<void> {
  await page.viewport(width, height);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const shot = await page.screenshot({ base64: true, save: false });
  await commands.writeFile(`screenshots/${name}-${width}.png`, shot, 'base64');
}
