import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, generateWarehouseInstance } from '@fleetlab/warehouse';
import { solveSmallExactly } from '../../src/algorithms/exact-small.ts';
import { SharedBoundWork } from '../../src/bounds/bound-list.ts';
import { chargeSegmentLpBound, LP_MAX_DELIVERIES } from '../../src/bounds/charge-segment-lp-bound.ts';
import { buildProblem, checkPlan, InfeasibleDeliveryError, lowerBound, type Problem, solve } from '../../src/index.ts';
import { measureRoutes } from '../../src/plan/objective.ts';
import { aroundShelfProblem } from '../floor-layouts.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary } from '../helpers.ts';

/** The bound, its makespan LP solved to the end (the list's stops once the recharge count proves more). */
const lp = (problem: Problem) => chargeSegmentLpBound(problem, new SharedBoundWork(problem), { untilConverged: true });

describe('charge_segment_lp, worked out by hand', () => {
  it('3 robots, 1 charger, two 180 s charges each: 6 recharges one after the other, then a delivery: 1,090 s', () => {
    // 25 m batteries, 5% reserve: 23.75 m a charge. A segment holds one PR -> D1 delivery (R1 ->
    // PR -> D1 is 10 m and the way home 10 m; a second would make 16 m + 10 m home). Robots start
    // full on R1, speed 1 m/s, no handling. The columns: open 10 s (first or later), closed 10 +
    // 10 + 180 = 200 s, the empty first one (a recharge at the start) 180 s. Nine deliveries, at
    // most 3 open segments (one a robot): 6 closed, 6 recharges. The station row: 180 x 6 <= 1 x
    // (M - 10), 10 s being the least segment after a recharge (R1 -> PR -> D1); the time row,
    // 3 M >= 3 x 10 + 6 x 200, only asks 410 s. A solution at 1,090: 3 first closed, 3 later
    // closed, 3 later open (the chain row: 6 later <= 6 closed). So the LP is 1,090 s: the
    // issue's 1,080 s of charging on the one charger, and the drive after the last charge. The
    // recharge LP: 6 closed segments at least, so 6 recharges, which the charger fits by 1,090 s
    // (10 + 6 x 180); each robot could fit 5 by then (180 + 10, then 200 s each).
    const problem = aroundShelfProblem(3, 9, { max_distance: 25, recharge_time: 3, chargers: 1 });
    const bound = lp(problem);
    expect(bound.converged).toBe(true);
    expect(bound.makespan_s).toBeCloseTo(1090, 3);
    expect(bound.recharges).toBe(6);
    expect(bound.makespan_s).toBeLessThanOrEqual(1090);
    const { stats } = solve(problem, { algorithm: 'makespan', maxIterations: 30 });
    expect(stats.makespan_s).toBeGreaterThanOrEqual(bound.makespan_s);
  });

  it('2 robots, 1 charger, 4 deliveries of one charge each: 2 recharges in turn: 370 s', () => {
    // The same segments as above, K = 2 robots: 4 deliveries, at most 2 open segments, so 2
    // closed: 180 x 2 <= M - 10, M >= 370 (the time row: 2 M >= 2 x 10 + 2 x 200, 210 s). The
    // best plan does 390 s: the first recharge cannot start before a robot is back from its first
    // delivery (20 s); the LP does not count that wait. The recharge LP: 2 recharges, the same
    // 10 + 2 x 180.
    const problem = aroundShelfProblem(2, 4, { max_distance: 25, recharge_time: 3, chargers: 1 });
    const bound = lp(problem);
    expect(bound.converged).toBe(true);
    expect(bound.makespan_s).toBeCloseTo(370, 3);
    expect(bound.recharges).toBe(2);
    const { stats } = solve(problem, { algorithm: 'makespan', maxIterations: 30 });
    expect(stats.makespan_s).toBe(390);
  });

  it('a robot whose deliveries need 1.125 charges: the LPs pay half a recharge, rounded up to a whole one: 70 s', () => {
    // One robot, three PR -> D1 deliveries, 26 m charges, no reserve, 60 s recharges. A segment
    // holds two (R1 -> PR -> D1 -> PR -> D1 is 16 m, 10 m home: 26 m), not three. Columns (one
    // robot, so no station row): one delivery open 10 s, closed 10 + 10 + 60 = 80 s; two open
    // 16 s, closed 86 s; the empty first 60 s. The best plan: two, home, recharge, the third: 96
    // s. The makespan LP mixes half of two plans: the first segment open (two deliveries, 16 s)
    // with weight 1/2 and closed (86 s) with 1/2, and a later open segment of two with 1/2 (the
    // chain row: 1/2 later <= 1/2 closed): 3 deliveries covered in 8 + 43 + 8 = 59 s, and nothing
    // cheaper covers the third (a closed segment costs 70 s more than an open one, and only the
    // first is free of a recharge). A linear programme cannot make a robot pay a whole recharge.
    // The recharge LP's least is the same 1/2 closed segment, which a plan makes whole: 1
    // recharge, and a robot with one recharge finishes no earlier than the recharge (60 s) and
    // the least segment after it (R1 -> PR -> D1, 10 s): 70 s.
    const problem = aroundShelfProblem(1, 3, { max_distance: 26, recharge_time: 1, battery_reserve_pct: 0 });
    const bound = lp(problem);
    expect(bound.converged).toBe(true);
    expect(bound.master_s).toBeCloseTo(59, 6);
    expect(bound.recharges).toBe(1);
    expect(bound.makespan_s).toBeCloseTo(70, 4);
    // The list's bound stops the makespan LP once its master is down to 70 s: the same value.
    expect(chargeSegmentLpBound(problem, new SharedBoundWork(problem)).makespan_s).toBeCloseTo(70, 4);
    // The whole-charge bound also counts the drive to the recharge and back (92 s), and the
    // battery-aware bound, which counts this robot's charges exactly, the optimum 96 s.
    const all = lowerBound(problem);
    const boundNamed = (name: string) => all.bounds.find((value) => value.name === name)?.makespan_s;
    expect(boundNamed('whole_charges')).toBeCloseTo(92, 4);
    expect(all.tightest_name).toBe('battery_segments');
    expect(all.tightest_s).toBeCloseTo(96, 4);
  });

  it('is not tried where no robot must recharge, nor past its size', () => {
    const ample = aroundShelfProblem(2, 4, { max_distance: 1000 });
    expect(lp(ample)).toMatchObject({ makespan_s: 0, rounds: 0 });
    const many = aroundShelfProblem(2, LP_MAX_DELIVERIES + 1, { max_distance: 25, chargers: 1 });
    expect(lp(many)).toMatchObject({ makespan_s: 0, rounds: 0 });
  });
});

