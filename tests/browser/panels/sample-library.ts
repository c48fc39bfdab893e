/** A small library with one well-described photo (tags, folder, rating, notes, two area comments). */
import type { Folder, Item, Page } from '../../../src/app/api-types';
import { isolatedClient } from '../service-worker';
import { pictureBase64 } from './media-fixtures';
import { until } from './mount';

export async function sampleLibrary() {
  const { client, library } = await isolatedClient();
  const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
  const coast = await client.post<Folder>('/folder/create', { name: 'Coast 2026', parent: travel.id });
  const { id } = await client.post<{ id: string }>('/item/add', {
    name: 'Harbour at dusk', base64: await pictureBase64(1600, 1000), tags: ['sunset', 'harbour', 'warm light'], folders: [coast.id],
    annotation: 'Shot from the north pier, ten minutes after sunset.', website: 'https://example.com/photos/harbour',
  });
  await client.post('/item/update', { id, star: 4, url: 'https://example.com/photos/harbour' });
  await client.post('/item/addComment', { id, annotation: 'The sun just above the water', x: 930, y: 420, width: 240, height: 230 });
  await client.post('/item/addComment', { id, annotation: 'Crop the dark band?', x: 0, y: 730, width: 1600, height: 270 });
  // The palette comes from the background thumbnail job; give it a moment.
  await until(async () => (await client.get<Page<Item>>('/item/get', { id })).data[0]?.thumbnailReady, 15_000).catch(() => undefined);
  return { client, library, id };
}

