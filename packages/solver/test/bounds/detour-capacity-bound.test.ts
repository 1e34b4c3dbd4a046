import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveSmallExactly } from '../../src/algorithms/exact-small.ts';
import { detourCapacityBound } from '../../src/bounds/detour-capacity-bound.ts';
import { modelLowerBound, usableRobots } from '../../src/bounds/lower-bound.ts';
import { groupDeliveriesByPlace } from '../../src/bounds/place-groups.ts';
import { predecessorAssignmentBound } from '../../src/bounds/predecessor-bound.ts';
import { measureRoutes } from '../../src/plan/objective.ts';
import type { Problem } from '../../src/problem/problem.ts';
import { buildProblem, solve } from '../../src/index.ts';
import { aroundShelfProblem } from '../floor-layouts.ts';
import {
  buildUnlessInfeasible,
  gridInstanceArbitrary,
  loadFixture,
  loadInstance,
  buildGraphProblem,
} from '../helpers.ts';

/** The detour-capacity bound with the model's assignment as A(0), as solve computes it. */
function boundOf(problem: Problem) {
  let lengths = 0;
  for (const length of problem.deliveryLength) lengths += length;
  return detourCapacityBound(problem, modelLowerBound(problem).distance_m - lengths);
}

describe('detour-capacity bound', () => {
  it('a line where one charge holds one delivery: 3 deliveries need 2 recharges, each through the station, 170 s exactly', () => {
    // R1 -5- P -5- D, 20 m per charge, 1 min per recharge. Start -> P -> D is 10 m and D -> R1 10 m:
    // a charge holds one delivery. Arcs: R1 -> P 5 m; D -> P 5 m directly, 15 m through R1.
    // At a price of 10 m per station arc both D -> P arcs go through R1: A(10) = 5 + 2 x 5 = 15,
    // so two recharges cost at least 15 + 2 x 10 = 35 m of arcs plus 15 m of deliveries: 50 m.
    // One robot with 2 recharges drives at most 3 x 20 - 10 = 50 m (the last charge keeps the
    // way home) and finishes no earlier than 50 + 2 x 60 = 170 s; with 1 recharge it drives at
    // most 30 m < 15 + 25. The model's bound sees 30 m of work: 30 + 60 = 90 s.
    const problem = buildGraphProblem(loadFixture('one-delivery-per-charge'));
    expect(modelLowerBound(problem).makespan_s).toBe(90);
    const bound = boundOf(problem);
    expect(bound.recharges).toBe(2);
    expect(bound.makespan_s).toBeCloseTo(170, 4);
    expect(bound.makespan_s).toBeLessThanOrEqual(170);
    expect(solve(problem, { algorithm: 'makespan', maxIterations: 10 }).stats).toMatchObject({
      makespan_s: 170,
      lower_bound_battery_s: 170,
      stop_reason: 'optimal',
    });
  });

  it('prices arcs through the station by places: on that line A(11) = 12 m, every D -> P arc through R1', () => {
    // Three deliveries P -> D share one pickup place; its predecessors are R1 (the robot's start,
    // 5 m, one robot) and D (three dropoffs: 5 m directly, 15 m through R1). The assignment asks
    // only for distinct predecessors, so the three deliveries may precede each other in a cycle.
    // A(0) = 15 m. At a price of 10 m an arc through R1 costs 15 - 10 = 5 m, no less than the
    // direct one: A(10) = 15 m. At 11 m each D arc is cheaper through R1 (4 m), and all three
    // take it: A(11) = 3 x 4 = 12 m, 3 arcs through the station.
    const problem = buildGraphProblem(loadFixture('one-delivery-per-charge'));
    const groups = groupDeliveriesByPlace(problem);
    const through = Float64Array.from([15]);
    const priced = (price: number) =>
      predecessorAssignmentBound(problem, groups, usableRobots(problem), { stationArcs: { through, price } });
    expect(priced(0).distance_m).toBeCloseTo(15, 9);
    expect(priced(0).stationArcs).toBe(0);
    expect(priced(10).distance_m).toBeCloseTo(15, 9);
    expect(priced(11).distance_m).toBeCloseTo(12, 9);
    expect(priced(11).stationArcs).toBe(3);
  });

  it('s2: at most two deliveries per charge and every recharge through a station: 779.55 s, above the battery-aware 760.96 s', () => {
    const problem = buildGraphProblem(loadInstance('s2'));
    const bound = boundOf(problem);
    expect(bound.recharges).toBe(12);
    expect(bound.makespan_s).toBeCloseTo(779.55, 2);
  });

  it('m1, where no robot must recharge, keeps the model bound', () => {
    const problem = buildGraphProblem(loadInstance('m1'));
    const bound = boundOf(problem);
    expect(bound.recharges).toBe(0);
    expect(bound.makespan_s).toBeCloseTo(modelLowerBound(problem).makespan_s, 6);
  });

  it('3 robots, 1 charger, nine one-charge deliveries: the two recharges it counts take the charger in turn (charger_turns), 390 s', () => {
    // Around the shelf: R1 -> PR 7 m, PR -> D1 3 m, D1 -> R1 10 m, D1 -> PR 3 m directly or 17 m
    // through R1; 25 m charges (23.75 m usable), 180 s recharges. The deliveries are 27 m and the
    // least arcs 3 x 7 + 6 x 3 = 39 m; a robot drives 23.75 - 10 m on the charge it has and a
    // charge more per recharge, and each station arc costs 14 m more. Routes timed with a charger
    // each fit in 212 s (three recharges between deliveries, spread over the robots). On one
    // charger even two take their turns: the first cannot start before a robot is back from a
    // delivery (20 s) and a delivery follows the second (10 s), so every plan takes at least
    // 20 + 2 x 180 + 10 = 390 s.
    const shared = boundOf(aroundShelfProblem(3, 9, { max_distance: 25, recharge_time: 3, chargers: 1 }));
    expect(shared.recharges).toBe(3);
    expect(shared.makespan_s).toBeCloseTo(212, 4);
    expect(shared.inTurn_s).toBeCloseTo(390, 4);
    expect(shared.inTurn_s).toBeLessThanOrEqual(390);
    // A charger per robot: nothing waits its turn, the two figures are one.
    const own = boundOf(aroundShelfProblem(3, 9, { max_distance: 25, recharge_time: 3, chargers: 3 }));
    expect(own.makespan_s).toBeCloseTo(212, 4);
    expect(own.inTurn_s).toBe(own.makespan_s);
  });

  it("m1 with one charger per station: the stations' chargers in turn lift the bound of plans from 479.43 s to 493.83 s", () => {
    const m1 = loadInstance('m1');
    const onFloor = (chargers?: number) => boundOf(buildProblem({ ...m1, params: { ...m1.params, chargers } }));
    expect(onFloor().inTurn_s).toBeCloseTo(479.43, 2);
    expect(onFloor(1).makespan_s).toBeCloseTo(479.43, 2);
    expect(onFloor(1).inTurn_s).toBeCloseTo(493.83, 2);
  });

  it('is never above the exact optimum on random tiny instances, batteries binding or not', () => {
    const instances = gridInstanceArbitrary({
      minHeight: 1,
      maxStations: 2,
      minPairs: 1,
      maxPairs: 6,
      minChargeFactor: 1.2,
      maxChargeFactor: 3,
      minRechargeMinutes: 0,
      startOffsets: [0, 0.5, 1],
    });
    let binding = 0;
    fc.assert(
      fc.property(instances, (input) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem) return;
        const routes = solveSmallExactly(problem);
        if (!routes) return;
        const optimum = Math.max(0, ...measureRoutes(problem, routes).finish);
        const bound = boundOf(problem).makespan_s;
        expect(bound).toBeLessThanOrEqual(optimum + 1e-9);
        if (bound > modelLowerBound(problem).makespan_s + 1e-6) binding++;
      }),
      { numRuns: 400, seed: 20261125 },
    );
    // The generator is meant to make the detours matter, not just pass trivially.
    expect(binding).toBeGreaterThan(30);
  });
});
