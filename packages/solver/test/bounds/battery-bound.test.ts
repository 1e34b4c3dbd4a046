import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batteryAwareBound } from '../../src/bounds/battery-bound.ts';
import { EPSILON } from '../../src/problem/battery-tolerance.ts';
import { nodeDistance } from '../../src/problem/problem.ts';
import { ALGORITHMS } from '@fleetlab/warehouse';
import {
  checkPlan,
  InfeasibleDeliveryError,
  lowerBound,
  solve,
  type Problem,
  type ProblemInput,
} from '../../src/index.ts';
import { gridInstanceArbitrary, loadFixture, loadInstance, makeEnvironment, buildGraphProblem } from '../helpers.ts';

/**
 * The true optimum makespan of a tiny problem, by brute force independent of the solver's
 * battery module: every split of the deliveries over the robots, every order of each robot's
 * share and every set of recharge moments (including one before the first delivery), each
 * simulated against the model's battery rules.
 */
function bruteForceMakespan(problem: Problem): number {
  const n = problem.deliveryCount;
  const limit = problem.maxDistance + EPSILON;
  const { speed, rechargeSeconds } = problem;
  const best = (r: number, mask: number): number => {
    const chosen: number[] = [];
    for (let j = 0; j < n; j++) if (mask & (1 << j)) chosen.push(j);
    if (chosen.length === 0) return 0;
    let finish = Infinity;
    const { startNode, homeNode } = problem.robots[r];
    const between = (from: number, to: number) => nodeDistance(problem, from, to);
    const simulate = (order: number[]) => {
      // Bit i of `charges` (i < k): recharge before delivery i.
      for (let charges = 0; charges < 1 << order.length; charges++) {
        let since = 0;
        let time = 0;
        let at = -1; // -1: the robot's start; -2: its home station; else a delivery's dropoff
        let legal = true;
        for (let i = 0; i < order.length && legal; i++) {
          const j = order[i];
          if (charges & (1 << i)) {
            const toHome =
              at === -1
                ? between(startNode, homeNode)
                : at === -2
                  ? 0
                  : between(problem.deliveries[at].dropoffNode, homeNode);
            if (since + toHome > limit) legal = false;
            time += toHome / speed + rechargeSeconds;
            since = 0;
            at = -2;
          }
          const from = at === -1 ? startNode : at === -2 ? homeNode : problem.deliveries[at].dropoffNode;
          const approach = between(from, problem.deliveries[j].pickupNode);
          const leg = approach + problem.deliveryLength[j];
          since += leg;
          time += leg / speed;
          at = j;
          if (since + between(problem.deliveries[j].dropoffNode, homeNode) > limit) legal = false;
        }
        if (legal) finish = Math.min(finish, time);
      }
    };
    const permute = (prefix: number[], rest: number[]) => {
      if (rest.length === 0) return simulate(prefix);
      rest.forEach((j, index) => permute([...prefix, j], [...rest.slice(0, index), ...rest.slice(index + 1)]));
    };
    permute([], chosen);
    return finish;
  };
  const robots = problem.robotCount;
  const table = Array.from({ length: robots }, (_, r) => Array.from({ length: 1 << n }, (_, mask) => best(r, mask)));
  let optimum = Infinity;
  const split = (r: number, left: number, worst: number) => {
    if (worst >= optimum) return;
    if (r === robots - 1) {
      optimum = Math.min(optimum, Math.max(worst, table[r][left]));
      return;
    }
    for (let mask = left; ; mask = (mask - 1) & left) {
      split(r + 1, left & ~mask, Math.max(worst, table[r][mask]));
      if (mask === 0) break;
    }
  };
  split(0, (1 << n) - 1, 0);
  return optimum;
}

/**
 * Random tiny warehouses where batteries bind: one or more stations (robots may start next to
 * theirs), a charge of 1.2 to 3 grid diameters and a recharge of 1 to 4 minutes.
 */
