/**
 * "Use this frame as the thumbnail": draws the video's current frame to a canvas and sends it as PNG
 * to item/setCustomThumbnail (`base64`). Undo sends back the thumbnail it replaced, read just before.
 */
import type { ApiClient } from '../api-client';
import { mediaUrl } from '../ui/media-url';
import { isRouteUrl } from '../../client/api-client';

/** The frame now on screen, as a PNG data: URL at the video's own size. */
export function frameAsPng(video: HTMLVideoElement): string {
  if (!video.videoWidth || !video.videoHeight) throw new Error('The video has no frame to show yet.');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  return canvas.toDataURL('image/png');
}

async function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the thumbnail.'));
    reader.readAsDataURL(blob);
  });
}

/** Sets the frame as the item's thumbnail; answers a function that puts the previous one back. */
export async function useFrameAsThumbnail(api: ApiClient, itemId: string, thumbnailURL: string, video: HTMLVideoElement, library?: string) {
  const frame = frameAsPng(video);
  // Read before writing: afterwards the old thumbnail is gone. A generic icon is not one to restore.
  const before = !isRouteUrl(thumbnailURL, '/item/thumbnail') ? null : await fetch(mediaUrl(thumbnailURL, library), { cache: 'no-store' })
    .then(async (response) => (response.ok ? asDataUrl(await response.blob()) : null))
    .catch(() => null);
  await api.post('/item/setCustomThumbnail', { itemId, base64: frame });
  return before ? () => api.post('/item/setCustomThumbnail', { itemId, base64: before }) : null;
}
