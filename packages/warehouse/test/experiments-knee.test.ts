import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findKnee, kneePointOf, kneeRuleSchema, type KneeCandidate, type KneeRule } from '../src/experiments/knee.ts';
import { nextSweepValues } from '../src/records/experiment.ts';

const sweep = (...pairs: [number, number | null][]) =>
  pairs.map(([robotCount, makespan]) => ({ robotCount, makespan }));

const diminishing = (minGain: number): KneeRule => ({ rule: 'diminishing_returns', min_gain: minGain });
const ELBOW: KneeRule = { rule: 'elbow' };
const withinBest = (tolerance: number): KneeRule => ({ rule: 'within_best', tolerance });
const finishBy = (deadlineS: number): KneeRule => ({ rule: 'finish_by', deadline_s: deadlineS });

/** Hand-worked curves, 1 to 6 robots. */
// Steep, then flat: gains per robot 480, 160, 60, 10, 5 s.
const WITH_ELBOW = sweep([1, 1000], [2, 520], [3, 360], [4, 300], [5, 290], [6, 285]);
// A straight line: every robot gains 100 s, so the range never flattens.
const STRAIGHT = sweep([1, 600], [2, 500], [3, 400], [4, 300], [5, 200], [6, 100]);
// More robots change nothing.
const FLAT = sweep([1, 400], [2, 400], [3, 400], [4, 400]);
// Down, then noise of a few per cent: 4 robots is worse than 3, 5 a little better.
const NOISY = sweep([1, 900], [2, 480], [3, 350], [4, 365], [5, 330], [6, 340]);

function kneeCount(points: readonly KneeCandidate[], rule: KneeRule): [string, number | null] {
  const finding = findKnee(points, rule);
  return [finding.status, kneePointOf(finding)?.robotCount ?? null];
}

describe('findKnee: diminishing returns', () => {
  it('on a curve with an elbow stops where one more robot gains under 5% of the makespan', () => {
    // At 4 robots (300 s): 5 gains 10 s (3.3%), 6 gains 15 s over 2 robots (2.5% each). At 3
    // robots (360 s), the 4th gains 60 s = 16.7%.
    expect(kneeCount(WITH_ELBOW, diminishing(0.05))).toEqual(['knee', 4]);
    // Asking for 20% per robot: at 3 robots the 4th gains only 16.7%; at 2 (520 s) the 3rd gains 30.8%.
    expect(kneeCount(WITH_ELBOW, diminishing(0.2))).toEqual(['knee', 3]);
  });

  it('on a straight line says the knee is the largest fleet tested', () => {
    // At 5 robots (200 s) the 6th still gains 100 s = 50%.
    expect(kneeCount(STRAIGHT, diminishing(0.05))).toEqual(['largest_tested', 6]);
  });

  it('on a flat curve picks the smallest fleet', () => {
    expect(kneeCount(FLAT, diminishing(0.05))).toEqual(['knee', 1]);
  });

  it('on a noisy curve looks past a worse point to every larger fleet', () => {
    // At 3 robots (350 s): 4 is worse, 5 gains 20 s over 2 robots (2.9% each), 6 gains 10 s over 3.
    expect(kneeCount(NOISY, diminishing(0.05))).toEqual(['knee', 3]);
    // At 3 robots with 2%: 5 robots gain 2.9% each, so 3 is not the knee; 4 (365 s) gains 35 s to 5 = 9.6%; 5 is it.
    expect(kneeCount(NOISY, diminishing(0.02))).toEqual(['knee', 5]);
  });
});

describe('findKnee: elbow (Kneedle)', () => {
  it('on a curve with an elbow picks the point farthest below the chord', () => {
    // Scaled: y = 1, .329, .105, .021, .007, 0 at x = 0, .2, .4, .6, .8, 1; 1 - y - x peaks at 3 robots (.495).
    expect(kneeCount(WITH_ELBOW, ELBOW)).toEqual(['knee', 3]);
  });

  it('on a straight line finds no elbow inside the range', () => {
    expect(kneeCount(STRAIGHT, ELBOW)).toEqual(['largest_tested', 6]);
  });

  it('on a flat curve picks the smallest fleet', () => {
    expect(kneeCount(FLAT, ELBOW)).toEqual(['knee', 1]);
  });

  it('on a noisy curve still finds the bend', () => {
    // Scaled by 900 - 330 = 570: 1 - y - x is 0, .537, .565, .339, .2, -.018: 3 robots.
    expect(kneeCount(NOISY, ELBOW)).toEqual(['knee', 3]);
  });
});

