/** A small library for the organising panels: 40 bookmarks with mixed tags, ratings, folders and trash state. */
import type { Folder } from '../../../src/app/api-types';
import { isolatedClient } from '../service-worker';

export async function organiseLibrary() {
  const { client, library } = await isolatedClient();
  const travel = await client.post<Folder>('/folder/create', { name: 'Travel' });
  const coast = await client.post<Folder>('/folder/create', { name: 'Coast 2026', parent: travel.id });
  const work = await client.post<Folder>('/folder/create', { name: 'Client work' });
  const items = Array.from({ length: 40 }, (_, i) => ({
    name: `Reference ${i + 1}`, bookmarkURL: `https://example.com/ref/${i}`,
    tags: ['reference', ...(i % 2 ? ['harbour'] : []), ...(i % 5 === 0 ? ['sunset', 'warm light'] : [])],
    folders: i % 3 ? [coast.id] : [coast.id, work.id],
  }));
  const { ids } = await client.post<{ ids: string[] }>('/item/add', { items });
  await client.post('/item/update', { items: ids.slice(0, 10).map((id) => ({ id, star: 4 })) });
  await client.post('/item/update', { items: ids.slice(35).map((id) => ({ id, isDeleted: true })) });
  return { client, library, ids, travel, coast, work };
}
