import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, lowerBound, solve } from '@fleetlab/solver';
import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { simulate } from '../src/index.ts';

describe("the solver's dock capacity bound against the day on the floor", () => {
  it('no plan and no day on the floor ends before the dock bound, on random crowded floors with few dropoffs, with every robot model', () => {
    let binding = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 10_000 }),
          robotsPerStation: fc.integer({ min: 2, max: 5 }),
          orders: fc.integer({ min: 20, max: 60 }),
          dropoffs: fc.integer({ min: 1, max: 2 }),
          handling: fc.constantFrom(0, 2),
          model: fc.constantFrom('point' as const, 'drive-unit' as const, 'amr' as const),
        }),
        ({ seed, robotsPerStation, orders, dropoffs, handling, model }) => {
          const day = generateWarehouseInstance({
            width: 16,
            height: 16,
            stations: 2,
            robotsPerStation,
            orders,
            dropoffs,
            seed,
            aisleWidth: 1,
          });
          const params = { max_distance: 2000, handling_time_s: handling, robot_model: model };
          const problem = buildProblem({ environment: day.environment, tasks: day.tasks, params });
          const bound = lowerBound(problem);
          const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
          expect(stats.dock_bound_s).toBeCloseTo(bound.floor_s, 1);
          const execution = simulate(day.environment, results, params);
          expect(execution.totals.executed_makespan_s).toBeGreaterThanOrEqual(bound.floor_s - 1e-6);
          // The plan holds the docks' queues, so it is never below the bound either.
          expect(stats.makespan_s).toBeGreaterThanOrEqual(bound.floor_s - 0.01);
          if ((stats.dock_queue_s ?? 0) > 0) binding++;
        },
      ),
      { numRuns: 30, seed: 20261129 },
    );
    // On some of them robots wait at a dock in the plan itself.
    expect(binding).toBeGreaterThan(0);
  });
});
