import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanResultsRecord } from '@fleetlab/warehouse';
import { EXACT_MAX_DELIVERIES, solveSmallExactly, SubsetRouteBuilder } from '../../src/algorithms/exact-small.ts';
import { emptyRouteTotals, evaluateRoute, RechargeScheduler } from '../../src/routes/battery-schedule.ts';
import { checkPlan, lowerBound, solve, type Problem, type ProblemInput } from '../../src/index.ts';
import { buildPlanSteps, type Routes } from '../../src/plan/plan-builder.ts';
import {
  buildUnlessInfeasible,
  gridInstanceArbitrary,
  loadInstance,
  makeEnvironment,
  summary,
  buildGraphProblem,
} from '../helpers.ts';

/** The oracle: every order of every subset for robot r, each with the recharge DP of battery-schedule.ts. */
function enumeratedFinishBySubset(problem: Problem, r: number): Float64Array {
  const n = problem.deliveryCount;
  const finish = new Float64Array(1 << n).fill(Infinity);
  finish[0] = 0;
  const route: number[] = [];
  const scheduler = new RechargeScheduler(problem);
  const totals = emptyRouteTotals();
  const extend = (used: number) => {
    for (let j = 0; j < n; j++) {
      if (used & (1 << j)) continue;
      route.push(j);
      const set = used | (1 << j);
      const time = scheduler.schedule(r, route, route.length, totals);
      if (time < finish[set]) finish[set] = time;
      // A prefix no recharge schedule can save stays hopeless whatever follows it.
      if (time < Infinity) extend(set);
      route.pop();
    }
  };
  extend(0);
  return finish;
}

/** The oracle's optimum: least makespan, then least total busy time, over every split between robots. */
function bruteForceOptimum(problem: Problem): { makespan: number; busy: number } {
  const tables = problem.robots.map((_, r) => enumeratedFinishBySubset(problem, r));
  const best = { makespan: Infinity, busy: Infinity };
  const visit = (r: number, left: number, makespan: number, busy: number) => {
    if (makespan > best.makespan + 1e-9) return;
    if (left === 0) {
      if (makespan < best.makespan - 1e-9 || busy < best.busy - 1e-9) Object.assign(best, { makespan, busy });
      return;
    }
    if (r === tables.length) return;
    for (let mine = left; ; mine = (mine - 1) & left) {
      const time = tables[r][mine];
      if (time < Infinity) visit(r + 1, left ^ mine, Math.max(makespan, time), busy + time);
      if (mine === 0) break;
    }
  };
  visit(0, (1 << problem.deliveryCount) - 1, 0, 0);
  return best;
}

/** Makespan and total busy time of routes, after checking their plan against every rule of the model. */
function checkedFigures(problem: Problem, routes: Routes): { makespan: number; busy: number } {
  // Plan steps describe a day from its start; a handed-over fleet's routes are checked by their times alone.
  if (!problem.handedOver) {
    const results: PlanResultsRecord = buildPlanSteps(problem, routes);
    expect(checkPlan(problem, results).errors).toEqual([]);
  }
  const finish = routes.map((route, r) => evaluateRoute(problem, r, route).finish);
  return { makespan: Math.max(0, ...finish), busy: finish.reduce((a, b) => a + b, 0) };
}

/** The exact plan is valid and has brute force's makespan and busy time (or both find none). */
function matchesBruteForce(input: ProblemInput): void {
  const problem = buildUnlessInfeasible(input);
  if (!problem) return;
  const routes = solveSmallExactly(problem);
  const oracle = bruteForceOptimum(problem);
  // Deliveries only a robot's first trip from its start can reach may not all fit: no plan.
  if (oracle.makespan === Infinity) {
    expect(routes).toBeNull();
    return;
  }
  const exact = checkedFigures(problem, routes!);
  expect(exact.makespan).toBeCloseTo(oracle.makespan, 6);
  expect(exact.busy).toBeCloseTo(oracle.busy, 6);
}

/**
 * Solved by makespan with a 300 s limit, the plan is proven optimal, valid, and no slower than
 * greedy, regret insertion, auction or a short makespan search.
 */