function batteryBoundArbitrary(maxPairs: number, maxStations: number) {
  return gridInstanceArbitrary({
    minHeight: 1,
    maxStations,
    minPairs: 1,
    maxPairs,
    minChargeFactor: 1.2,
    maxChargeFactor: 3,
    minRechargeMinutes: 1,
    startOffsets: [0, 0.5],
  });
}

function buildOrSkip(input: ProblemInput): Problem | null {
  try {
    return buildGraphProblem(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InfeasibleDeliveryError);
    return null;
  }
}

describe('battery-aware lower bound', () => {
  it('battery-two-robots, 20 m per charge: R1 must do both P1 deliveries with a recharge between, 210 s (the optimum)', () => {
    const fixture = loadFixture('battery-two-robots');
    const problem = buildGraphProblem({ ...fixture, params: { max_distance: 20 } });
    const bound = lowerBound(problem);
    // The model's bound only sees 24 m of work over two robots.
    expect(bound.makespan_s).toBe(12);
    // R1: P1 -> D1 (10 m), home (10 m), 180 s, P1 -> D1 (10 m); one charge holds one delivery.
    expect(bound.battery_aware_s).toBeCloseTo(210, 6);
    expect(bound.battery_aware_s).toBeLessThanOrEqual(210);
    expect(batteryAwareBound(problem).segment_capacity).toEqual([1, 1]);
    expect(bruteForceMakespan(problem)).toBe(210);
    expect(solve(problem, { algorithm: 'makespan', maxIterations: 20 }).stats.makespan_s).toBe(210);
  });

  it('a line where one charge holds one delivery: 3 deliveries take 2 recharges and 2 trips home, 170 s exactly', () => {
    // R1 -5- P -5- D: P -> D and back home is 20 m, the whole charge.
    const problem = buildGraphProblem({
      environment: makeEnvironment({
        nodes: [
          ['R1', 'robot_station', 0, 0],
          ['R1_1', 'robot', 0, 0],
          ['P', 'pickup', 5, 0],
          ['D', 'dropoff', 10, 0],
        ],
        edges: [
          ['R1_1', 'R1', 0],
          ['R1', 'P', 5],
          ['P', 'D', 5],
        ],
        robots: [['R1_1', 'R1']],
      }),
      tasks: [
        ['P', 'D'],
        ['P', 'D'],
        ['P', 'D'],
      ],
      params: { max_distance: 20, recharge_time: 1, robot_speed: 1 },
    });
    // 3 x 10 m of deliveries, 2 x (10 m home + 5 m back to P) ... minus the 5 m approach each would have anyway,
    // and 2 x 60 s: 30 + 2 * 10 + 120 = 170.
    expect(bruteForceMakespan(problem)).toBe(170);
    expect(lowerBound(problem).battery_aware_s).toBeCloseTo(170, 6);
    // The model's f(W / N): 30 m of work spans two charges, so one recharge: 90 s.
    expect(lowerBound(problem).makespan_s).toBe(30 + 60);
  });

  it('one robot next to the work and nine 1 km away: it must do all 100 deliveries, 199 s, the optimum', () => {
    // R1_1 starts on P; P -1- D; the R2 robots start 1,000 m from P. Each P -> D delivery is 1 m
    // and the way back from D to P another 1 m, so R1_1 alone takes 1 + 99 * 2 = 199 s, and any
    // R2 robot needs 1,001 s for its first. The bound counts R1_1's deliveries far beyond the
    // fleet average of 10.
    const problem = buildGraphProblem({
      environment: makeEnvironment({
        nodes: [
          ['R1', 'robot_station', 0, 0],
          ['R1_1', 'robot', 0, 0],
          ['P', 'pickup', 0, 0],
          ['D', 'dropoff', 1, 0],
          ['R2', 'robot_station', 1000, 0],
          ...Array.from({ length: 9 }, (_, k): [string, string, number, number] => [`R2_${k + 1}`, 'robot', 1000, 0]),
        ],
        edges: [
          ['R1_1', 'R1', 0],
          ['R1', 'P', 0],
          ['P', 'D', 1],
          ['R2', 'P', 1000],
          ...Array.from({ length: 9 }, (_, k): [string, string, number] => [`R2_${k + 1}`, 'R2', 0]),
        ],
        robots: [['R1_1', 'R1'], ...Array.from({ length: 9 }, (_, k): [string, string] => [`R2_${k + 1}`, 'R2'])],
      }),
      tasks: Array.from({ length: 100 }, (): [string, string] => ['P', 'D']),
      params: { max_distance: 5000, robot_speed: 1 },
    });
    const bound = lowerBound(problem);
    // The model: W = 100 m of deliveries + 99 m (R1_1 -> P once, D -> P 99 times) over 10 robots.
    expect(bound.makespan_s).toBeCloseTo(19.9, 9);
    expect(bound.battery_aware_s).toBeCloseTo(199, 6);
    expect(bound.battery_aware_s).toBeLessThanOrEqual(199);
  });

  it('s2: two deliveries per charge at most; the bound is 760.96 s where the model gives 573.85 s', () => {
    const problem = buildGraphProblem(loadInstance('s2'));
    expect(batteryAwareBound(problem).segment_capacity).toEqual([2, 2, 2, 2]);
    const bound = lowerBound(problem);
    expect(bound.makespan_s).toBeCloseTo(573.85, 6);
    expect(bound.battery_aware_s).toBeCloseTo(760.96, 2);
  });

  it('falls back to the model bound where batteries do not bind (m1, m2) and tightens s1 by counting deliveries', () => {
    for (const id of ['m1', 'm2']) {
      const bound = lowerBound(buildGraphProblem(loadInstance(id)));
      expect(bound.battery_aware_s).toBe(bound.makespan_s);
    }
    // s1: 10 deliveries over 4 robots, so some robot does 3; its cheapest 3 cost 69.01 s.
    const s1 = lowerBound(buildGraphProblem(loadInstance('s1')));
    expect(s1.makespan_s).toBeCloseTo(66.235, 6);
    expect(s1.battery_aware_s).toBeCloseTo(69.01, 6);
  });

  it('is at most the brute-force optimum on random tiny battery-bound instances', () => {
    let binding = 0;
    fc.assert(
      fc.property(batteryBoundArbitrary(5, 2), (input) => {
        const problem = buildOrSkip(input);
        if (!problem) return;
        const optimum = bruteForceMakespan(problem);
        const bound = lowerBound(problem);
        expect(bound.battery_aware_s).toBeLessThanOrEqual(optimum + 1e-9);
        expect(bound.battery_aware_s).toBeGreaterThanOrEqual(bound.makespan_s);
        if (bound.battery_aware_s > bound.makespan_s + 1e-6) binding++;
      }),
      { numRuns: 150, seed: 20261122 },
    );
    // The generator is meant to make the battery bound matter, not just pass trivially.
    expect(binding).toBeGreaterThan(20);
  });

  it('is at most the makespan of every algorithm on random small battery-bound instances', () => {
    fc.assert(
      fc.property(batteryBoundArbitrary(9, 3), fc.integer({ min: 1, max: 1000 }), (input, seed) => {
        const problem = buildOrSkip(input);
        if (!problem) return;
        const bound = lowerBound(problem).battery_aware_s;
        for (const algorithm of ALGORITHMS) {
          const { results, stats } = solve(problem, {
            algorithm: algorithm.name,
            seed,
            maxIterations: 15,
            timeLimitS: 20,
          });
          const check = checkPlan(problem, results);
          expect(check.errors).toEqual([]);
          expect(bound).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          expect(stats.gap_battery).toBeGreaterThanOrEqual(0);
          expect(stats.lower_bound_battery_s).toBeGreaterThanOrEqual(stats.lower_bound_s);
        }
      }),
      { numRuns: 40, seed: 4242 },
    );
  });
});
