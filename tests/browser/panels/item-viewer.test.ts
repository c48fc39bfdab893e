/**
 * <item-viewer> in real Chromium through the real service worker: images zoom, pan and take drawn
 * rectangle comments; video and audio seek and take comments at the playhead; bookmarks open their URL;
 * keys and buttons navigate and close. Every comment is checked through the API.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { Comment } from '../../../src/app/api-types';
import type { ImageStage } from '../../../src/app/viewer/image-stage';
import '../../../src/app/viewer/item-viewer';
import type { ItemViewer } from '../../../src/app/viewer/item-viewer';
import type { MediaPlayer } from '../../../src/app/viewer/media-player';
import { isolatedClient } from '../service-worker';
import { pictureBase64, recordedWebm, toneWavBase64 } from './media-fixtures';
import { mount, nextEvent, recordEvents, until } from './mount';

// Small enough to fit the test browser's window unscaled: Playwright places pointer positions wrongly
// in a scaled test frame.
beforeEach(async () => {
  await page.viewport(1100, 680);
});

async function open(add: Record<string, unknown>) {
  const { client, library } = await isolatedClient();
  const { id } = await client.post<{ id: string }>('/item/add', add);
  const viewer = mount<ItemViewer>('item-viewer', { api: client, library, itemId: id }, '');
  await until(() => viewer.item?.id === id);
  const comments = () => client.get<Comment[]>('/item/getComments', { id });
  return { client, id, viewer, comments, root: viewer.shadowRoot! };
}

describe('<item-viewer> with an image', () => {
  it('opens modal, fits, shows 100 % and pans', async () => {
    const { viewer, root } = await open({ name: 'dusk', base64: await pictureBase64(1600, 1000) });
    expect(root.querySelector('dialog')!.open).toBe(true);
    const stage = root.querySelector<ImageStage>('image-stage')!;
    const img = await until(() => {
      const image = stage.shadowRoot?.querySelector('img');
      return image?.complete && image.naturalWidth ? image : undefined;
    });
    expect([img.naturalWidth, img.naturalHeight]).toEqual([1600, 1000]);
    await expect.element(page.getByRole('img', { name: 'dusk' })).toBeVisible();
    await until(() => stage.scale < 1); // fitted once the stage has been measured

    await userEvent.click(page.getByRole('button', { name: '100%' }));
    await expect.element(page.getByRole('button', { name: '100%' })).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByText('100%', { exact: true }).last()).toBeVisible();
    const before = img.getBoundingClientRect();
    await userEvent.dragAndDrop(stage, stage, { sourcePosition: { x: 400, y: 300 }, targetPosition: { x: 250, y: 200 } });
    const after = img.getBoundingClientRect();
    expect(Math.round(after.left - before.left)).toBe(-150);
    expect(Math.round(after.top - before.top)).toBe(-100);

    await userEvent.click(page.getByRole('button', { name: 'Zoom out' }));
    expect(stage.scale).toBeCloseTo(0.8);
    await userEvent.click(page.getByRole('button', { name: 'Fit' }));
    await until(() => stage.scale < 0.8);
    const fitted = stage.scale;
    await userEvent.wheel(stage, { delta: { y: -200 } });
    await until(() => stage.scale > fitted * 1.2);
    await userEvent.dblClick(stage);
    await until(() => viewer.mode === 'fit' && stage.scale === fitted);
    await userEvent.dblClick(stage);
    await until(() => stage.scale === 1);
  });

  it('draws a rectangle comment, then edits and removes it in place', async () => {
    const { viewer, comments, root } = await open({ name: 'dusk', base64: await pictureBase64(1600, 1000) });
    const stage = root.querySelector<ImageStage>('image-stage')!;
    await until(() => stage.shadowRoot?.querySelector('img')?.naturalWidth);
    await until(() => stage.scale < 1); // fitted once the stage has been measured
    await userEvent.click(page.getByRole('button', { name: 'Draw comment' }));

    // Where the fitted image sits, measured on screen, turns the drag into expected image pixels.
    const box = stage.shadowRoot!.querySelector('img')!.getBoundingClientRect();
    const stageBox = stage.getBoundingClientRect();
    const scale = box.width / 1600;
    const from = { x: box.left - stageBox.left + 400 * scale, y: box.top - stageBox.top + 250 * scale };
    const to = { x: from.x + 300 * scale, y: from.y + 200 * scale };
    let written = nextEvent(viewer, 'item-changed');
    await userEvent.dragAndDrop(stage, stage, { sourcePosition: from, targetPosition: to });
    await expect.element(page.getByRole('textbox', { name: /New comment/ })).toBeVisible();
    await userEvent.keyboard('The sun');
    await userEvent.click(page.getByRole('button', { name: 'Add comment' }).first());
    await written;
    const [drawn] = await comments();
    expect(drawn!.annotation).toBe('The sun');
    for (const [field, value] of [['x', 400], ['y', 250], ['width', 300], ['height', 200]] as const) {
      expect(Math.abs(drawn![field]! - value)).toBeLessThanOrEqual(2);
    }

    // The rectangle is drawn on the image; a click opens its card, where it is edited and removed.
    await userEvent.click(page.getByRole('button', { name: 'Draw comment' })); // back to panning
    await userEvent.click(page.getByRole('button', { name: 'Comment: The sun' }));
    await userEvent.click(page.getByRole('group', { name: /^Comment area/ }).getByRole('button', { name: 'Edit' }));
    await userEvent.fill(page.getByRole('textbox', { name: /Edit comment/ }), 'The setting sun');
    written = nextEvent(viewer, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await written;
    expect((await comments())[0]).toMatchObject({ id: drawn!.id, annotation: 'The setting sun', x: drawn!.x, width: drawn!.width });
    await expect.element(page.getByRole('button', { name: 'Comment: The setting sun' })).toBeVisible();

    // Its area is redrawn in place: the next drag replaces x, y, width and height.
    written = nextEvent(viewer, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Redraw area' }));
    await userEvent.dragAndDrop(stage, stage, { sourcePosition: { x: from.x - 200 * scale, y: from.y - 100 * scale }, targetPosition: from });
    await written;
    const redrawn = (await comments())[0]!;
    expect(redrawn.annotation).toBe('The setting sun');
    for (const [field, value] of [['x', 200], ['y', 150], ['width', 200], ['height', 100]] as const) {
      expect(Math.abs(redrawn[field]! - value)).toBeLessThanOrEqual(2);
    }
    await userEvent.click(page.getByRole('button', { name: 'Comment: The setting sun' }));

    written = nextEvent(viewer, 'item-changed');
    await userEvent.click(page.getByRole('group', { name: /^Comment area/ }).getByRole('button', { name: 'Remove' }));
    await written;
    expect(await comments()).toEqual([]);
    await expect.element(page.getByRole('button', { name: /^Comment:/ })).not.toBeInTheDocument();
  });

  it('navigates with arrows and buttons and closes with Esc or the button', async () => {
    const { viewer, root } = await open({ name: 'dusk', base64: await pictureBase64(200, 100) });
    const moves = recordEvents<{ direction: number }>(viewer, 'viewer-navigate');
    const closes = recordEvents(viewer, 'viewer-close');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(page.getByRole('button', { name: 'Previous item' }));
    await userEvent.click(page.getByRole('button', { name: 'Next item' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(moves.map((m) => m.direction)).toEqual([1, -1, 1, -1]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(page.getByRole('button', { name: 'Close viewer' }));
    expect(closes).toHaveLength(2);
    expect(root.querySelector('dialog')!.open).toBe(true); // the shell decides; it answers with null
    viewer.itemId = null;
    await until(() => !root.querySelector('dialog')!.open);
  });
});

describe('<item-viewer> with video, audio and bookmarks', () => {
  it('seeks a video and comments at the playhead, shown as a marker', async () => {
    const { viewer, comments, root } = await open({ name: 'clip.webm', base64: `data:video/webm;base64,${await recordedWebm(2)}` });
    expect(viewer.item!.ext).toBe('webm');
    const player = root.querySelector<MediaPlayer>('media-player')!;
    await until(() => player.duration > 1);
    const seek = page.getByRole('slider', { name: 'Seek' });
    const bounds = seek.element().getBoundingClientRect();
    await userEvent.click(seek, { position: { x: bounds.width * 0.6, y: bounds.height / 2 } });
    await until(() => Math.abs(player.currentTime - player.duration * 0.6) < 0.3);
    const at = player.currentTime;

    // Esc leaves a comment being written, not the viewer.
    const closes = recordEvents(viewer, 'viewer-close');
    await userEvent.click(page.getByRole('button', { name: 'Comment here' }));
    await expect.element(page.getByRole('textbox', { name: /New comment/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('textbox', { name: /New comment/ })).not.toBeInTheDocument();
    expect(closes).toEqual([]);

    const written = nextEvent(viewer, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Comment here' }));
    await userEvent.keyboard('Car enters');
    await userEvent.click(page.getByRole('button', { name: 'Add comment' }).first());
    await written;
    const [made] = await comments();
    expect(made!.annotation).toBe('Car enters');
    expect(Math.abs(made!.duration! - at)).toBeLessThan(0.11);
    await expect.element(page.getByRole('button', { name: /^Comment at 0:01: Car enters/ })).toBeVisible();

    await userEvent.click(seek, { position: { x: 4, y: bounds.height / 2 } });
    await until(() => player.currentTime < 0.3);
    (viewer.shadowRoot!.querySelector('dialog') as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await until(() => player.playing);
    await userEvent.keyboard(' ');
    await until(() => !player.playing);
    await userEvent.click(page.getByRole('button', { name: /^Comment at 0:01/ }));
    await until(() => Math.abs(player.currentTime - made!.duration!) < 0.2);

    // Moved in place to another moment: seek, then "Move to playhead".
    await userEvent.click(seek, { position: { x: bounds.width * 0.2, y: bounds.height / 2 } });
    await until(() => Math.abs(player.currentTime - player.duration * 0.2) < 0.3);
    const movedTo = Math.round(player.currentTime * 10) / 10;
    const moved = nextEvent(viewer, 'item-changed');
    await userEvent.click(page.getByRole('button', { name: 'Move to playhead' }));
    await moved;
    expect((await comments())[0]).toMatchObject({ id: made!.id, annotation: 'Car enters', duration: movedTo });
  });

  it('plays audio with a seekable timeline', async () => {
    const { root } = await open({ name: 'tone.wav', base64: `data:audio/wav;base64,${toneWavBase64(3)}` });
    const player = root.querySelector<MediaPlayer>('media-player')!;
    await until(() => Math.abs(player.duration - 3) < 0.05);
    await expect.element(page.getByRole('button', { name: 'Play' })).toBeVisible();
    const seek = page.getByRole('slider', { name: 'Seek' });
    await userEvent.click(seek, { position: { x: seek.element().getBoundingClientRect().width * 0.5, y: 8 } });
    await until(() => Math.abs(player.currentTime - 1.5) < 0.25);
  });

  it('says so when the browser cannot play a file, and offers it to download', async () => {
    const garbage = btoa('not really a video, just bytes '.repeat(40));
    await open({ name: 'broken.mp4', base64: `data:video/mp4;base64,${garbage}` });
    await expect.element(page.getByRole('alert')).toHaveTextContent(/cannot play this file/);
    await expect.element(page.getByRole('link', { name: 'Download it' })).toHaveAttribute('download');
  });

  it('says so when the item cannot be opened', async () => {
    const { client, library } = await isolatedClient();
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library, itemId: 'NO-SUCH-ITEM' }, '');
    await expect.element(page.getByText(/could not be opened/)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Close viewer' }));
    viewer.itemId = null;
  });

  it('shows a bookmark with a link that opens its URL', async () => {
    await open({ name: 'Docs', bookmarkURL: 'https://example.com/docs' });
    await expect.element(page.getByText('https://example.com/docs')).toBeVisible();
    const link = page.getByRole('link', { name: /Open link/ });
    await expect.element(link).toHaveAttribute('href', 'https://example.com/docs');
    await expect.element(link).toHaveAttribute('target', '_blank');
  });
});
