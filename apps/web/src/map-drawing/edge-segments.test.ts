import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeCollinearSegments } from './edge-segments.ts';

const merge = (...segments: number[][]) => [...mergeCollinearSegments(Float64Array.from(segments.flat()))];

describe('mergeCollinearSegments', () => {
  it('merges the three edges between three collinear points into one segment', () => {
    expect(merge([0, 0, 1, 0], [1, 0, 2, 0], [0, 0, 2, 0])).toEqual([0, 0, 2, 0]);
  });

  it('keeps crossing lines separate', () => {
    expect(merge([0, 0, 2, 2], [0, 2, 2, 0])).toEqual([0, 2, 2, 0, 0, 0, 2, 2]);
  });

  it('merges touching intervals and keeps disjoint ones on the same line apart', () => {
    expect(merge([0, 0, 1, 0], [1, 0, 3, 0], [4, 0, 5, 0])).toEqual([0, 0, 3, 0, 4, 0, 5, 0]);
  });

  it('merges vertical segments and diagonal segments, each on its own line', () => {
    expect(merge([2, 0, 2, 1], [2, 0.5, 2, 3], [0, 0, 1, 1], [1, 1, 3, 3], [0.5, 0.5, 2, 2])).toEqual([
      0, 0, 3, 3, 2, 0, 2, 3,
    ]);
  });

  it('merges segments given in reversed directions', () => {
    expect(merge([2, 0, 0, 0], [3, 0, 1, 0])).toEqual([0, 0, 3, 0]);
    expect(merge([3, 3, 1, 1], [0, 0, 2, 2])).toEqual([0, 0, 3, 3]);
  });

  it('keeps parallel segments on different lines apart and drops zero-length ones', () => {
    expect(merge([0, 0, 2, 0], [0, 1, 2, 1], [5, 5, 5, 5])).toEqual([0, 0, 2, 0, 0, 1, 2, 1]);
  });

  it('keeps a segment contained in another inside the longer one', () => {
    expect(merge([0, 0, 4, 2], [2, 1, 0, 0], [4, 2, 2, 1])).toEqual([0, 0, 4, 2]);
  });

  // Points on a small lattice (like graph nodes on a grid), so many edges are collinear.
  const lattice = fc.integer({ min: 0, max: 6 }).map((value) => value * 0.5);
  const segment = fc.tuple(lattice, lattice, lattice, lattice).filter(([x1, y1, x2, y2]) => x1 !== x2 || y1 !== y2);

  /** Distance from (px, py) to the segment (x1, y1)-(x2, y2). */
  function distanceToSegment(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const along = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - (x1 + along * dx), py - (y1 + along * dy));
  }

  const covers = (segments: ArrayLike<number>, px: number, py: number) => {
    for (let index = 0; index < segments.length; index += 4) {
      if (
        distanceToSegment(px, py, segments[index], segments[index + 1], segments[index + 2], segments[index + 3]) < 1e-9
      )
        return true;
    }
    return false;
  };

  it('covers every point of every edge and no point that no edge covers', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 25 }), (segments) => {
        const input = Float64Array.from(segments.flat());
        const merged = mergeCollinearSegments(input);
        for (const [x1, y1, x2, y2] of segments) {
          // Every input edge lies within one merged segment on its line: both ends and its
          // midpoint are on a single merged segment.
          let within = false;
          for (let index = 0; index < merged.length && !within; index += 4) {
            const one = merged.subarray(index, index + 4);
            within = covers(one, x1, y1) && covers(one, x2, y2) && covers(one, (x1 + x2) / 2, (y1 + y2) / 2);
          }
          expect(within).toBe(true);
        }
        // Sample each merged segment finely: every sample lies on some input edge.
        for (let index = 0; index < merged.length; index += 4) {
          for (let step = 0; step <= 64; step++) {
            const px = merged[index] + ((merged[index + 2] - merged[index]) * step) / 64;
            const py = merged[index + 1] + ((merged[index + 3] - merged[index + 1]) * step) / 64;
            expect(covers(input, px, py)).toBe(true);
          }
        }
        // Merging never adds segments, and merging again changes nothing.
        expect(merged.length).toBeLessThanOrEqual(input.length);
        expect([...mergeCollinearSegments(merged)]).toEqual([...merged]);
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });
});
