// Generated item ids: the reference's shape, and never the same twice from one generator, even for
// a whole batch made within one millisecond (where random tails alone collide now and then).
import { describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/core/ids';

const SHAPE = /^[0-9A-Z]{13}$/;

describe('createIdGenerator', () => {
  it('makes 13 upper-case base-36 characters, the first 8 the time in ms', () => {
    const id = createIdGenerator(() => 1_700_000_000_000)();
    expect(id).toMatch(SHAPE);
    expect(parseInt(id.slice(0, 8), 36)).toBe(1_700_000_000_000);
  });

  it('never repeats within one millisecond, even when the random source does', () => {
    const next = createIdGenerator(() => 1_700_000_000_000, () => 0.5);
    const ids = Array.from({ length: 5000 }, next);
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(SHAPE);
  });

  it('keeps ascending when the clock steps back, and moves on to the next ms past the top', () => {
    let now = 2_000;
    const next = createIdGenerator(() => now, () => 0.9999999);
    const first = next();
    now = 1_000;
    const many = Array.from({ length: 100 }, next);
    expect([first, ...many]).toEqual([first, ...many].sort());
    expect(new Set([first, ...many]).size).toBe(101);
    expect(parseInt(many.at(-1)!.slice(0, 8), 36)).toBeGreaterThan(2_000);
  });
});
