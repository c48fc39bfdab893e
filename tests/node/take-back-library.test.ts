// Taking back a library made for a request that then failed (src/core/storage/take-back-library.ts):
// the registry entry goes first, then its marks, then its database; the only library stays; and a
// failure other than the registry's refusal is not swallowed, so the caller can report it.
import { describe, expect, it } from 'vitest';
import type { LibraryRecord } from '../../src/core/storage/registry';
import { LibraryRegistry } from '../../src/core/storage/registry';
import { takeBackLibrary } from '../../src/core/storage/take-back-library';

const freshRegistry = () => new LibraryRegistry(`take-back-${Math.random().toString(36).slice(2)}`, Date.now, 'test');

/** Records the order of the steps and what the registry held at each. */
function recordingSteps(registry: LibraryRegistry) {
  const steps: string[] = [];
  return {
    steps,
    unmark: async (path: string) => steps.push(`unmark ${path}, listed: ${Boolean(await registry.find(path))}`),
    drop: async (record: LibraryRecord) => void steps.push(`drop ${record.path}, listed: ${Boolean(await registry.find(record.path))}`),
  };
}

describe('taking back a library just made', () => {
  it('takes it out of the registry, then its mark, then its database', async () => {
    const registry = freshRegistry();
    await registry.current();
    const { record } = await registry.create('Made for an import');
    const recorder = recordingSteps(registry);
    expect(await takeBackLibrary(registry, record, recorder)).toBe(true);
    expect(recorder.steps).toEqual([`unmark ${record.path}, listed: false`, `drop ${record.path}, listed: false`]);
    expect(await registry.find(record.path)).toBeUndefined();
  });

  it('leaves the only library as it is, and one already gone', async () => {
    const registry = freshRegistry();
    const only = await registry.current();
    const recorder = recordingSteps(registry);
    expect(await takeBackLibrary(registry, only, recorder)).toBe(false);
    expect(await registry.find(only.path)).toEqual(only);
    await registry.create('Another');
    expect(await takeBackLibrary(registry, { ...only, path: 'gone' }, recorder)).toBe(false);
    expect(recorder.steps).toEqual([]);
  });

  it('passes on a registry that fails to write, dropping nothing', async () => {
    const registry = freshRegistry();
    await registry.current();
    const { record } = await registry.create('Made');
    const full = Object.assign(Object.create(registry) as LibraryRegistry, {
      remove: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    });
    const recorder = recordingSteps(registry);
    await expect(takeBackLibrary(full, record, recorder)).rejects.toThrow('quota');
    expect(recorder.steps).toEqual([]);
    expect(await registry.find(record.path)).toBeDefined();
  });
});
