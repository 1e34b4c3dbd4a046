import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import { buildUnlessInfeasible, smallWarehouses } from '../helpers.ts';
import type { Routes } from '../../src/plan/plan-builder.ts';
import type { Problem } from '../../src/problem/problem.ts';
import { FleetRoutes } from '../../src/routes/fleet-routes.ts';
import { Insertion } from '../../src/routes/route-evaluator.ts';
import { A, C, D, fleetOf, twoStationsLine } from '../moves/two-stations-line.ts';

describe('fleet state', () => {
  it('finishCutoff on two stations on a line: a finish above which a robot cannot bring the value below a target', () => {
    // R1 = [A, D] (4 s), R2 = [C] (4 s); scaled by these routes, the value is
    // max finish / 4 + 0.05 / (2 x 4) x (sum of finishes) + the soft maximum
    // 0.1 / 4 x tau x ln(sum of e^((f - 4) / tau)), tau = 0.004 x 4 = 0.016.
    const state = fleetOf(twoStationsLine(), [[A, D], [C]]);
    expect(state.value()).toBeCloseTo(1 + 0.00625 * 8 + 0.025 * 0.016 * Math.log(2), 12);
    // To reach value 1.1, R2 alone may finish at f with f / 4 + 0.00625 (4 + f) + 0.0004 ln(1 +
    // e^((f - 4) / 0.016)) < 1.1; above 4 s the soft term is 0.025 (f - 4) to within 1e-5, so
    // f < 1.175 / 0.28125 = 4.17777... The cutoff leaves R2's own share of the soft term out
    // (never below the true one): 1.075 / 0.25625 = 4.1951...
    expect(state.valueWith(1, 4.1777, 0)).toBeLessThan(1.1);
    expect(state.valueWith(1, 4.1779, 0)).toBeGreaterThan(1.1);
    expect(state.finishCutoff(1, 1.1)).toBeCloseTo(1.075 / 0.25625, 6);
    // Below the value of R1 alone finishing at 4 s, R2 would have to finish before it started.
    expect(state.finishCutoff(1, 1.02)).toBeLessThan(4);
  });

  it('finishCutoff is safe under the makespan objective: at or above it the value reaches the target', () => {
    fc.assert(
      fc.property(smallWarehouses, fc.nat(), fc.double({ min: 0, max: 0.3, noNaN: true }), (input, pick, slack) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.robotCount < 2) return;
        const state = fleetOf(problem, assignGreedyByDistance(problem));
        const b = pick % problem.robotCount;
        const target = state.value() * (1 + slack);
        const cutoff = state.finishCutoff(b, target);
        const distance = state.evaluators[b].distance;
        expect(state.valueWith(b, cutoff * (1 + 1e-6) + 1e-6, distance)).toBeGreaterThanOrEqual(target);
      }),
      { numRuns: 200, seed: 20261125 },
    );
  });

  it('valueWithTwo equals the value of the fleet with those two routes changed, whichever two robots change', () => {
    // The extremes of the other robots come from the three latest and three earliest finishes
    // and each robot's soft-maximum share is kept: the same figure as a fleet built anew.
    fc.assert(
      fc.property(smallWarehouses, fc.nat(), fc.nat(), (input, pickA, pickB) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.robotCount < 2) return;
        const routes = greedyOrNull(problem);
        if (!routes) return;
        const state = fleetOf(problem, routes);
        const a = pickA % problem.robotCount;
        const b = (a + 1 + (pickB % (problem.robotCount - 1))) % problem.robotCount;
        // a gives its last delivery to b (appended): both routes change.
        if (routes[a].length === 0) return;
        const changed = routes.map((route) => route.slice());
        changed[b].push(changed[a].pop()!);
        const after = new FleetRoutes(problem, state.scale, changed);
        const [ea, eb] = [after.evaluators[a], after.evaluators[b]];
        if (ea.finish === Infinity || eb.finish === Infinity) return;
        expect(state.valueWithTwo(a, ea.finish, ea.distance, b, eb.finish, eb.distance)).toBeCloseTo(after.value(), 12);
      }),
      { numRuns: 200, seed: 20261129 },
    );
  });

  it('bestPlacement finds the placement of a scan of every robot in index order without cutoffs', () => {
    // It tries the robots earliest finish first with cutoffs; the least value wins, and on a tie
    // the robot of lowest index, as in the plain scan.
    fc.assert(
      fc.property(smallWarehouses, fc.nat(), (input, pick) => {
        const problem = buildUnlessInfeasible(input);
        if (!problem || problem.deliveryCount < 2) return;
        const routes = greedyOrNull(problem);
        if (!routes) return;
        const owner = routes.findIndex((route) => route.length > 0);
        const j = routes[owner][pick % routes[owner].length];
        routes[owner].splice(routes[owner].indexOf(j), 1);
        const state = fleetOf(problem, routes);
        const insertion = new Insertion();
        let plain: { robot: number; position: number; value: number } | null = null;
        state.evaluators.forEach((evaluator, r) => {
          const finish = evaluator.bestInsertion(j, insertion);
          if (finish === Infinity) return;
          const value = state.valueWith(r, finish, insertion.distance);
          if (plain === null || value < plain.value) plain = { robot: r, position: insertion.position, value };
        });
        const placement = state.bestPlacement(j);
        expect(placement === null ? null : { robot: placement.robot, position: placement.position }).toEqual(
          plain === null
            ? null
            : { robot: (plain as { robot: number }).robot, position: (plain as { position: number }).position },
        );
      }),
      { numRuns: 200, seed: 20261129 },
    );
  });
});

/** The greedy plan, or null where greedy leaves a delivery no robot can take after the others. */
function greedyOrNull(problem: Problem): Routes | null {
  try {
    return assignGreedyByDistance(problem);
  } catch {
    return null;
  }
}
