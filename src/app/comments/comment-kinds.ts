/** The two kinds of comment (docs/contract.md#comments): a rectangle on an image, or a moment of a video. Pure. */
import type { Comment } from '../api-types';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type RectComment = Comment & Rect;
export type TimeComment = Comment & { duration: number };

export const isRectComment = (comment: Comment): comment is RectComment => typeof comment.width === 'number';
export const isTimeComment = (comment: Comment): comment is TimeComment => typeof comment.duration === 'number';

/** 75 → "1:15", 3725.5 → "1:02:05". */
export function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const s = String(whole % 60).padStart(2, '0');
  const m = Math.floor(whole / 60) % 60;
  const h = Math.floor(whole / 3600);
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where a comment sits, in words, for lists and screen readers; an area covering all of `whole` (the image's size) is the whole image. */
export function describePlace(comment: Comment, whole?: { width: number; height: number }): string {
  if (isTimeComment(comment)) return `at ${formatTime(comment.duration)}`;
  if (isRectComment(comment)) {
    if (whole && coversWhole(comment, whole)) return 'on the whole image';
    const r = (n: number) => Math.round(n);
    return `area ${r(comment.width)}×${r(comment.height)} at ${r(comment.x)}, ${r(comment.y)}`;
  }
  return '';
}

function coversWhole(rect: Rect, whole: { width: number; height: number }): boolean {
  return rect.x <= 0 && rect.y <= 0 && rect.x + rect.width >= whole.width && rect.y + rect.height >= whole.height;
}

/** Comments in reading order: moments by time, areas top to bottom then left to right. */
export function sortComments(comments: readonly Comment[]): Comment[] {
  const key = (c: Comment) => (isTimeComment(c) ? c.duration : isRectComment(c) ? c.y * 1e6 + c.x : 0);
  return [...comments].sort((a, b) => key(a) - key(b) || a.lastModified - b.lastModified);
}
