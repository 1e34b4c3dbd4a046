import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShelfSegmentIndex } from '../src/graph/shelf-segment-index.ts';
import type { Rectangle } from '../src/layout/types.ts';

// An independent oracle in exact integer arithmetic: coordinates are on a 1/20 lattice (pickup
// offsets are 0.05), scaled by 20. A segment touches a closed rectangle when an end lies in it
// or the segment meets one of its four sides.
type P = [number, number];
const orientation = (a: P, b: P, c: P) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const onSegment = (a: P, b: P, p: P) =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);
function segmentsMeet(a: P, b: P, c: P, d: P): boolean {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}
function touchesScaled(a: P, b: P, r: { x0: number; y0: number; x1: number; y1: number }): boolean {
  const inside = (p: P) => p[0] >= r.x0 && p[0] <= r.x1 && p[1] >= r.y0 && p[1] <= r.y1;
  if (inside(a) || inside(b)) return true;
  const corners: P[] = [
    [r.x0, r.y0],
    [r.x1, r.y0],
    [r.x1, r.y1],
    [r.x0, r.y1],
  ];
  return corners.some((corner, i) => segmentsMeet(a, b, corner, corners[(i + 1) % 4]));
}

describe('ShelfSegmentIndex', () => {
  it('finds a touched shelf exactly when some shelf is touched, checked against exact arithmetic (property)', () => {
    const shelfArb = fc.record({
      x: fc.integer({ min: 0, max: 12 }),
      y: fc.integer({ min: 0, max: 12 }),
      w: fc.integer({ min: 1, max: 4 }),
      h: fc.integer({ min: 1, max: 4 }),
    });
    // Whole and half cells are drawn often, so segments through shelf corners and along sides are common.
    const coordinate = fc.oneof(
      fc.integer({ min: -20, max: 340 }),
      fc.integer({ min: 0, max: 17 }).map((cell) => cell * 20),
      fc.integer({ min: 0, max: 34 }).map((half) => half * 10),
    );
    const pointArb = fc.tuple(coordinate, coordinate);
    fc.assert(
      fc.property(
        fc.array(shelfArb, { maxLength: 8 }),
        fc.array(fc.tuple(pointArb, pointArb), { minLength: 1, maxLength: 40 }),
        (shelves, segments) => {
          const rectangles: Rectangle[] = shelves.map((s) => ({ position: [s.x, s.y], size: [s.w, s.h] }));
          const index = new ShelfSegmentIndex(rectangles);
          for (const [a, b] of segments) {
            const touched = shelves.map((s) =>
              touchesScaled(a, b, { x0: s.x * 20, y0: s.y * 20, x1: (s.x + s.w) * 20, y1: (s.y + s.h) * 20 }),
            );
            const found = index.crossedShelf(a[0] / 20, a[1] / 20, b[0] / 20, b[1] / 20);
            if (found === -1) expect(touched.some(Boolean)).toBe(false);
            else expect(touched[found]).toBe(true);
          }
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('reports nothing without shelves, and a shelf for a point on it', () => {
    expect(new ShelfSegmentIndex([]).crossedShelf(0, 0, 5, 5)).toBe(-1);
    const index = new ShelfSegmentIndex([{ position: [1, 1], size: [2, 2] }]);
    expect(index.crossedShelf(2, 2, 2, 2)).toBe(0);
    expect(index.crossedShelf(3, 1.5, 3, 1.5)).toBe(0);
    expect(index.crossedShelf(3.05, 1.5, 5, 1.5)).toBe(-1);
  });
});
