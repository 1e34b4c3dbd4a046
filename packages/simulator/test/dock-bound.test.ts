import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, lowerBound, solve } from '@fleetlab/solver';
import { generateWarehouseInstance, type HotSpotDemand } from '@fleetlab/warehouse';
import { simulate } from '../src/index.ts';

const day = fc.record({
  seed: fc.integer({ min: 1, max: 10_000 }),
  robotsPerStation: fc.integer({ min: 2, max: 5 }),
  orders: fc.integer({ min: 20, max: 60 }),
  handling: fc.constantFrom(0, 2),
  model: fc.constantFrom('point' as const, 'drive-unit' as const, 'amr' as const),
});
type DayFigures = typeof day extends fc.Arbitrary<infer Figures> ? Figures : never;

/**
 * Plans a random crowded 16 x 16 day with greedy and runs it on the floor; checks that neither
 * the plan nor the day ends before the dock bound, and says how much of the plan the bound is.
 */
function boundAgainstDay(
  { seed, robotsPerStation, orders, handling, model }: DayFigures,
  dropoffs: number,
  hotSpot?: HotSpotDemand,
): { boundShare: number; queuesAtDocks: boolean } {
  const instance = generateWarehouseInstance({
    width: 16,
    height: 16,
    stations: 2,
    robotsPerStation,
    orders,
    dropoffs,
    seed,
    aisleWidth: 1,
    hotSpot,
  });
  const params = { max_distance: 2000, handling_time_s: handling, robot_model: model };
  const problem = buildProblem({ environment: instance.environment, tasks: instance.tasks, params });
  const bound = lowerBound(problem);
  const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
  expect(stats.dock_bound_s).toBeCloseTo(bound.floor_s, 1);
  const execution = simulate(instance.environment, results, params);
  expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(bound.floor_s - 1e-6);
  // The plan holds the docks' queues, so it is never below the bound either.
  expect(stats.makespan_s).toBeGreaterThanOrEqual(bound.floor_s - 0.01);
  return { boundShare: bound.floor_s / stats.makespan_s, queuesAtDocks: (stats.dock_queue_s ?? 0) > 0 };
}

describe("the solver's dock capacity bound against the day on the floor", () => {
  it('no plan and no day on the floor ends before the dock bound, on random crowded floors with few dropoffs, with every robot model', () => {
    let binding = 0;
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 2 }), (figures, dropoffs) => {
        if (boundAgainstDay(figures, dropoffs).queuesAtDocks) binding++;
      }),
      { numRuns: 30, seed: 20261129 },
    );
    // On some of them robots wait at a dock in the plan itself.
    expect(binding).toBeGreaterThan(0);
  });

  it('no plan and no day on the floor ends before the dock bound where every order starts at one pickup, with every robot model', () => {
    // Here a pickup's queue binds: its last visit's delivery still drives to its dropoff.
    let binding = 0;
    fc.assert(
      fc.property(day, (figures) => {
        if (boundAgainstDay(figures, 4, { share: 1, pickupsFraction: 0.01 }).boundShare >= 0.9) binding++;
      }),
      { numRuns: 15, seed: 20261201 },
    );
    // On some of them the pickup's queue is most of the day.
    expect(binding).toBeGreaterThan(0);
  });
});