function neverBeatenByHeuristics(input: ProblemInput): void {
  const problem = buildUnlessInfeasible(input);
  if (!problem) return;
  const exact = solve(problem, { algorithm: 'makespan', timeLimitS: 300 });
  expect(exact.stats.stop_reason).toBe('optimal');
  expect(checkPlan(problem, exact.results).errors).toEqual([]);
  for (const algorithm of ['greedy_distance', 'marginal_benefit', 'auction'] as const) {
    expect(exact.stats.makespan_s).toBeLessThanOrEqual(solve(problem, { algorithm }).stats.makespan_s + 1e-9);
  }
  // A second objective keeps the search from taking the exact shortcut.
  const weights = { completion_time: 99, cost_efficiency: 1 };
  const searched = buildGraphProblem({ ...input, params: { ...input.params, objective_weights: weights } });
  expect(exact.stats.makespan_s).toBeLessThanOrEqual(
    solve(searched, { algorithm: 'makespan', maxIterations: 300 }).stats.makespan_s + 1e-9,
  );
}

/**
 * "Line": one robot on station R1 at x = 0, deliveries d1 P1(1) -> D1(2), d2 P2(4) -> D2(5),
 * d3 P3(-2) -> D3(-3), 1 m per step, 10 m per charge, 1 m/s, a 3 s recharge. No order fits one
 * charge. Going d3 (3 m), home (3 m) and charging (3 s), then d1 (2 m) and d2 (3 m, 5 m from home:
 * exactly a full charge) takes 3 + 3 + 3 + 2 + 3 = 14 s. The greedy order d1, d2 uses 5 m, so d3
 * needs a charge first: 5 + 5 + 3 + 3 = 16 s; d3, d1 straight on (8 m) leaves too little for d2,
 * whose charge then costs 8 + 2 + 3 + 5 = 18 s; every other order is slower still.
 */
const line: ProblemInput = {
  environment: makeEnvironment({
    nodes: [
      ['R1', 'robot_station', 0, 0],
      ['R1_1', 'robot', 0, 0],
      ['D3', 'dropoff', -3, 0],
      ['P3', 'pickup', -2, 0],
      ['M1', 'navigation', -1, 0],
      ['P1', 'pickup', 1, 0],
      ['D1', 'dropoff', 2, 0],
      ['M2', 'navigation', 3, 0],
      ['P2', 'pickup', 4, 0],
      ['D2', 'dropoff', 5, 0],
    ],
    edges: [
      ['R1_1', 'R1', 0],
      ['D3', 'P3', 1],
      ['P3', 'M1', 1],
      ['M1', 'R1', 1],
      ['R1', 'P1', 1],
      ['P1', 'D1', 1],
      ['D1', 'M2', 1],
      ['M2', 'P2', 1],
      ['P2', 'D2', 1],
    ],
    robots: [['R1_1', 'R1']],
  }),
  tasks: [
    ['P1', 'D1'],
    ['P2', 'D2'],
    ['P3', 'D3'],
  ],
  params: { max_distance: 10, robot_speed: 1, recharge_time: 0.05 },
};

/**
 * "Star": two robots 1 m from station R1; three pickups on spokes, one dropoff D.
 * From a robot: d1 = 1 + 2 + 2 = 5 s, d2 = 1 + 3 + 3 = 7 s, d3 = 1 + 1 + 1 = 3 s; from D:
 * d1 4 s, d2 6 s, d3 2 s. d2 alone takes 7 s, so no plan beats 7 s; one robot doing d2 and the
 * other d1 and d3 (in either order) reaches it, with 7 + 7 = 14 s of busy time.
 */
const star = {
  environment: makeEnvironment({
    nodes: [
      ['R1', 'robot_station', 0, 0],
      ['R1_1', 'robot', 0, 0],
      ['R1_2', 'robot', 0, 0],
      ['P1', 'pickup', 2, 0],
      ['P2', 'pickup', 0, 3],
      ['P3', 'pickup', 1, 0],
      ['D', 'dropoff', 4, 0],
    ],
    edges: [
      ['R1_1', 'R1', 1],
      ['R1_2', 'R1', 1],
      ['R1', 'P1', 2],
      ['R1', 'P2', 3],
      ['R1', 'P3', 1],
      ['P1', 'D', 2],
      ['P2', 'D', 3],
      ['P3', 'D', 1],
    ],
    robots: [
      ['R1_1', 'R1'],
      ['R1_2', 'R1'],
    ],
  }),
  tasks: [
    ['P1', 'D'],
    ['P2', 'D'],
    ['P3', 'D'],
  ] as [string, string][],
};

