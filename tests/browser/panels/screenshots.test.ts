/**
 * Screenshots of both panels with real content at 1280 and 390 px, written to test-results/screenshots/panels/
 * (git-ignored) for a person to look at. The test also checks that nothing scrolls sideways at 390 px.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/app/inspector/item-inspector';
import type { ItemInspector } from '../../../src/app/inspector/item-inspector';
import '../../../src/app/viewer/item-viewer';
import type { ItemViewer } from '../../../src/app/viewer/item-viewer';
import type { MediaPlayer } from '../../../src/app/viewer/media-player';
import { recordedWebm } from './media-fixtures';
import { sampleLibrary as library } from './sample-library';
import { mount, until } from './mount';

const OUT = '../../../test-results/screenshots/panels';

describe.each([
  [1280, 800],
  [390, 844],
])('panels at %i px', (width, height) => {
  it('inspector', async () => {
    await page.viewport(width, height);
    const { client, library: path, id } = await library();
    const inspector = mount<ItemInspector>('item-inspector', { api: client, library: path, itemId: id },
      `display:block;width:${Math.min(width, 340)}px;height:${height}px;border-left:1px solid #ddd`);
    await until(() => inspector.shadowRoot?.querySelector('img')?.complete);
    await until(() => inspector.shadowRoot?.querySelector('comment-list')?.shadowRoot?.querySelector('li'));
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/inspector-${width}.png`, element: inspector });
    inspector.scrollTop = inspector.scrollHeight;
    await page.screenshot({ path: `${OUT}/inspector-${width}-lower.png`, element: inspector });
  });

  it('viewer with rectangle comments', async () => {
    await page.viewport(width, height);
    const { client, library: path, id } = await library();
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library: path, itemId: id }, '');
    await until(() => viewer.shadowRoot?.querySelector('image-stage')?.shadowRoot?.querySelector('img')?.naturalWidth);
    await userEvent.click(page.getByRole('button', { name: 'Comment: The sun just above the water' }));
    await expect.element(page.getByRole('group', { name: /^Comment area/ })).toBeVisible();
    expect(viewer.shadowRoot!.querySelector('dialog')!.scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${OUT}/viewer-image-${width}.png` });
    if (!viewer.sidebar) await userEvent.click(page.getByRole('button', { name: 'Comments panel' }));
    await userEvent.click(page.getByRole('button', { name: 'Draw comment' }));
    await page.screenshot({ path: `${OUT}/viewer-image-${width}-comments.png` });
  });

  it('viewer with a video and its markers', async () => {
    await page.viewport(width, height);
    const { client, library: path } = await library();
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'Ferry leaving.webm', base64: `data:video/webm;base64,${await recordedWebm(3)}` });
    await client.post('/item/addComment', { id, annotation: 'Horn sounds', duration: 0.8 });
    await client.post('/item/addComment', { id, annotation: 'Ferry clears the pier', duration: 2.2 });
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library: path, itemId: id }, '');
    const player = await until(() => viewer.shadowRoot?.querySelector<MediaPlayer>('media-player'));
    await until(() => player.duration > 2);
    await userEvent.click(page.getByRole('button', { name: /^Comment at 0:02/ }));
    await until(() => player.currentTime > 2);
    await page.screenshot({ path: `${OUT}/viewer-video-${width}.png` });
  });
});
