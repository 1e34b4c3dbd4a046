import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  type FloorEnvironment,
  generateWarehouseInstance,
  type InstanceGeneratorOptions,
  ROBOT_MODEL_PRESETS,
  trafficPolicyNameValues,
} from '@fleetlab/warehouse';
import { checkExecution, simulate } from '../src/index.ts';
import { deliver, randomLayouts, GREEDY_PLAN } from './fixtures.ts';

/**
 * "Ring": an 11 x 5 floor, shelf S1 over cells x 2-8, y 1-3, so row 0, row 4 and columns 1 and 9
 * form a one-cell ring round it. Station R1 at (0, 2) opens onto the ring at (1, 2), R2 at
 * (10, 2) onto (9, 2). PW on S1's left side stands at (1, 1), PE on its right side at (9, 1);
 * DW at (1, 0), DE at (9, 0). R1_1 takes PW -> DE, R2_1 takes PE -> DW: both along row 0,
 * head-on.
 */
function ring(oneWay: boolean): FloorEnvironment {
  return {
    dimensions: { width: 11, height: 5 },
    elements: {
      shelves: [{ id: 'S1', position: [2, 1], size: [7, 3] }],
      pickups: [
        { id: 'PW', position: [2, 1.5], shelf_id: 'S1', side: 'left' },
        { id: 'PE', position: [9, 1.5], shelf_id: 'S1', side: 'right' },
      ],
      dropoffs: [
        { id: 'DW', position: [1.5, 0.5] },
        { id: 'DE', position: [9.5, 0.5] },
      ],
      robot_stations: [
        { id: 'R1', position: [0.5, 2.5] },
        { id: 'R2', position: [10.5, 2.5] },
      ],
      robots: [
        { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
        { id: 'R2_1', station_id: 'R2', position: [10.5, 2.5] },
      ],
      // Row 0 runs east, row 4 west: the ring turns clockwise.
      one_way_aisles: oneWay
        ? [
            { id: 'W1', position: [2, 0], size: [7, 1], direction: 'right' },
            { id: 'W2', position: [2, 4], size: [7, 1], direction: 'left' },
          ]
        : [],
    },
  };
}

const plan = { R1_1: [deliver('PW', 'DE')], R2_1: [deliver('PE', 'DW')] };

/**
 * "Crossing": a 9 x 7 floor with a shelf in each corner (NW over x 0-2, y 0-2; NE over x 4-8,
 * y 0-2; SW over x 0-2, y 4-6; SE over x 4-8, y 4-6), so column 3 and row 3 are one-cell aisles
 * that cross at (3, 3), drawn keep-clear as K1. N1 starts at RN (3, 0) for PN (3, 1) -> DN
 * (3, 4), straight down column 3; E1 at RE (8, 3) for PE (7, 3) -> DE (1, 3), straight along row
 * 3; B1 at RS (3, 6) picks up at PB (3, 4) and drops at DN, the same cell, so it stands on (3, 4)
 * from 2 s to 10 s (4 s of handling each).
 */
function crossing(keepClear: boolean): FloorEnvironment {
  return {
    dimensions: { width: 9, height: 7 },
    elements: {
      shelves: [
        { id: 'NW', position: [0, 0], size: [3, 3] },
        { id: 'NE', position: [4, 0], size: [5, 3] },
        { id: 'SW', position: [0, 4], size: [3, 3] },
        { id: 'SE', position: [4, 4], size: [5, 3] },
      ],
      pickups: [
        { id: 'PN', position: [4, 1.5], shelf_id: 'NE', side: 'left' },
        { id: 'PE', position: [7.5, 3], shelf_id: 'NE', side: 'bottom' },
        { id: 'PB', position: [3, 4.5], shelf_id: 'SW', side: 'right' },
      ],
      dropoffs: [
        { id: 'DN', position: [3.5, 4.5] },
        { id: 'DE', position: [1.5, 3.5] },
      ],
      robot_stations: [
        { id: 'RN', position: [3.5, 0.5] },
        { id: 'RE', position: [8.5, 3.5] },
        { id: 'RS', position: [3.5, 6.5] },
      ],
      robots: [
        { id: 'N1', station_id: 'RN', position: [3.5, 0.5] },
        { id: 'E1', station_id: 'RE', position: [8.5, 3.5] },
        { id: 'B1', station_id: 'RS', position: [3.5, 6.5] },
      ],
      keep_clear_cells: keepClear ? [{ id: 'K1', position: [3.5, 3.5] }] : [],
    },
  };
}

const crossingPlan = { N1: [deliver('PN', 'DN')], E1: [deliver('PE', 'DE')], B1: [deliver('PB', 'DN')] };
const crossingParams = { handling_time_s: 4 };

describe('traffic rules a planner draws', () => {
  it('a one-way ring removes the head-on wait of two robots meeting on row 0', () => {
    // Two-way under plain PIBT, both drive row 0 towards each other and one must give way.
    const twoWay = simulate(ring(false), plan, { traffic_policy: 'pibt' });
    expect(twoWay.totals.free_flow_makespan_s).toBe(11);
    expect(twoWay.totals.waiting_s).toBeGreaterThan(0);
    expect(twoWay.totals.executed_makespan_s).toBeGreaterThan(11);
    // One-way, R2_1 goes round: (10, 2) -> (9, 2) -> PE (9, 1) at 2 s, down column 9 to (9, 4)
    // at 5 s, west along row 4 to (1, 4) at 13 s, up column 1 to DW (1, 0) at 17 s. R1_1 drives
    // row 0 east: PW (1, 1) at 2 s, DE (9, 0) at 11 s. They never meet: no wait, executed = plan.
    for (const traffic_policy of ['pibt', 'guided'] as const) {
      const oneWay = simulate(ring(true), plan, { traffic_policy });
      expect(oneWay.robots.R1_1.deliveries[0].done_s).toBe(11);
      expect(oneWay.robots.R2_1.deliveries[0].done_s).toBe(17);
      expect(oneWay.totals).toMatchObject({ free_flow_makespan_s: 17, executed_makespan_s: 17, waiting_s: 0 });
      expect(checkExecution(ring(true), plan, oneWay).errors).toEqual([]);
    }
  });

  it('the checker names a move against a one-way aisle', () => {
    const twoWay = simulate(ring(false), plan, { traffic_policy: 'pibt' });
    // R2_1's two-way run drives west along row 0, against W1 on the one-way ring.
    expect(
      checkExecution(ring(true), plan, twoWay).errors.some((error) =>
        /^Robot R2_1 drives against one-way aisle W1 from cell \(\d, 0\) to cell \(\d, 0\) at step \d+$/.test(error),
      ),
    ).toBe(true);
  });

  it('a robot waits before a keep-clear intersection, not in it, and the crossing robot drives straight through', () => {
    // N1 handles at PN from 1 s to 5 s and reaches (3, 2) at 6 s. Its way out of K1 is DN (3, 4),
    // where B1 stands until 10 s, so N1 waits at (3, 2) for 6-10 s (4 s); at 10 s B1, done, is
    // pushed home to (3, 5) and N1 crosses: K1 at 11 s, DN at 12 s. E1 handles at PE from 1 s to
    // 5 s and drives row 3 as if alone: (4, 3) at 8 s, K1 at 9 s (its way out (2, 3) is free),
    // DE at 11 s, no wait.
    for (const traffic_policy of ['pibt', 'guided'] as const) {
      const run = simulate(crossing(true), crossingPlan, { traffic_policy, ...crossingParams });
      expect(run.robots.N1.deliveries[0].done_s).toBe(12);
      expect(run.robots.N1.waiting_s).toBe(4);
      expect(run.robots.E1.deliveries[0].done_s).toBe(11);
      expect(run.robots.E1.waiting_s).toBe(0);
      expect(run.totals).toMatchObject({ free_flow_makespan_s: 11, executed_makespan_s: 12, waiting_s: 4 });
      expect(checkExecution(crossing(true), crossingPlan, run, crossingParams).errors).toEqual([]);
    }
  });

  it('with delays and breakdowns robots still never stop on a keep-clear cell nor drive against a one-way aisle', () => {
    // Stops every few seconds on the move: each falls due on the crossing's keep-clear cell or
    // the ring's one-way aisles somewhere, and must wait for an ordinary cell.
    const disruptions = {
      delays: { rate_per_robot_h: 120, mean_s: 3 },
      breakdowns: { mtbf_h: 0.003, repair_min: 0.2 },
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const traffic_policy of ['pibt', 'guided']) {
        const params = { ...crossingParams, ...disruptions, traffic_policy };
        const run = simulate(crossing(true), crossingPlan, params, { seed });
        expect(checkExecution(crossing(true), crossingPlan, run, params).errors).toEqual([]);
        expect(run.totals.deliveries).toBe(3);
        const oneWay = simulate(ring(true), plan, { ...disruptions, traffic_policy }, { seed });
        expect(checkExecution(ring(true), plan, oneWay).errors).toEqual([]);
        expect(oneWay.totals.deliveries).toBe(2);
        expect((run.totals.delays?.count ?? 0) + (oneWay.totals.breakdowns?.count ?? 0)).toBeGreaterThan(0);
      }
    }
  });

  it('the checker names a robot that stops on a keep-clear cell', () => {
    // Without the rule N1 drives into the intersection at 7 s and stands there, B1 still on (3, 4).
    const unruled = simulate(crossing(false), crossingPlan, { traffic_policy: 'pibt', ...crossingParams });
    expect(checkExecution(crossing(true), crossingPlan, unruled, crossingParams).errors).toEqual([
      'Robot N1 stops on keep-clear cell (3, 3) at step 8',
    ]);
  });

  it('keep-clear cells beside every dropoff: robots crossing them to a dock and robots leaving it never meet on it', () => {
    // A robot crossing a keep-clear cell claims its way out for the next step, which may be a dock
    // whose robot leaves over the other keep-clear cell this step; that robot's own claim must
    // leave the first one's in place, or a third robot steps onto the dock between the two.
    fc.assert(
      fc.property(
        fc.record({
          ...randomLayouts({ width: [12, 16], height: [12, 16], stations: [2, 4], robotsPerStation: [3, 6] }),
          orders: fc.integer({ min: 30, max: 80 }),
        }),
        fc.constantFrom(...trafficPolicyNameValues),
        fc.constantFrom(...ROBOT_MODEL_PRESETS.map(({ name }) => name)),
        fc.constantFrom(100, 1000),
        (layout, traffic_policy, robot_model, max_distance) =>
          runsBesideKeepClearDropoffs(layout, { max_distance, recharge_time: 3, traffic_policy, robot_model }),
      ),
      { numRuns: 16, seed: 35 },
    );
  });

  it('a robot crossing keep-clear cells claims only a run its charge affords', () => {
    // On this day with 100 m charges, R2_2 claimed a run round the dock's keep-clear cells with
    // 3 m to spare, each step away costing 2, and reached D2 with 14 m left, 16 m from home.
    runsBesideKeepClearDropoffs(
      { width: 15, height: 15, stations: 2, robotsPerStation: 4, aisleWidth: 1, orders: 70, seed: 8043 },
      { max_distance: 100, recharge_time: 3, traffic_policy: 'pibt', robot_model: 'drive-unit' },
    );
  });
});

