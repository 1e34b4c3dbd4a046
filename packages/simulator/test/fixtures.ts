import fc from 'fast-check';
import {
  Floor,
  type FloorEnvironment,
  MOTION_SEGMENT_LENGTH,
  resolveFloorParameters,
  robotWorkFromPlan,
} from '@fleetlab/warehouse';
import { FloorTraffic } from '../src/execution/floor-traffic.ts';
import { Recorder } from '../src/execution/recorder.ts';
import { WorkCycle } from '../src/execution/work-cycle.ts';
import { GuidedPibtPolicy } from '../src/movement/guided-pibt.ts';

type Step = { task: [string, string] | 'recharge' };
export const deliver = (pickup: string, dropoff: string): Step => ({ task: [pickup, dropoff] });
export const recharge: Step = { task: 'recharge' };

/** Inclusive ranges of a random generated layout's size, stations and robots per station. */
export interface LayoutRanges {
  width: [number, number];
  height: [number, number];
  stations: [number, number];
  robotsPerStation: [number, number];
}

/**
 * The layout fields of a property test's `fc.record` (`generateWarehouseInstance` options): size,
 * stations and robots in the ranges, one- or two-lane aisles, a generator seed. Spread first, so a
 * test's own fields follow them.
 */
export const randomLayouts = ({ width, height, stations, robotsPerStation }: LayoutRanges) => ({
  width: fc.integer({ min: width[0], max: width[1] }),
  height: fc.integer({ min: height[0], max: height[1] }),
  stations: fc.integer({ min: stations[0], max: stations[1] }),
  robotsPerStation: fc.integer({ min: robotsPerStation[0], max: robotsPerStation[1] }),
  aisleWidth: fc.constantFrom(1, 2),
  seed: fc.integer({ min: 1, max: 10_000 }),
});

/**
 * "Narrow aisle": a 7 x 2 floor whose row 1 is a one-cell corridor between two shelves.
 *   row 0:  S S S . S S S      (S1 over x 0-2, S2 over x 4-6; (3, 0) is a pocket)
 *   row 1:  R1 P1 . . . P2 R2  (stations at the ends; D1 shares P2's cell, D2 shares P1's)
 */
export const NARROW_AISLE: FloorEnvironment = {
  dimensions: { width: 7, height: 2 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [3, 1] },
      { id: 'S2', position: [4, 0], size: [3, 1] },
    ],
    pickups: [
      { id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [5.5, 1], shelf_id: 'S2', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [5.5, 1.5] },
      { id: 'D2', position: [1.5, 1.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 1.5] },
      { id: 'R2', position: [6.5, 1.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] },
      { id: 'R2_1', station_id: 'R2', position: [6.5, 1.5] },
    ],
  },
};

/**
 * "One lane": a 7 x 3 floor whose row 1 is a one-cell lane between two shelves, with nowhere to
 * step aside. P3 shares D1's cell (1, 1), D3 shares P2's (5, 1).
 *   row 0:  S S S S S S S
 *   row 1:  R1 D1/P3 D2 . P1 P2/D3 R2
 *   row 2:  S S S S S S S
 */
export const ONE_LANE: FloorEnvironment = {
  dimensions: { width: 7, height: 3 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [7, 1] },
      { id: 'S2', position: [0, 2], size: [7, 1] },
    ],
    pickups: [
      { id: 'P1', position: [4.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [5.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P3', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [1.5, 1.5] },
      { id: 'D2', position: [2.5, 1.5] },
      { id: 'D3', position: [5.5, 1.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 1.5] },
      { id: 'R2', position: [6.5, 1.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] },
      { id: 'R2_1', station_id: 'R2', position: [6.5, 1.5] },
    ],
  },
};

/** "Charging bay": one station of four robots on a 6 x 3 floor, a shelf with one pickup, one dropoff. */
export const CHARGING_BAY: FloorEnvironment = {
  dimensions: { width: 6, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 0], size: [2, 1] }],
    pickups: [{ id: 'P1', position: [2.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [5.5, 2.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 2.5] }],
    robots: [1, 2, 3, 4].map((k) => ({ id: `R1_${k}`, station_id: 'R1', position: [0.5, 2.5] })),
  },
};

