// "Use this frame as the thumbnail" in the viewer (issue 43, point 6), used as a person would, checked through the API.
import type { Locator, Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { api, cell, freshApp, reloadApp, waitForCount } from './app';
import { useBrowser } from './browser';

type Rgb = [number, number, number];

/** A 2-second WebM recorded in the page: red for the first second, blue after. Answers a data: URL. */
function recordRedThenBlue(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const g = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const start = performance.now();
    while (performance.now() - start < 2000) {
      g.fillStyle = performance.now() - start < 1000 ? '#ff0000' : '#0000ff';
      g.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const blob = new Blob(chunks, { type: 'video/webm' });
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  });
}

/** The centre pixel of the item's thumbnail as the API serves it now. */
function thumbnailPixel(page: Page, id: string): Promise<Rgb> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/v2/item/thumbnail?id=${encodeURIComponent(id)}`, { cache: 'no-store' });
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const [r, gr, b] = g.getImageData(bitmap.width >> 1, bitmap.height >> 1, 1, 1).data;
    return [r!, gr!, b!] as Rgb;
  }, id);
}

/** The centre pixel of what an <img> or <video> shows (inside shadow roots too). */
function shownPixel(element: Locator): Promise<Rgb> {
  return element.evaluate((node) => {
    const media = node as HTMLImageElement | HTMLVideoElement;
    const width = 'videoWidth' in media ? media.videoWidth : media.naturalWidth;
    const height = 'videoHeight' in media ? media.videoHeight : media.naturalHeight;
    if (!width || !height) return [0, 0, 0] as Rgb;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d')!;
    g.drawImage(media, 0, 0);
    const [r, gr, b] = g.getImageData(width >> 1, height >> 1, 1, 1).data;
    return [r!, gr!, b!] as Rgb;
  });
}

const colourOf = ([r, g, b]: Rgb) => (r > 150 && b < 100 && g < 100 ? 'red' : b > 150 && r < 100 && g < 100 ? 'blue' : `other ${r},${g},${b}`);

async function addClip(page: Page): Promise<string> {
  const { id } = await api<{ id: string }>(page, '/item/add', { name: 'red then blue', base64: await recordRedThenBlue(page) });
  await expect
    .poll(async () => (await api<{ data: { thumbnailReady: boolean }[] }>(page, '/item/get', { ids: [id], fields: ['thumbnailReady'] })).data[0]!.thumbnailReady, { timeout: 20_000 })
    .toBe(true);
  return id;
}

/** Opens the only item in the viewer and seeks to the end of the video (its blue part) with the keyboard. */
async function openAtBlue(page: Page): Promise<Locator> {
  await cell(page, 0).click();
  await page.keyboard.press('Enter');
  const video = page.locator('item-viewer dialog[open] media-player video');
  await video.waitFor();
  const seek = page.locator('item-viewer dialog[open]').getByRole('slider', { name: 'Seek' });
  await expect.poll(() => seek.getAttribute('max'), { timeout: 15_000 }).not.toBe('0');
  await seek.focus();
  await page.keyboard.press('End');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 1.2 && !v.seeking && v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => colourOf(await shownPixel(video)), { timeout: 10_000 }).toBe('blue');
  return video;
}

describe('the web app: a video frame as the thumbnail', () => {
  const siteUrl = inject('siteUrl');
  const browser = useBrowser();

  it('sets the frame at the playhead as the thumbnail, by keyboard; the API and the grid show it', async () => {
    const page = await freshApp(browser(), siteUrl);
    const id = await addClip(page);
    // The generated thumbnail comes from the red part (a third of the way in).
    expect(colourOf(await thumbnailPixel(page, id))).toBe('red');
    await reloadApp(page);
    await waitForCount(page, 1);
    const gridPicture = cell(page, 0).locator('img');
    await expect.poll(async () => colourOf(await shownPixel(gridPicture)), { timeout: 10_000 }).toBe('red');

    await openAtBlue(page);
    const button = page.locator('item-viewer dialog[open]').getByRole('button', { name: 'Use this frame as the thumbnail' });
    await page.screenshot({ path: 'screenshots/video-frame-thumbnail-1280.png' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByText('This frame is now the thumbnail.').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'screenshots/video-frame-thumbnail-toast-1280.png' });
    // The button kept the focus while it worked (aria-disabled, not disabled, which would drop it).
    expect(await button.evaluate((node) => node.matches(':focus'))).toBe(true);
    await expect.poll(async () => colourOf(await thumbnailPixel(page, id)), { timeout: 15_000 }).toBe('blue');

    await page.keyboard.press('Escape');
    await page.locator('item-viewer dialog[open]').waitFor({ state: 'detached' });
    await expect.poll(async () => colourOf(await shownPixel(gridPicture)), { timeout: 10_000 }).toBe('blue');
    await page.context().close();
  });

  it('Undo in the toast puts the previous thumbnail back; the button shows on a phone', async () => {
    const page = await freshApp(browser(), siteUrl, { width: 390, height: 844 });
    const id = await addClip(page);
    await reloadApp(page);
    await waitForCount(page, 1);
    await openAtBlue(page);
    const button = page.locator('item-viewer dialog[open]').getByRole('button', { name: 'Use this frame as the thumbnail' });
    await page.screenshot({ path: 'screenshots/video-frame-thumbnail-390.png' });
    await button.click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'screenshots/video-frame-thumbnail-toast-390.png' });
    await undo.click();
    await page.getByText('The previous thumbnail is back.').waitFor({ timeout: 15_000 });
    await expect.poll(async () => colourOf(await thumbnailPixel(page, id)), { timeout: 15_000 }).toBe('red');
    await page.context().close();
  });
});
