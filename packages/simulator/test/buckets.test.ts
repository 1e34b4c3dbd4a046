import { describe, expect, it } from 'vitest';
import { bucketed, sortByKey } from '../src/buckets.ts';
import { createSeededRandom } from '@fleetlab/warehouse';

describe('sortByKey', () => {
  it('orders indices as a stable sort by key does, on random lists with many ties', () => {
    const random = createSeededRandom(7).next;
    for (let trial = 0; trial < 400; trial++) {
      const n = Math.floor(random() * 200);
      const m = 1 + Math.floor(random() * 500);
      // Quarter-second keys from 0 to 5 s: most lists hold ties.
      const keys = Float64Array.from({ length: m }, () => Math.floor(random() * 20) / 4);
      const indices = Int32Array.from({ length: n }, () => Math.floor(random() * m));
      const expected = Array.from(indices).sort((a, b) => keys[a] - keys[b]);
      sortByKey(indices, keys);
      expect(Array.from(indices)).toEqual(expected);
    }
  });

  it('sorts a bucket of a grouped order in place, leaving the rest of the order alone', () => {
    const keys = new Float64Array([3, 1, 2, 0, 5]);
    const { offsets, order } = bucketed([1, 0, 1, 1, 0], 2);
    sortByKey(order.subarray(offsets[1], offsets[2]), keys);
    expect(Array.from(order)).toEqual([1, 4, 3, 2, 0]);
  });
});
