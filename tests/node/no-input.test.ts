import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noInput } from '../../src/core/http/no-input';
import { parseInput } from '../../src/core/http/read-input';

/** Every kind of value a query string or a JSON body gives, and a few more. */
const INPUTS: unknown[] = [{}, { a: '1', library: 'x' }, { nested: { deep: [1] } }, [], [1], 'text', '', 0, 5, true, false, null, undefined, 1n, new Date(0)];

describe('noInput', () => {
  it('accepts and refuses what z.object({}) does, with the same answer', () => {
    const zod = z.object({});
    for (const raw of INPUTS) {
      const ours = noInput().safeParse(raw);
      const theirs = zod.safeParse(raw);
      expect(ours.success, String(raw)).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
      else expect(JSON.parse(JSON.stringify(ours.error?.issues))).toEqual(JSON.parse(JSON.stringify(theirs.error?.issues)));
    }
  });

  it('gives the same error message through parseInput', () => {
    for (const raw of INPUTS.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))) {
      expect(() => parseInput(noInput(), raw)).toThrow(captured(() => parseInput(z.object({}), raw)));
    }
  });
});

const captured = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};
