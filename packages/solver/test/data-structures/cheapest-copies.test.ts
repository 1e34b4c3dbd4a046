import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheapestCopies } from '../../src/data-structures/cheapest-copies.ts';

describe('CheapestCopies', () => {
  it('keeps the cheapest copies only: 3 of (5 x2, 1, 4, 2 x3) are 1, 2, 2', () => {
    const cheapest = new CheapestCopies(4);
    cheapest.reset(3);
    cheapest.offer(5, 2);
    cheapest.offer(1, 1);
    cheapest.offer(4, 1);
    cheapest.offer(2, 3);
    expect(Array.from(cheapest.sorted())).toEqual([1, 2, 2]);
    cheapest.reset(5);
    cheapest.offer(9, 2);
    expect(Array.from(cheapest.sorted())).toEqual([9, 9]);
  });

  it('equals the first copies of a sort of all of them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 4 }))),
        fc.integer({ min: 0, max: 20 }),
        (items, limit) => {
          const cheapest = new CheapestCopies(items.length);
          cheapest.reset(limit);
          for (const [value, copies] of items) cheapest.offer(value, copies);
          const all = items.flatMap(([value, copies]) => Array<number>(copies).fill(value)).sort((a, b) => a - b);
          expect(Array.from(cheapest.sorted())).toEqual(all.slice(0, limit));
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });
});
