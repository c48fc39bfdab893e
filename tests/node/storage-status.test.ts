import { describe, expect, it } from 'vitest';
import { isLow } from '../../src/app/pwa/storage-status';
import { formatBytes } from '../../src/app/ui/format';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('storage status', () => {
  it.each([
    [0, 100 * GB, false],
    [99.9 * GB, 100 * GB, true],
    [99 * GB, 100 * GB, false],
    [0.5 * GB, 1 * GB, false],
    [0.95 * GB, 1 * GB, true],
    [9.5 * MB, 10 * MB, true],
    [5 * MB, 10 * MB, false],
  ])('usage %d of quota %d is low: %s', (usage, quota, low) => {
    expect(isLow(usage, quota)).toBe(low);
  });

  it.each([
    [0, '0 B'],
    [1536, '1.5 KB'],
    [12 * MB, '12 MB'],
    [2.25 * GB, '2.3 GB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