describe('findKnee: within X% of the best', () => {
  it('picks the smallest fleet within 5% of the best makespan', () => {
    // Best 1000 s at 8 robots; 6 robots at 1040 s is within 5%, 4 robots at 1100 s is not.
    expect(kneeCount(sweep([2, 2400], [4, 1100], [6, 1040], [8, 1000], [10, 1001]), withinBest(0.05))).toEqual([
      'knee',
      6,
    ]);
  });

  it('on a curve still falling at its end says the knee is the largest fleet tested', () => {
    // 285 s is the best; 290 s at 5 robots is 1.75% off, so with 1% only 6 robots qualify; with
    // 5% the limit is 299.25 s, which 300 s at 4 robots just misses.
    expect(kneeCount(WITH_ELBOW, withinBest(0.01))).toEqual(['largest_tested', 6]);
    expect(kneeCount(WITH_ELBOW, withinBest(0.05))).toEqual(['knee', 5]);
  });

  it('keeps a point lying exactly on the tolerance limit and breaks ties toward fewer robots', () => {
    expect(kneeCount(sweep([1, 105], [2, 100]), withinBest(0.05))).toEqual(['knee', 1]);
    expect(kneeCount(sweep([8, 500], [3, 500], [5, 500]), withinBest(0))).toEqual(['knee', 3]);
  });
});

describe('findKnee: finish by a deadline', () => {
  it('gives the fewest robots that finish by the deadline', () => {
    expect(kneeCount(WITH_ELBOW, finishBy(360))).toEqual(['knee', 3]);
    expect(kneeCount(NOISY, finishBy(345))).toEqual(['knee', 5]);
  });

  it('answers with the largest fleet when only it finishes in time: that fleet meets the target', () => {
    expect(kneeCount(WITH_ELBOW, finishBy(286))).toEqual(['knee', 6]);
  });

  it('says so when no fleet tested finishes in time, naming the closest', () => {
    const finding = findKnee(NOISY, finishBy(300));
    expect(finding).toEqual({ status: 'target_not_met', closest: { robotCount: 5, makespan: 330 } });
    expect(kneePointOf(finding)).toBeNull();
  });
});

