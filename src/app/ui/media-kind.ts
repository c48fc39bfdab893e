/** What kind of thing an item is, by extension: decides how the viewer shows it and where comments go. Pure. */
import type { Item } from '../api-types';

export type MediaKind = 'image' | 'video' | 'audio' | 'bookmark' | 'file';

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg', 'ico', 'apng']);
const VIDEO = new Set(['mp4', 'm4v', 'webm', 'mov', 'ogv', 'mkv']);
const AUDIO = new Set(['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus', 'weba']);

export function mediaKind(item: Pick<Item, 'ext' | 'fileURL'>): MediaKind {
  const ext = item.ext.toLowerCase();
  if (ext === 'url' || !item.fileURL) return 'bookmark';
  if (IMAGE.has(ext)) return 'image';
  if (VIDEO.has(ext)) return 'video';
  if (AUDIO.has(ext)) return 'audio';
  return 'file';
}
