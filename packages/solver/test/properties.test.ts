import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, generateWarehouseInstance } from '@fleetlab/warehouse';
import { buildProblem, checkPlan, InfeasibleDeliveryError, lowerBound, type Problem, solve } from '../src/index.ts';
import { evaluateRoute } from '../src/routes/battery-schedule.ts';
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

describe('random warehouses with robots that accelerate, brake and turn', () => {
  for (const algorithm of ['greedy_distance', 'makespan', 'marginal_benefit'] as const) {
    it(`${algorithm}: a valid plan timed by the model, the search's clock is the plan's less its dock waits, no bound above it`, () => {
      fc.assert(
        fc.property(
          fc.record({
            width: fc.integer({ min: 10, max: 14 }),
            height: fc.integer({ min: 12, max: 14 }),
            stations: fc.integer({ min: 1, max: 2 }),
            robotsPerStation: fc.integer({ min: 1, max: 3 }),
            orders: fc.integer({ min: 1, max: 14 }),
            seed: fc.integer({ min: 1, max: 10_000 }),
            maxDistance: fc.constantFrom(120, 300, 1000),
            model: fc.constantFrom('drive-unit', 'amr'),
          }),
          fc.integer({ min: 1, max: 1000 }),
          ({ maxDistance, model, ...options }, seed) => {
            const instance = generateWarehouseInstance({ ...options, shelfLength: 4 });
            let problem: Problem;
            try {
              problem = buildProblem({
                environment: instance.environment,
                tasks: instance.tasks,
                params: { max_distance: maxDistance, robot_model: model },
              });
            } catch (error) {
              expect(error).toBeInstanceOf(InfeasibleDeliveryError);
              return;
            }
            const { results, stats } = solve(problem, { algorithm, seed, maxIterations: 25, timeLimitS: 20 });
            expect(checkPlan(problem, results).errors).toEqual([]);
            expect(stats.robot_model).toBe(model);
            expect(stats.lower_bound_s).toBeLessThanOrEqual(stats.makespan_s + 1e-6);
            expect(stats.lower_bound_battery_s).toBeLessThanOrEqual(stats.makespan_s + 1e-6);
            // One charger a robot: no charger queue, so each route's finish on the duration table is
            // its last step's time less its waits beside pickups and dropoffs other robots held.
            problem.robots.forEach((robot, r) => {
              const route = results[robot.id].flatMap((step) =>
                Array.isArray(step.task)
                  ? [problem.deliveries.findIndex((d) => d.pickupId === step.task[0] && d.dropoffId === step.task[1])]
                  : [],
              );
              const last = results[robot.id].at(-1)?.completion_time ?? 0;
              const waits = results[robot.id].reduce(
                (sum, step) => sum + (step.pickup_queued_s ?? 0) + (step.dropoff_queued_s ?? 0),
                0,
              );
              expect(evaluateRoute(problem, r, route).finish + waits).toBeCloseTo(last, 1);
            });
          },
        ),
        { numRuns: 20, seed: 20261129 },
      );
    });
  }
});