describe('the exact method for small instances', () => {
  it('finds the 7 s plan of the star by hand: d2 alone, d1 and d3 together', () => {
    const problem = buildGraphProblem(star);
    const routes = solveSmallExactly(problem)!;
    expect(routes.map((route) => [...route].sort())).toEqual(expect.arrayContaining([[1], [0, 2]]));
    const outcome = solve(problem, { algorithm: 'makespan', timeLimitS: 300 });
    expect(outcome.stats).toMatchObject({ makespan_s: 7, stop_reason: 'optimal' });
  });

  it('charges in the middle of the line, right after the delivery nearest home: 14 s', () => {
    const problem = buildGraphProblem(line);
    expect(solveSmallExactly(problem)).toEqual([[2, 0, 1]]);
    expect(bruteForceOptimum(problem)).toEqual({ makespan: 14, busy: 14 });
    const exact = solve(problem, { algorithm: 'makespan', timeLimitS: 300 });
    expect(exact.stats).toMatchObject({ makespan_s: 14, stop_reason: 'optimal', recharges: 1 });
    expect(summary(exact.results.R1_1)).toEqual(['P3>D3', 'recharge@R1', 'P1>D1', 'P2>D2']);
    expect(exact.results.R1_1.map((step) => step.completion_time)).toEqual([3, 9, 11, 14]);
    expect(solve(problem, { algorithm: 'greedy_distance' }).stats.makespan_s).toBe(16);
  });

  it('ends a 6-delivery solve with a 300 s limit at once, proven optimal, for genetic and makespan', () => {
    const s1 = loadInstance('s1');
    const six = { ...s1, tasks: s1.tasks.slice(0, 6) };
    const problem = buildGraphProblem(six);
    // A clock that never moves: only proving optimality can end these searches.
    const frozen = () => 0;
    const capped = solve(problem, { algorithm: 'makespan', maxIterations: 3000 });
    for (const algorithm of ['makespan', 'genetic'] as const) {
      const { stats, results } = solve(problem, { algorithm, timeLimitS: 300, now: frozen });
      expect(stats.stop_reason).toBe('optimal');
      expect(stats.makespan_s).toBeLessThanOrEqual(capped.stats.makespan_s);
      expect(checkPlan(problem, results).valid).toBe(true);
    }
  });

  it('answers only the searches under the completion-time objective: constructions and other objectives keep their own plans', () => {
    const s1 = loadInstance('s1');
    const six = { ...s1, tasks: s1.tasks.slice(0, 6) };
    const problem = buildGraphProblem(six);
    const exactRoutes = solveSmallExactly(problem)!;
    const exactPlan = buildPlanSteps(problem, exactRoutes);
    for (const algorithm of ['makespan', 'genetic'] as const) {
      const { stats, results } = solve(problem, { algorithm, maxIterations: 50 });
      expect(stats.stop_reason).toBe('optimal');
      expect(results).toEqual(exactPlan);
    }
    for (const algorithm of ['greedy_distance', 'hungarian', 'kmeans', 'auction', 'marginal_benefit'] as const) {
      expect(solve(problem, { algorithm }).stats.stop_reason).toBe('completed');
    }
    const byDistance = buildGraphProblem({
      ...six,
      params: { ...six.params, objective_weights: { distance_traveled: 100 } },
    });
    for (const algorithm of ['makespan', 'genetic'] as const) {
      expect(solve(byDistance, { algorithm, maxIterations: 50 }).stats.stop_reason).toBe('iteration_limit');
    }
  });

  it('is never beaten by a heuristic on random tiny instances, and its plans are valid', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 2,
          maxStations: 2,
          minPairs: 0,
          maxPairs: 6,
          minChargeFactor: 1.5,
          maxChargeFactor: 6,
          minRechargeMinutes: 0,
          startOffsets: [0],
        }),
        neverBeatenByHeuristics,
      ),
      { numRuns: 40, seed: 20261125 },
    );
  });

  it('keeps, for every subset, the least time over all orders and charges, and an order evaluateRoute times the same', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 6,
          minChargeFactor: 1,
          maxChargeFactor: 4,
          minRechargeMinutes: 0,
          startOffsets: [0, 1, 2],
        }),
        (input) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const builder = new SubsetRouteBuilder(problem);
          for (let r = 0; r < problem.robotCount; r++) {
            const table = builder.build(r, Infinity, { left: Infinity })!;
            const oracle = enumeratedFinishBySubset(problem, r);
            const parts = new Set(table.parts);
            for (let set = 1; set < oracle.length; set++) {
              const time = parts.has(set) ? table.finish[set] : Infinity;
              if (oracle[set] === Infinity) {
                expect(time).toBe(Infinity);
                continue;
              }
              expect(time).toBeCloseTo(oracle[set], 9);
              const order = table.order(set);
              expect(order.reduce((mask, j) => mask | (1 << j), 0)).toBe(set);
              expect(order).toHaveLength(new Set(order).size);
              expect(evaluateRoute(problem, r, order).finish).toBeCloseTo(time, 9);
            }
          }
        },
      ),
      { numRuns: 60, seed: 20261126 },
    );
  });

  it('finds the makespan and busy time of brute force over every order and split, with a valid plan', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 7,
          minChargeFactor: 1,
          maxChargeFactor: 2.5,
          minRechargeMinutes: 0,
          startOffsets: [0, 1],
        }),
        matchesBruteForce,
      ),
      { numRuns: 60, seed: 20261127 },
    );
  });

  it('matches brute force with robots handed over mid-shift (late, part-charged, away from home)', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 2,
          minPairs: 1,
          maxPairs: 6,
          minChargeFactor: 1,
          maxChargeFactor: 3,
          minRechargeMinutes: 0,
          startOffsets: [0, 1],
          handovers: true,
        }),
        matchesBruteForce,
      ),
      { numRuns: 60, seed: 20261130 },
    );
  });

  it('matches brute force with more robots than deliveries, where robots that better ones can stand in for are left out', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 1,
          maxStations: 6,
          minPairs: 1,
          maxPairs: 4,
          minChargeFactor: 1,
          maxChargeFactor: 3,
          minRechargeMinutes: 0,
          startOffsets: [0, 1, 2],
        }),
        matchesBruteForce,
      ),
      { numRuns: 60, seed: 20261129 },
    );
  });

  it('is never beaten by greedy, regret insertion, auction or a short makespan search with 8 to 12 deliveries', () => {
    fc.assert(
      fc.property(
        gridInstanceArbitrary({
          minHeight: 2,
          maxStations: 3,
          minPairs: 8,
          maxPairs: EXACT_MAX_DELIVERIES,
          minChargeFactor: 1.5,
          maxChargeFactor: 6,
          minRechargeMinutes: 0,
          startOffsets: [0],
        }),
        neverBeatenByHeuristics,
      ),
      { numRuns: 25, seed: 20261128 },
    );
  });

  it('proves the first 12 deliveries of l1 (20 robots) and xl1 (100 robots) at their lower bounds', () => {
    for (const id of ['l1', 'xl1']) {
      const instance = loadInstance(id);
      const problem = buildGraphProblem({ ...instance, tasks: instance.tasks.slice(0, 12) });
      expect(checkedFigures(problem, solveSmallExactly(problem)!).makespan).toBeCloseTo(
        lowerBound(problem).makespan_s,
        6,
      );
    }
  });

  it('hands back null beyond EXACT_MAX_DELIVERIES deliveries or the work budget', () => {
    const s1 = loadInstance('s1');
    const twelve = buildGraphProblem({ ...s1, tasks: [...s1.tasks, ...s1.tasks].slice(0, 12) });
    expect(solveSmallExactly(twelve)).not.toBeNull();
    expect(solveSmallExactly(twelve, 1000)).toBeNull();
    expect(solveSmallExactly(buildGraphProblem({ ...s1, tasks: [...s1.tasks, ...s1.tasks].slice(0, 13) }))).toBeNull();
  });

  it('stops a search that has stalled for as long as it took to find its best (10 s at least), long before the limit', () => {
    const s2 = buildGraphProblem(loadInstance('s2'));
    let clock = 0;
    // A clock of the solver's own: every reading is 20 ms later, so the run is the same on any machine.
    const { stats } = solve(s2, { algorithm: 'makespan', timeLimitS: 300, now: () => (clock += 20) });
    expect(stats.stop_reason).toBe('stalled');
    expect(stats.runtime_ms).toBeLessThan(300_000);
  });
});
