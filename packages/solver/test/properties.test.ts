import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, buildProblem, checkPlan, InfeasibleDeliveryError, lowerBound, solve, type ProblemInput } from '../src/index.ts';
import { makeEnvironment } from './helpers.ts';

/**
 * Random small warehouses: a width x height grid of nodes (1 m apart, 4-neighbour edges),
 * one to three stations on grid cells with one or two robots each, and random pickup/dropoff
 * pairs between distinct cells. The charge ranges from tight (recharges needed) to ample.
 */
const instanceArbitrary = fc
  .record({
    width: fc.integer({ min: 2, max: 5 }),
    height: fc.integer({ min: 2, max: 4 }),
    stations: fc.array(fc.record({ cell: fc.nat(), robots: fc.integer({ min: 1, max: 2 }) }), { minLength: 1, maxLength: 3 }),
    pairs: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 0, maxLength: 9 }),
    chargeFactor: fc.double({ min: 1.5, max: 6, noNaN: true }),
    rechargeMinutes: fc.integer({ min: 0, max: 4 }),
    speed: fc.constantFrom(0.5, 1, 2),
  })
  .map(({ width, height, stations, pairs, chargeFactor, rechargeMinutes, speed }): ProblemInput => {
    const cells = width * height;
    const cellId = (c: number) => `N${c % cells}`;
    const nodes: [string, string, number, number][] = [];
    const edges: [string, string, number][] = [];
    for (let c = 0; c < cells; c++) {
      nodes.push([cellId(c), 'navigation', c % width, Math.floor(c / width)]);
      if ((c + 1) % width !== 0) edges.push([cellId(c), cellId(c + 1), 1]);
      if (c + width < cells) edges.push([cellId(c), cellId(c + width), 1]);
    }
    const robots: [string, string][] = [];
    stations.forEach((station, s) => {
      const id = `R${s + 1}`;
      const cell = station.cell % cells;
      nodes.push([id, 'robot_station', cell % width, Math.floor(cell / width)]);
      edges.push([id, cellId(cell), 0.5]);
      for (let k = 1; k <= station.robots; k++) {
        nodes.push([`${id}_${k}`, 'robot', cell % width, Math.floor(cell / width)]);
        edges.push([`${id}_${k}`, id, 0]);
        robots.push([`${id}_${k}`, id]);
      }
    });
    const tasks = pairs
      .map(([a, b]): [string, string] => [cellId(a), cellId(a === b ? b + 1 : b)])
      .filter(([p, d]) => p !== d);
    const diameter = width + height;
    return {
      environment: makeEnvironment({ nodes, edges, robots }),
      tasks,
      params: { max_distance: Math.round(diameter * chargeFactor * 100) / 100, recharge_time: rechargeMinutes, robot_speed: speed },
    };
  });

function withoutRuntime(results: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(results));
  delete copy.stats.runtime_ms;
  return copy;
}

describe('random small instances', () => {
  for (const algorithm of ALGORITHMS) {
    it(`${algorithm.name}: a valid plan, every pair once, bound <= makespan, gap >= 0, same seed same plan`, () => {
      fc.assert(
        fc.property(instanceArbitrary, fc.integer({ min: 1, max: 1000 }), (input, seed) => {
          let problem;
          try {
            problem = buildProblem(input);
          } catch (error) {
            // Only a genuinely impossible delivery may be refused: its round trip exceeds the charge.
            expect(error).toBeInstanceOf(InfeasibleDeliveryError);
            return;
          }
          const options = { algorithm: algorithm.name, seed, maxIterations: 25, timeLimitS: 20 };
          const first = solve(problem, options);
          const check = checkPlan(problem, first.results);
          expect(check.errors).toEqual([]);
          expect(check.metrics.deliveries).toBe(input.tasks.length);
          const bound = lowerBound(problem).makespan_s;
          expect(bound).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          expect(first.stats.gap).toBeGreaterThanOrEqual(0);
          for (const robot of problem.robots) expect(Array.isArray(first.results[robot.id])).toBe(true);
          const second = solve(problem, options);
          expect(withoutRuntime(second.results)).toEqual(withoutRuntime(first.results));
        }),
        { numRuns: 40, seed: 20261122 },
      );
    });
  }
});
