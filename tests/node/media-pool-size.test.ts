import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_WORKERS, mediaPoolSize, mediaWorkersAsked } from '../../src/app/media/media-pool';

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

describe('media pool size asked in the URL (?mediaWorkers=N)', () => {
  it.each([
    ['', undefined],
    ['?mediaWorkers=', undefined],
    ['?mediaWorkers=two', undefined],
    ['?mediaWorkers=1.5', undefined],
    ['?mediaWorkers=1', 1],
    ['?tag=cat&mediaWorkers=3', 3],
    ['?mediaWorkers=0', 1],
    ['?mediaWorkers=99', MAX_MEDIA_WORKERS],
  ])('%s asks for %s', (search, size) => {
    expect(mediaWorkersAsked(search)).toBe(size);
  });
});
