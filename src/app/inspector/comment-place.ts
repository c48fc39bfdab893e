/** Where a comment added from a list (not drawn) sits: the whole image, or the start of a video. Pure. */
import type { Item } from '../api-types';
import type { CommentPlace } from '../comments/item-comments';
import { mediaKind } from '../ui/media-kind';

export function defaultCommentPlace(item: Pick<Item, 'ext' | 'fileURL' | 'width' | 'height'>): CommentPlace {
  const kind = mediaKind(item);
  if (kind === 'video' || kind === 'audio') return { duration: 0 };
  return { x: 0, y: 0, width: Math.max(1, item.width), height: Math.max(1, item.height) };
}

export function defaultPlaceHint(item: Pick<Item, 'ext' | 'fileURL'>): string {
  const kind = mediaKind(item);
  if (kind === 'video' || kind === 'audio') return '(at 0:00; add one at any moment in the viewer)';
  if (kind === 'image') return '(on the whole image; draw an area in the viewer)';
  return '(on the whole item)';
}
