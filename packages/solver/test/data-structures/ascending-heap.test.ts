import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AscendingHeap } from '../../src/data-structures/ascending-heap.ts';

describe('AscendingHeap', () => {
  it('gives back every copy, cheapest first, and the items by the order they were added', () => {
    const heap = new AscendingHeap(4);
    heap.add(5, 2);
    heap.add(1);
    heap.add(3, 0);
    heap.add(2, 1);
    expect([heap.takeItem(), heap.takeValue(), heap.takeValue(), heap.takeValue()]).toEqual([1, 2, 5, 5]);
    expect(heap.isEmpty()).toBe(true);
    expect(() => heap.takeItem()).toThrow(/empty/);
    heap.clear();
    heap.add(7);
    expect(heap.takeValue()).toBe(7);
  });

  it('equals a sort of the expanded copies', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 4 }))), (items) => {
        const heap = new AscendingHeap(items.length);
        for (const [value, copies] of items) heap.add(value, copies);
        const taken: number[] = [];
        while (!heap.isEmpty()) taken.push(heap.takeValue());
        expect(taken).toEqual(
          items.flatMap(([value, copies]) => Array<number>(copies).fill(value)).sort((a, b) => a - b),
        );
      }),
      { numRuns: 200, seed: 3 },
    );
  });
});
