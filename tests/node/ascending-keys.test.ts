/** The evaluator's set algebra over ascending key lists agrees with Sets, for lists of any lengths. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersectAscending, subtractAscending, unionAscending } from '../../src/core/postings/key-sets';

const ascending = fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{1,4}$/), { maxLength: 300 }).map((keys) => keys.sort());
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('ascending key lists', () => {
  it('intersect, subtract and unite as Sets do, ascending and each once', () => {
    fc.assert(
      fc.property(ascending, ascending, fc.array(ascending, { maxLength: 4 }), (a, b, many) => {
        const inB = new Set(b);
        expect(intersectAscending(a, b)).toEqual(sorted(a.filter((key) => inB.has(key))));
        expect(subtractAscending(a, b)).toEqual(a.filter((key) => !inB.has(key)));
        expect(unionAscending(many)).toEqual(sorted(new Set(many.flat())));
      }),
      { numRuns: 300 },
    );
  });

  it('searches a short list in a long one, and walks lists of like length', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(5, '0'));
    expect(intersectAscending(['00007', '05000', 'zzz'], long)).toEqual(['00007', '05000']);
    expect(intersectAscending(long.filter((_, i) => i % 2 === 0), long.filter((_, i) => i % 3 === 0))).toHaveLength(1667);
  });
});