/**
 * A generated day with a keep-clear cell on each side of every dropoff (where the floor has a
 * free cell there), planned by greedy_distance and run with `params`: it finishes every delivery
 * and passes checkExecution.
 */
function runsBesideKeepClearDropoffs(
  layout: Omit<InstanceGeneratorOptions, 'shelfLength'>,
  params: Record<string, unknown>,
): void {
  const day = generateWarehouseInstance({ ...layout, shelfLength: 4 });
  const { elements, dimensions } = day.environment;
  const places = new Set(
    [...elements.pickups, ...elements.dropoffs, ...elements.robot_stations].map(
      ({ position }) => `${Math.floor(position[0])},${Math.floor(position[1])}`,
    ),
  );
  const beside = elements.dropoffs.flatMap(({ id, position }) =>
    [-1, 1]
      .map((dx) => [Math.floor(position[0]) + dx, Math.floor(position[1])])
      .filter(([x, y]) => x >= 0 && x < dimensions.width && !places.has(`${x},${y}`))
      .map(([x, y]) => ({ id: `K${id}_${x}`, position: [x + 0.5, y + 0.5] })),
  );
  const environment = { ...day.environment, elements: { ...elements, keep_clear_cells: beside } };
  const plan = solve(buildProblem({ environment, tasks: day.tasks, params }), GREEDY_PLAN).results;
  const execution = simulate(environment, plan, params, { tasks: day.tasks, seed: layout.seed });
  expect(execution.totals.deliveries).toBe(day.tasks.length);
  expect(checkExecution(environment, plan, execution, params).errors).toEqual([]);
}
