// The inspector's pure helpers: how facts are worded, how the folder tree becomes a picker, where a
// comment added from a list sits, and how media URLs name a library.
import { describe, expect, it } from 'vitest';
import type { Folder } from '../../src/app/api-types';
import { defaultCommentPlace } from '../../src/app/inspector/comment-place';
import { folderOptions } from '../../src/app/inspector/folder-options';
import { formatDimensions, hexColor } from '../../src/app/inspector/item-facts';
import { mediaKind } from '../../src/app/ui/media-kind';
import { mediaUrl } from '../../src/app/ui/media-url';

describe('item facts', () => {
  it('words dimensions and colours', () => {
    expect(formatDimensions({ width: 640, height: 480 })).toBe('640 × 480');
    expect(formatDimensions({ width: 0, height: 0 })).toBe('—');
    expect(hexColor([255, 128, 0])).toBe('#ff8000');
    expect(hexColor([300, -4, 15.6])).toBe('#ff0010');
  });
});

const folder = (id: string, name: string, parent: string | null, children: Folder[] = []): Folder =>
  ({ id, name, parent, children, description: '', modificationTime: 0, tags: [], iconColor: '', imageCount: 0 });

describe('folderOptions', () => {
  it('walks the tree depth-first once, even when folder/get also lists subfolders flat', () => {
    const leaf = folder('c', 'Leaf', 'b');
    const mid = folder('b', 'Mid', 'a', [leaf]);
    const root = folder('a', 'Root', null, [mid]);
    const other = folder('d', 'Other', null);
    const expected = [
      { id: 'a', name: 'Root', depth: 0, path: 'Root' },
      { id: 'b', name: 'Mid', depth: 1, path: 'Root / Mid' },
      { id: 'c', name: 'Leaf', depth: 2, path: 'Root / Mid / Leaf' },
      { id: 'd', name: 'Other', depth: 0, path: 'Other' },
    ];
    expect(folderOptions([root, other])).toEqual(expected);
    expect(folderOptions([root, mid, leaf, other])).toEqual(expected);
  });
});

describe('media kinds and URLs', () => {
  it.each([
    ['png', '/f', 'image'], ['JPG', '/f', 'image'], ['webm', '/f', 'video'], ['mp4', '/f', 'video'],
    ['wav', '/f', 'audio'], ['url', '', 'bookmark'], ['pdf', '/f', 'file'], ['png', '', 'bookmark'],
  ])('%s with fileURL "%s" is %s', (ext, fileURL, kind) => expect(mediaKind({ ext, fileURL })).toBe(kind));

  it('puts a list-added comment on the whole image or at the start of a video', () => {
    expect(defaultCommentPlace({ ext: 'png', fileURL: '/f', width: 64, height: 48 })).toEqual({ x: 0, y: 0, width: 64, height: 48 });
    expect(defaultCommentPlace({ ext: 'mp4', fileURL: '/f', width: 640, height: 360 })).toEqual({ duration: 0 });
    expect(defaultCommentPlace({ ext: 'url', fileURL: '', width: 0, height: 0 })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('names the library in media URLs only when asked', () => {
    expect(mediaUrl('/api/v2/item/file?id=A')).toBe('/api/v2/item/file?id=A');
    expect(mediaUrl('/api/v2/item/file?id=A', '/libraries/x y.library')).toBe('/api/v2/item/file?id=A&library=%2Flibraries%2Fx%20y.library');
    expect(mediaUrl('', '/libraries/x.library')).toBe('');
  });
});
