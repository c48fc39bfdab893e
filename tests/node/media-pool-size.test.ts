import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_WORKERS, mediaPoolSize } from '../../src/app/media/media-pool';

describe('media pool size', () => {
  it.each([
    [undefined, 1],
    [1, 1],
    [2, 1],
    [4, 3],
    [8, 7],
    [9, 8],
    [64, MAX_MEDIA_WORKERS],
  ])('with hardwareConcurrency %s runs %i workers', (cores, size) => {
    expect(mediaPoolSize(cores)).toBe(size);
  });
});
