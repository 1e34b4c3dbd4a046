import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findKnee } from '../src/experiments/knee.ts';

const sweep = (...pairs: [number, number | null][]) => pairs.map(([robotCount, makespan]) => ({ robotCount, makespan }));

describe('findKnee', () => {
  it('picks the smallest fleet within 5% of the best makespan', () => {
    // Best 1000 s at 8 robots; 6 robots at 1040 s is within 5%, 4 robots at 1100 s is not.
    const points = sweep([2, 2400], [4, 1100], [6, 1040], [8, 1000], [10, 1001]);
    expect(findKnee(points, 0.05)).toEqual({ robotCount: 6, makespan: 1040 });
  });

  it('with tolerance 0 picks the smallest fleet reaching the best makespan exactly', () => {
    expect(findKnee(sweep([2, 300], [4, 200], [6, 200], [8, 250]), 0)).toEqual({ robotCount: 4, makespan: 200 });
  });

  it('breaks ties in makespan toward fewer robots, whatever the point order', () => {
    expect(findKnee(sweep([8, 500], [3, 500], [5, 500]), 0)).toEqual({ robotCount: 3, makespan: 500 });
  });

  it('keeps a point lying exactly on the tolerance limit', () => {
    expect(findKnee(sweep([1, 105], [2, 100]), 0.05)).toEqual({ robotCount: 1, makespan: 105 });
  });

  it('ignores missing and failed points', () => {
    expect(findKnee(sweep([1, null], [2, 900], [3, null], [4, 880]), 0.05)).toEqual({ robotCount: 2, makespan: 900 });
    expect(findKnee([{ robotCount: 1, makespan: undefined }, { robotCount: 2, makespan: Number.NaN }, { robotCount: 3, makespan: 70 }], 0.05)).toEqual({
      robotCount: 3,
      makespan: 70,
    });
  });

  it('gives the only point of a single-point sweep', () => {
    expect(findKnee(sweep([7, 1234]), 0.05)).toEqual({ robotCount: 7, makespan: 1234 });
  });

  it('gives null when no point has a makespan', () => {
    expect(findKnee(sweep([1, null], [2, null]), 0.05)).toBeNull();
    expect(findKnee([], 0.05)).toBeNull();
  });

  it('returns the caller’s own point object', () => {
    const points = [{ robotCount: 2, makespan: 10, solveId: 41 }];
    expect(findKnee(points, 0.05)).toBe(points[0]);
  });

  it('is within tolerance of the best, and no smaller fleet is', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 12 }).chain((counts) =>
          fc.tuple(fc.constant(counts), fc.array(fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }), { minLength: counts.length, maxLength: counts.length })),
        ),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        ([counts, makespans], tolerance) => {
          const points = counts.map((robotCount, index) => ({ robotCount, makespan: makespans[index] }));
          const knee = findKnee(points, tolerance);
          const finished = points.filter((point) => point.makespan !== null) as { robotCount: number; makespan: number }[];
          if (finished.length === 0) {
            expect(knee).toBeNull();
            return;
          }
          const best = Math.min(...finished.map((point) => point.makespan));
          expect(knee!.makespan).toBeLessThanOrEqual(best * (1 + tolerance) + 1e-6);
          for (const point of finished) {
            if (point.robotCount < knee!.robotCount) expect(point.makespan).toBeGreaterThan(best * (1 + tolerance));
          }
        },
      ),
    );
  });
});