/**
 * "Dead end": a 5 x 3 floor; row 0 holds shelf S1 over x 0-1 and S2 over x 3-4, so (2, 0) is a
 * one-cell dead end, and pickup P1 (S2's left side) is reached only from inside it.
 *   row 0:  S S . S S
 *   row 1:  . . . . .
 *   row 2:  R1 . . . D1
 */
export const DEAD_END: FloorEnvironment = {
  dimensions: { width: 5, height: 3 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [2, 1] },
      { id: 'S2', position: [3, 0], size: [2, 1] },
    ],
    pickups: [{ id: 'P1', position: [3, 0.5], shelf_id: 'S2', side: 'left' }],
    dropoffs: [{ id: 'D1', position: [4.5, 2.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 2.5] }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 2.5] },
    ],
  },
};

/**
 * "Crossing": a 5 x 5 floor with a 2 x 2 shelf in each corner, so row 2 and column 2 are two
 * one-cell corridors that cross at (2, 2).
 *   row 0:  S S R2 S S      R1 at the west end (0, 2), R2 at the north end (2, 0)
 *   row 1:  S S P2 S S      P1 on S1's bottom side stands at (1, 2); P2 on S2's left side at (2, 1)
 *   row 2:  R1 P1 . . D1    D1 at the east end (4, 2), D2 at the south end (2, 4)
 *   row 3:  S S . S S
 *   row 4:  S S D2 S S
 */
export const CROSSING: FloorEnvironment = {
  dimensions: { width: 5, height: 5 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [2, 2] },
      { id: 'S2', position: [3, 0], size: [2, 2] },
      { id: 'S3', position: [0, 3], size: [2, 2] },
      { id: 'S4', position: [3, 3], size: [2, 2] },
    ],
    pickups: [
      { id: 'P1', position: [1.5, 2], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [3, 1.5], shelf_id: 'S2', side: 'left' },
    ],
    dropoffs: [
      { id: 'D1', position: [4.5, 2.5] },
      { id: 'D2', position: [2.5, 4.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 2.5] },
      { id: 'R2', position: [2.5, 0.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
      { id: 'R2_1', station_id: 'R2', position: [2.5, 0.5] },
    ],
  },
};

/**
 * "Two aisles" with aisles `aisle` cells long: a 3 x (aisle + 4) floor where a one-cell-wide
 * shelf S3 splits rows 2 to aisle + 1 into two one-lane aisles, x = 0 and x = 2, joined by row 1
 * at the top and row aisle + 2 at the bottom; `idleRobots` more robots at R1 (R1_2, ...), no work.
 * TWO_AISLES is the one with aisles 6 long:
 *   row 0:  S1 R1 S2      R1 (1, 0) above the top row; PA on S1's bottom side stands at (0, 1)
 *   row 1:  PA DB .       DB at (1, 1)
 *   rows 2-7: . S3 .      the two aisles
 *   row 8:  PB .  .       PB on S4's top side and DA share (0, 8)
 *   row 9:  S4 R2 S5      R2 (1, 9) below the bottom row
 */
export function twoAisles(aisle: number, idleRobots = 0): FloorEnvironment {
  const bottom = aisle + 3;
  return {
    dimensions: { width: 3, height: aisle + 4 },
    elements: {
      shelves: [
        { id: 'S1', position: [0, 0], size: [1, 1] },
        { id: 'S2', position: [2, 0], size: [1, 1] },
        { id: 'S3', position: [1, 2], size: [1, aisle] },
        { id: 'S4', position: [0, bottom], size: [1, 1] },
        { id: 'S5', position: [2, bottom], size: [1, 1] },
      ],
      pickups: [
        { id: 'PA', position: [0.5, 1], shelf_id: 'S1', side: 'bottom' },
        { id: 'PB', position: [0.5, bottom], shelf_id: 'S4', side: 'top' },
      ],
      dropoffs: [
        { id: 'DA', position: [0.5, bottom - 0.5] },
        { id: 'DB', position: [1.5, 1.5] },
      ],
      robot_stations: [
        { id: 'R1', position: [1.5, 0.5] },
        { id: 'R2', position: [1.5, bottom + 0.5] },
      ],
      robots: [
        { id: 'R1_1', station_id: 'R1', position: [1.5, 0.5] },
        { id: 'R2_1', station_id: 'R2', position: [1.5, bottom + 0.5] },
        ...Array.from({ length: idleRobots }, (_, k) => ({
          id: `R1_${k + 2}`,
          station_id: 'R1',
          position: [1.5, 0.5],
        })),
      ],
    },
  };
}