describe('findKnee: any rule', () => {
  const RULES: KneeRule[] = [diminishing(0.05), ELBOW, withinBest(0.05), finishBy(1000)];

  it('ignores missing and failed points, and reports none when no point has a makespan', () => {
    for (const rule of RULES) {
      expect(findKnee(sweep([1, null], [2, null]), rule)).toEqual({ status: 'no_points' });
      expect(findKnee([], rule)).toEqual({ status: 'no_points' });
    }
    expect(kneeCount(sweep([1, null], [2, 900], [3, null], [4, 880]), withinBest(0.05))).toEqual(['knee', 2]);
    expect(
      kneeCount(
        [
          { robotCount: 1, makespan: undefined },
          { robotCount: 2, makespan: Number.NaN },
          { robotCount: 3, makespan: 70 },
        ],
        ELBOW,
      ),
    ).toEqual(['largest_tested', 3]);
  });

  it('treats a single point as the largest fleet tested for the shape rules', () => {
    expect(kneeCount(sweep([7, 1234]), diminishing(0.05))).toEqual(['largest_tested', 7]);
    expect(kneeCount(sweep([7, 1234]), ELBOW)).toEqual(['largest_tested', 7]);
    expect(kneeCount(sweep([7, 1234]), finishBy(2000))).toEqual(['knee', 7]);
  });

  it('returns the caller’s own point object', () => {
    const points = [
      { robotCount: 2, makespan: 10, solveId: 41 },
      { robotCount: 3, makespan: 10, solveId: 42 },
    ];
    for (const rule of RULES) expect(kneePointOf(findKnee(points, rule))).toBe(points[0]);
  });

  it('reads rules from their JSON form and refuses values outside their ranges', () => {
    expect(kneeRuleSchema.parse({ rule: 'finish_by', deadline_s: 600 })).toEqual(finishBy(600));
    expect(kneeRuleSchema.safeParse({ rule: 'diminishing_returns', min_gain: 0 }).success).toBe(false);
    expect(kneeRuleSchema.safeParse({ rule: 'within_best', tolerance: 2 }).success).toBe(false);
    expect(kneeRuleSchema.safeParse({ rule: 'sideways' }).success).toBe(false);
  });

  const randomSweep = fc
    .uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 12 })
    .chain((counts) =>
      fc.tuple(
        fc.constant(counts),
        fc.array(fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }), {
          minLength: counts.length,
          maxLength: counts.length,
        }),
      ),
    )
    .map(([counts, makespans]) => counts.map((robotCount, index) => ({ robotCount, makespan: makespans[index] })));

  it('within X%: the knee is within X% of the best, and no smaller fleet is', () => {
    fc.assert(
      fc.property(randomSweep, fc.double({ min: 0, max: 0.5, noNaN: true }), (points, tolerance) => {
        const knee = kneePointOf(findKnee(points, withinBest(tolerance)));
        const finished = points.filter((point) => point.makespan !== null) as {
          robotCount: number;
          makespan: number;
        }[];
        if (finished.length === 0) {
          expect(knee).toBeNull();
          return;
        }
        const best = Math.min(...finished.map((point) => point.makespan));
        expect(knee!.makespan).toBeLessThanOrEqual(best * (1 + tolerance) + 1e-6);
        for (const point of finished)
          if (point.robotCount < knee!.robotCount) expect(point.makespan).toBeGreaterThan(best * (1 + tolerance));
      }),
    );
  });

  it('diminishing returns: no larger fleet gains the share per robot from the knee, and every smaller fleet has one that does', () => {
    fc.assert(
      fc.property(randomSweep, fc.double({ min: 0.01, max: 0.5, noNaN: true }), (points, share) => {
        const finding = findKnee(points, diminishing(share));
        const finished = points.filter((point) => point.makespan !== null) as {
          robotCount: number;
          makespan: number;
        }[];
        if (finished.length === 0) {
          expect(finding.status).toBe('no_points');
          return;
        }
        const knee = kneePointOf(finding) as { robotCount: number; makespan: number };
        // The share is reached within a relative 1e-6 either way, so a gain exactly on it is not a coin toss.
        const gains = (from: { robotCount: number; makespan: number }, factor: number) =>
          finished.some(
            (larger) =>
              larger.robotCount > from.robotCount &&
              (from.makespan - larger.makespan) / (larger.robotCount - from.robotCount) >=
                share * from.makespan * factor,
          );
        expect(gains(knee, 1 + 1e-6)).toBe(false);
        for (const point of finished) if (point.robotCount < knee.robotCount) expect(gains(point, 1 - 1e-6)).toBe(true);
        expect(finding.status === 'largest_tested').toBe(
          knee.robotCount === Math.max(...finished.map((point) => point.robotCount)),
        );
      }),
    );
  });

  it('finish by T: the knee finishes by T and no smaller fleet does', () => {
    fc.assert(
      fc.property(randomSweep, fc.integer({ min: 1, max: 10_000 }), (points, deadline) => {
        const finding = findKnee(points, finishBy(deadline));
        const finished = points.filter((point) => point.makespan !== null) as {
          robotCount: number;
          makespan: number;
        }[];
        if (finding.status === 'target_not_met') {
          expect(finished.every((point) => point.makespan > deadline)).toBe(true);
          return;
        }
        if (finding.status === 'no_points') {
          expect(finished).toEqual([]);
          return;
        }
        expect(finding.point.makespan).toBeLessThanOrEqual(deadline);
        for (const point of finished)
          if (point.robotCount < finding.point.robotCount) expect(point.makespan).toBeGreaterThan(deadline);
      }),
    );
  });
});

describe('nextSweepValues', () => {
  it.each([
    [[2, 3, 4, 5, 6], 345, [7, 8, 9, 10, 11]],
    [[6, 4, 2], 345, [8, 10, 12]],
    [[3], 345, [4]],
    [[2, 3, 4, 5, 6], 9, [7, 8, 9]],
    [[1, 2, 3, 4], 4, []],
    [Array.from({ length: 28 }, (_, index) => index + 1), 345, [29, 30]],
    [[], 10, []],
  ])('after %j with at most %i gives %j', (tested, limit, next) => {
    expect(nextSweepValues(tested, limit)).toEqual(next);
  });
});
