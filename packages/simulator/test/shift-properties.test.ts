import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchPolicyValues, Floor, generateWarehouseInstance } from '@fleetlab/warehouse';
import { checkExecution, runShift } from '../src/index.ts';
import { randomLayouts } from './fixtures.ts';

/** The most orders an hour the fleet could do if every order were a round trip from a station: robots * 3600 / the mean round trip in seconds (1 m/s). */
function roundTripCapacity(day: ReturnType<typeof generateWarehouseInstance>): number {
  const floor = new Floor(day.environment);
  const homes = floor.stationCells;
  let total = 0;
  for (const [pickup, dropoff] of day.tasks) {
    const p = floor.cellOf(pickup)!;
    const d = floor.cellOf(dropoff)!;
    total += Math.max(...homes.map((home) => floor.distance(home, p) + floor.distance(p, d) + floor.distance(d, home)));
  }
  return (day.environment.elements.robots.length * 3600) / (total / day.tasks.length);
}

describe('shifts on random layouts', () => {
  it('below capacity the backlog stays bounded, and every execution passes checkExecution', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [10, 16], height: [12, 16], stations: [1, 3], robotsPerStation: [1, 3] }),
          load: fc.double({ min: 0.1, max: 0.4, noNaN: true }),
          dispatch: fc.constantFrom(...dispatchPolicyValues),
        }),
        ({ load, dispatch, ...layout }) => {
          const day = generateWarehouseInstance({ ...layout, orders: 30, shelfLength: 4 });
          const robots = day.environment.elements.robots.length;
          // At most 40% of what the fleet could do with every order a round trip from the
          // farthest station: the orders arrive slower than the robots can take them.
          const params = {
            max_distance: 1000,
            recharge_time: 3,
            shift: {
              hours: 1,
              orders_per_hour: Math.max(1, load * roundTripCapacity(day)),
              seed: layout.seed,
              dispatch,
            },
          };
          const { execution, results, stats } = runShift(day.environment, day.tasks, params);
          expect(checkExecution(day.environment, results, execution, params).errors).toEqual([]);
          const shift = stats.shift!;
          expect(shift.backlog_trend).toBe('stable');
          // Orders wait only for a robot to come free: never many more than the fleet at once.
          expect(shift.backlog_max).toBeLessThanOrEqual(2 * robots + 6);
          expect(shift.backlog_end).toBeLessThanOrEqual(robots + 4);
          expect(shift.delivered).toBe(shift.released - shift.backlog_end);
        },
      ),
      { numRuns: 14, seed: 24 },
    );
  });
});