export const TWO_AISLES: FloorEnvironment = twoAisles(6);

/**
 * "Corridor": a 22 x 2 floor whose row 1 is a one-lane corridor under shelf S1 (row 0). Station
 * R1 at the west end (0, 1), dropoff D1 at (2, 1), pickup P1 on S1's bottom side at the east end
 * (21, 1): 21 m out to the pickup, 19 m back to the dropoff, 2 m home.
 *   row 0:  S  S  S  ...  S
 *   row 1:  R1 .  D1 ...  P1
 */
export const CORRIDOR: FloorEnvironment = {
  dimensions: { width: 22, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [22, 1] }],
    pickups: [{ id: 'P1', position: [21.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [2.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 1.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] }],
  },
};

/**
 * "Two-station corridor": a 30 x 2 floor whose row 1 is a one-lane corridor under shelf S1, with
 * station R1 at the west end (0, 1) and R2 at the east end (29, 1), one robot each.
 *   row 1:  R1 . . . D2 . . . . . D1 . P2 . . . . . . . P1 . . . . . . . . R2
 *           x: R1 0, D2 4, D1 10, P2 12, P1 20, R2 29
 */
export const TWO_STATION_CORRIDOR: FloorEnvironment = {
  dimensions: { width: 30, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [30, 1] }],
    pickups: [
      { id: 'P1', position: [20.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [12.5, 1], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [10.5, 1.5] },
      { id: 'D2', position: [4.5, 1.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 1.5] },
      { id: 'R2', position: [29.5, 1.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] },
      { id: 'R2_1', station_id: 'R2', position: [29.5, 1.5] },
    ],
  },
};

/** Segments of a robot's motion as arrays of 7. */
export const segments = (motion: readonly number[] | undefined): number[][] => {
  const out: number[][] = [];
  for (let k = 0; k < (motion?.length ?? 0); k += MOTION_SEGMENT_LENGTH)
    out.push(motion!.slice(k, k + MOTION_SEGMENT_LENGTH));
  return out;
};

/**
 * Solve options for a greedy plan in tests that read only its results: greedy takes no time, but
 * a solve's costly bounds (linear programmes) may spend a quarter of the time limit after it (75 s
 * of the default 300 s with tight batteries on a slow machine); a 1 s limit holds them to 1 s.
 */
export const GREEDY_PLAN = { algorithm: 'greedy_distance', timeLimitS: 1 } as const;

/**
 * The guided policy on `layout` at the moment the robots of `loaded` (robot index, pickup id)
 * stand loaded at their pickups, their work from `plan`, each with its dropoff as goal: for tests
 * of the cells one step chooses.
 */
export function loadedAtPickups(
  layout: FloorEnvironment,
  plan: Record<string, Step[]>,
  loaded: readonly (readonly [number, string])[],
): { floor: Floor; state: FloorTraffic; policy: GuidedPibtPolicy } {
  const floor = new Floor(layout);
  const robots = robotWorkFromPlan(floor, layout, plan);
  const state = new FloorTraffic(floor, robots);
  const policy = new GuidedPibtPolicy(floor, state, () => 0.5);
  const params = { ...resolveFloorParameters({}), replays: 0 };
  const work = new WorkCycle(
    floor,
    robots,
    params,
    state,
    new Recorder(floor, robots),
    (robot) => policy.newGoal(robot),
    null,
  );
  work.startAll();
  for (const [robot, pickup] of loaded) {
    state.leave(robot, state.pos[robot]);
    state.pos[robot] = floor.requireCellOf(pickup);
    state.stand(robot, state.pos[robot]);
    work.arrived(robot, 1);
  }
  return { floor, state, policy };
}
