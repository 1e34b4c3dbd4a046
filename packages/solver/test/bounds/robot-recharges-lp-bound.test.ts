import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveSmallExactly } from '../../src/algorithms/exact-small.ts';
import { computeBounds, SharedBoundWork, withCostlyBounds } from '../../src/bounds/bound-list.ts';
import { robotRechargesLpBound } from '../../src/bounds/robot-recharges-lp-bound.ts';
import { buildProblem, lowerBound, type Problem, solve } from '../../src/index.ts';
import { costlyBoundsBudgetS } from '../../src/solve.ts';
import { measureRoutes } from '../../src/plan/objective.ts';
import { loadBenchInstance } from '../../bench/point-plans.ts';
import { aroundShelfProblem } from '../floor-layouts.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary } from '../helpers.ts';

/** The bound on its own: every split weighed, whatever the list's other bounds say. */
const alone = (problem: Problem) => robotRechargesLpBound(problem, new SharedBoundWork(problem), { alone: true });

const boundNamed = (problem: Problem, name: string) =>
  lowerBound(problem).bounds.find((bound) => bound.name === name)?.makespan_s ?? Number.NaN;

describe('robot_recharges_lp, worked out by hand', () => {
  it('2 robots, a charger each, 5 deliveries of a charge each: one robot recharges twice, 400 s where the charge-segment LP says 390 s', () => {
    // 25 m batteries, 5% reserve: a segment holds one PR -> D1 delivery. Speed 1 m/s, no
    // handling, 180 s recharges. Segments: open 10 s (R1 or home -> PR -> D1), closed 10 + 10 +
    // 180 = 200 s, the empty first one (a recharge at the start) 180 s. The recharge LP proves 3
    // recharges (5 deliveries, 2 open segments), so some robot makes 2. A robot's least finish:
    // 190 s with one recharge (the empty first, then an open one), 390 s with two (+ a 200 s
    // round trip), 590 s with three. Splits at level 390 s with 3 recharges or more:
    // - (2, 1): 5 segments for 5 deliveries, so each carries one: the robot with two recharges
    //   takes 200 + 200 + 10 = 410 s.
    // - (2, 2), both robots in one group of 2: 6 segments, one first one empty: time row
    //   2 M >= 180 + 200 + 2 x 200 + 2 x 10 = 800, so 400 s.
    // The next level, 590 s, is above 400: the bound is 400 s. The best plan takes 410 s (a
    // robot with two recharges cannot split its first segment between empty and full).
    const problem = aroundShelfProblem(2, 5, { max_distance: 25, recharge_time: 3, chargers: 2 });
    expect(alone(problem)).toBeCloseTo(400, 3);
    expect(boundNamed(problem, 'charge_segment_lp')).toBeCloseTo(390, 3);
    const routes = solveSmallExactly(problem);
    expect(routes).not.toBeNull();
    expect(Math.max(...measureRoutes(problem, routes ?? []).finish)).toBe(410);
    expect(solve(problem, { algorithm: 'makespan', maxIterations: 200 }).stats.makespan_s).toBe(410);
  });

  it('gives the list nothing where the charge-segment LP is not tried (batteries that never bind)', () => {
    const ample = aroundShelfProblem(2, 4, { max_distance: 1000 });
    expect(alone(ample)).toBe(0);
  });
});

describe('robot_recharges_lp on the bench', () => {
  it('battery6: 7 recharges over 6 robots put two on one robot, and its 600 s of charging leave it the work the others cannot carry: 796.7 s', () => {
    // The charge-segment LP says 660 s (the least a robot with two recharges can finish); the
    // plans take 816-818 s with one robot recharging twice. Deterministic: the bound stops on
    // labels, not on the clock.
    const problem = buildProblem(loadBenchInstance('battery6'));
    const shared = new SharedBoundWork(problem);
    expect(shared.chargeSegmentLp().makespan_s).toBeCloseTo(660, 3);
    expect(shared.chargeSegmentLp().recharges).toBe(7);
    expect(robotRechargesLpBound(problem, shared)).toBeCloseTo(796.67, 1);
  });

  it("battery6 past a solve's deadline for its costly bounds: the split LP reports the level it reached, 660 s, a bound still", () => {
    // The first level with a split of 7 recharges is a robot's least finish with two: 660 s.
    // A deadline already past stops the bound there, before any split's master is weighed. The
    // charge-segment LP it starts from is proven first, without the deadline (a costly bound
    // too, it would stop at once and leave the split LP nothing to start from).
    const problem = buildProblem(loadBenchInstance('battery6'));
    const figures = computeBounds(problem, undefined, { costly: false });
    expect(figures.shared.chargeSegmentLp().recharges).toBe(7);
    const late = withCostlyBounds(figures, { deadlineMs: 0 });
    expect(late.values.find((value) => value.name === 'robot_recharges_lp')?.makespan_s).toBeCloseTo(660, 3);
  });
});

describe("the costly bounds' time after a search", () => {
  it('is a quarter of the time limit, at least a second', () => {
    expect(costlyBoundsBudgetS(2)).toBe(1);
    expect(costlyBoundsBudgetS(10)).toBe(2.5);
    expect(costlyBoundsBudgetS(300)).toBe(75);
  });
});

describe('robot_recharges_lp on random instances', () => {
  it('is at most the proven optimum of the exact method (one charger per robot)', () => {
    let positive = 0;
    let aboveSegments = 0;
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          handovers: true,
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 7,
          minChargeFactor: 1,
          maxChargeFactor: 2,
          minRechargeMinutes: 0,
          startOffsets: [0, 1],
        }),
        fc.boolean(),
        (handedOver, handed) => {
          const problem = buildUnlessInfeasible(handed ? handedOver : { ...handedOver, handovers: undefined });
          if (!problem) return;
          const routes = solveSmallExactly(problem);
          if (!routes) return;
          const optimum = Math.max(0, ...measureRoutes(problem, routes).finish);
          const shared = new SharedBoundWork(problem);
          const bound = robotRechargesLpBound(problem, shared, { alone: true });
          expect(bound).toBeLessThanOrEqual(optimum + 1e-6);
          if (bound > 0) positive++;
          if (bound > shared.chargeSegmentLp().makespan_s + 1e-6) aboveSegments++;
        },
      ),
      { numRuns: 150, seed: 20261129 },
    );
    expect(positive).toBeGreaterThan(15);
    expect(aboveSegments).toBeGreaterThan(3);
  });
});