describe('charge_segment_lp, cancelled', () => {
  it('lets the solve’s cancellation through from its pricing', () => {
    const problem = aroundShelfProblem(3, 9, { max_distance: 25, recharge_time: 3, chargers: 1 });
    let cancelled = false;
    const shared = new SharedBoundWork(problem, () => {
      if (cancelled) throw new Error('cancelled');
    });
    shared.model();
    shared.battery();
    cancelled = true;
    expect(() => chargeSegmentLpBound(problem, shared)).toThrow('cancelled');
    // HiGHS is still usable after the cancelled model was freed.
    expect(lp(problem).makespan_s).toBeCloseTo(1090, 3);
  });
});

describe('charge_segment_lp on random instances', () => {
  it('is at most the proven optimum of the exact method, robots handed over mid-shift or not (one charger per robot)', () => {
    let tried = 0;
    let positive = 0;
    let tightest = 0;
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          handovers: true,
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 8,
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
          const bound = lp(problem);
          expect(bound.makespan_s).toBeLessThanOrEqual(optimum + 1e-6);
          if (bound.rounds > 0) tried++;
          if (bound.makespan_s > 0) positive++;
          // robot_recharges_lp starts from this LP's recharge count: the others are the simpler bounds.
          const others = lowerBound(problem).bounds.filter(
            (value) => value.name !== 'charge_segment_lp' && value.name !== 'robot_recharges_lp',
          );
          if (bound.makespan_s > Math.max(...others.map((value) => value.makespan_s)) + 1e-6) tightest++;
        },
      ),
      { numRuns: 300, seed: 20261201 },
    );
    // Batteries bind on many of them (68 of 300 runs), the LP proves something on each, and on
    // 32 it is above every other bound of the list.
    expect(tried).toBeGreaterThan(40);
    expect(positive).toBeGreaterThan(30);
    expect(tightest).toBeGreaterThan(10);
  });

  it('is at most every algorithm’s plan on small floors with one charger per station, where robots queue for it (point robots and robots that accelerate and turn, handling or none)', () => {
    let proving = 0;
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 10, max: 12 }),
          height: fc.integer({ min: 10, max: 12 }),
          stations: fc.integer({ min: 1, max: 2 }),
          robotsPerStation: fc.integer({ min: 2, max: 3 }),
          orders: fc.integer({ min: 3, max: 12 }),
          seed: fc.integer({ min: 1, max: 10_000 }),
          maxDistance: fc.constantFrom(40, 60, 90),
          rechargeMinutes: fc.integer({ min: 1, max: 5 }),
          model: fc.constantFrom('point', 'amr'),
          handling: fc.constantFrom(0, 3),
        }),
        fc.integer({ min: 1, max: 1000 }),
        ({ maxDistance, rechargeMinutes, model, handling, ...options }, seed) => {
          const instance = generateWarehouseInstance({ ...options, shelfLength: 3 });
          let problem: Problem;
          try {
            problem = buildProblem({
              environment: instance.environment,
              tasks: instance.tasks,
              params: {
                max_distance: maxDistance,
                recharge_time: rechargeMinutes,
                chargers: 1,
                robot_model: model,
                handling_time_s: handling,
              },
            });
          } catch (error) {
            expect(error).toBeInstanceOf(InfeasibleDeliveryError);
            return;
          }
          const bound = lp(problem);
          if (bound.makespan_s > 0) proving++;
          for (const algorithm of ALGORITHMS) {
            const { results } = solve(problem, { algorithm: algorithm.name, seed, maxIterations: 15 });
            const check = checkPlan(problem, results);
            expect(check.errors).toEqual([]);
            expect(bound.makespan_s, algorithm.name).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          }
        },
      ),
      { numRuns: 25, seed: 20261202 },
    );
    // The LP proves something on 8 of the 25 floors.
    expect(proving).toBeGreaterThan(5);
  });
});
