import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '@fleetlab/warehouse';
import { checkPlan, lowerBound, solve } from '../src/index.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary } from './helpers.ts';

/** Random small warehouses whose charge ranges from tight (recharges needed) to ample. */
const instanceArbitrary = gridInstanceArbitrary({
  minHeight: 2,
  maxStations: 3,
  minPairs: 0,
  maxPairs: 9,
  minChargeFactor: 1.5,
  maxChargeFactor: 6,
  minRechargeMinutes: 0,
  startOffsets: [0],
});

describe('random small instances', () => {
  for (const algorithm of ALGORITHMS) {
    it(`${algorithm.name}: a valid plan, every pair once, bound <= makespan, gap >= 0, same seed same plan`, () => {
      fc.assert(
        fc.property(instanceArbitrary, fc.integer({ min: 1, max: 1000 }), (input, seed) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const options = { algorithm: algorithm.name, seed, maxIterations: 25, timeLimitS: 20 };
          const first = solve(problem, options);
          const check = checkPlan(problem, first.results);
          expect(check.errors).toEqual([]);
          expect(check.metrics.deliveries).toBe(input.tasks.length);
          const bound = lowerBound(problem).makespan_s;
          expect(bound).toBeLessThanOrEqual(check.metrics.makespan_s + 1e-6);
          expect(first.stats.gap).toBeGreaterThanOrEqual(0);
          for (const steps of Object.values(first.results)) {
            // The distance of each charge (total_distance at each recharge, and at the last step) adds up to the odometer.
            const perCharge = steps
              .filter((step, k) => step.task === 'recharge' || k === steps.length - 1)
              .map((step) => step.total_distance);
            const odometer = steps.length > 0 ? steps[steps.length - 1].odometer_m : 0;
            expect(Math.abs(perCharge.reduce((sum, metres) => sum + metres, 0) - odometer)).toBeLessThanOrEqual(
              0.01 * steps.length + 1e-9,
            );
          }
          for (const robot of problem.robots) expect(Array.isArray(first.results[robot.id])).toBe(true);
          const second = solve(problem, options);
          expect(second.results).toEqual(first.results);
          expect({ ...second.stats, runtime_ms: 0 }).toEqual({ ...first.stats, runtime_ms: 0 });
        }),
        { numRuns: 40, seed: 20261122 },
      );
    });
  }
});
