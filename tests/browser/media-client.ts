/** Reading media results through the service worker: items, readiness, thumbnail bytes. */
import { expect } from 'vitest';
import type { ApiClient } from '../loose-client';
import type { Rgb } from './media-images';
import { fetchApi } from './service-worker';

export interface MediaItem {
  id: string;
  ext: string;
  width: number;
  height: number;
  size: number;
  palettes: { color: Rgb; ratio: number }[];
  noThumbnail: boolean;
  thumbnailReady: boolean;
  thumbnailURL: string;
}

export async function getItem(client: ApiClient, id: string): Promise<MediaItem> {
  return (await client.post<{ data: MediaItem[] }>('/item/get', { id })).data[0]!;
}

/** Polls item/get until the item's thumbnail is ready (jobs run in the background). */
export async function whenReady(client: ApiClient, id: string): Promise<MediaItem> {
  for (let tries = 0; tries < 300; tries++) {
    const item = await getItem(client, id);
    if (item.thumbnailReady) return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The thumbnail of ${id} never became ready.`);
}

export async function thumbnailOf(library: string, id: string): Promise<{ type: string | null; blob: Blob }> {
  const { response } = await fetchApi(`/api/v2/item/thumbnail?id=${id}`, { headers: { 'X-Library-Path': library } });
  expect(response.status).toBe(200);
  return { type: response.headers.get('Content-Type'), blob: await response.blob() };
}
