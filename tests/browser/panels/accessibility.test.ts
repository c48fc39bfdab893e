/** axe-core on both panels with real content: no serious or critical violations. */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/app/inspector/item-inspector';
import type { ItemInspector } from '../../../src/app/inspector/item-inspector';
import '../../../src/app/viewer/item-viewer';
import type { ItemViewer } from '../../../src/app/viewer/item-viewer';
import type { MediaPlayer } from '../../../src/app/viewer/media-player';
import { seriousViolations } from './axe';
import { toneWavBase64 } from './media-fixtures';
import { mount, until } from './mount';
import { sampleLibrary } from './sample-library';

describe('accessibility of the panels', () => {
  it('inspector', async () => {
    const { client, library, id } = await sampleLibrary();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/dawn', tags: ['sunrise'] });
    const inspector = mount<ItemInspector>('item-inspector', { api: client, library, itemId: id });
    await until(() => inspector.shadowRoot?.querySelector('comment-list')?.shadowRoot?.querySelector('li'));
    await userEvent.fill(page.getByRole('combobox', { name: 'Add a tag' }), 'sun');
    await expect.element(page.getByRole('option', { name: 'sunrise' })).toBeVisible(); // the open listbox is checked too
    expect(await seriousViolations(inspector)).toEqual([]);
  });

  it('viewer with an image, a comment card open', async () => {
    const { client, library, id } = await sampleLibrary();
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library, itemId: id }, '');
    await until(() => viewer.shadowRoot?.querySelector('image-stage')?.shadowRoot?.querySelector('img')?.naturalWidth);
    viewer.sidebar = true;
    await userEvent.click(page.getByRole('button', { name: 'Comment: The sun just above the water' }));
    expect(await seriousViolations(viewer)).toEqual([]);
  });

  it('viewer with audio', async () => {
    const { client, library } = await sampleLibrary();
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'tone.wav', base64: `data:audio/wav;base64,${toneWavBase64(2)}` });
    await client.post('/item/addComment', { id, annotation: 'Beep', duration: 1 });
    const viewer = mount<ItemViewer>('item-viewer', { api: client, library, itemId: id }, '');
    const player = await until(() => viewer.shadowRoot?.querySelector<MediaPlayer>('media-player'));
    await until(() => player.duration > 1);
    expect(await seriousViolations(viewer)).toEqual([]);
  });
});
