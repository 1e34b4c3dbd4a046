import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  decodeActivities,
  decodeTimeline,
  Floor,
  type ExecutionRecord,
  type FloorEnvironment,
  type FreeFlowRobot,
  type GeneratedInstance,
  generateWarehouseInstance,
  type InstanceGeneratorOptions,
  robotWorkFromPlan,
} from '@fleetlab/warehouse';
import { DockMetering, SPARE_STEPS } from '../src/execution/dock-metering.ts';
import { FloorTraffic, Mode, Phase } from '../src/execution/floor-traffic.ts';
import { simulate } from '../src/index.ts';
import { deliver } from './fixtures.ts';

/**
 * "Long lane": a 14 x 3 floor, a shelf along row 0, the lane in row 1, the station at (0, 2).
 * P1 (1, 1) is 12 cells from dropoff D1 (13, 1), P2 (11, 1) is 2 cells from it.
 */
const LONG_LANE: FloorEnvironment = {
  dimensions: { width: 14, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [0, 0], size: [14, 1] }],
    pickups: [
      { id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [11.5, 1], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [{ id: 'D1', position: [13.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 2.5] }],
    robots: [1, 2, 3, 4, 5].map((k) => ({ id: `R1_${k}`, station_id: 'R1', position: [0.5, 2.5] })),
  },
};

/** Each of LONG_LANE's five robots takes one delivery from P1 to D1. */
const FIVE_DELIVERIES = Object.fromEntries([1, 2, 3, 4, 5].map((k) => [`R1_${k}`, [deliver('P1', 'D1')]]));

/**
 * LONG_LANE's five robots with `plan`, none moving yet, and dock metering of every dropoff at 20
 * steps a visit; `headFor` sets a robot on its way to D1.
 */
function longLane(plan: Record<string, ReturnType<typeof deliver>[]> = FIVE_DELIVERIES) {
  const floor = new Floor(LONG_LANE);
  const robots = robotWorkFromPlan(floor, LONG_LANE, plan);
  const state = new FloorTraffic(floor, robots);
  const [p1, p2, d1] = ['P1', 'P2', 'D1'].map((place) => floor.requireCellOf(place));
  const headFor = (robot: number) => {
    state.phase[robot] = Phase.ToDropoff;
    state.mode[robot] = Mode.Moving;
    state.goal[robot] = d1;
  };
  return { floor, robots, state, metering: new DockMetering(floor, state, 20), headFor, p1, p2, d1 };
}

/**
 * Seconds robots spent in a dock's queue standing on the pickup of the delivery under way: loaded,
 * held for its dropoff (a robot queueing for a pickup stands beside it, not on it).
 */
function heldOnPickups(environment: FloorEnvironment, execution: ExecutionRecord): number {
  const floor = new Floor(environment);
  const stepS = execution.step_s;
  const lastStep = Math.round(execution.totals.executed_makespan_s / stepS) + 1;
  let held = 0;
  for (const robot of Object.values(execution.robots)) {
    const cells = decodeTimeline(robot.timeline, lastStep, floor.width);
    for (const interval of decodeActivities(robot.activities ?? [], lastStep)) {
      if (interval.kind !== 'dock_queued') continue;
      const delivery = robot.deliveries.find((done) => done.done_s > interval.startStep * stepS);
      if (delivery && cells[interval.startStep] === floor.requireCellOf(delivery.pickup))
        held += (interval.endStep - interval.startStep) * stepS;
    }
  }
  return held;
}

/** A generated floor planned by greedy and run on the floor (`simulate` checks the run against the floor's rules before it returns it). */
function greedyDay(
  options: InstanceGeneratorOptions,
  params: { max_distance: number; handling_time_s: number; robot_model: 'point' | 'drive-unit' | 'amr' },
): { instance: GeneratedInstance; execution: ExecutionRecord } {
  const instance = generateWarehouseInstance(options);
  const problem = buildProblem({ environment: instance.environment, tasks: instance.tasks, params });
  const { results } = solve(problem, { algorithm: 'greedy_distance', timeLimitS: 1 });
  return { instance, execution: simulate(instance.environment, results, params) };
}

describe('dock metering', () => {
  it('sets a loaded robot out while the robots heading for its dropoff can be served before it gets there, first come first served', () => {
    const { floor, state, metering, headFor, p1, p2, d1 } = longLane();
    expect([floor.distance(p1, d1), floor.distance(p2, d1)]).toEqual([12, 2]);
    // 20 steps a visit: from P1 (12 cells) a robot may go while (12 + 50) / 20, at most 3, are
    // heading there; from P2 (2 cells) while (2 + 50) / 20, at most 2.
    expect(SPARE_STEPS).toBe(50);
    headFor(0);
    headFor(1);
    metering.countHeading();
    // Two heading: robot 2 on P2 goes (40 <= 52), and is then the third.
    expect(metering.mustWait(2, p2, d1, 10)).toBe(false);
    // A third on P2 waits (60 > 52); one on P1 could go (60 <= 62) but is held behind it.
    expect(metering.mustWait(3, p2, d1, 10)).toBe(true);
    expect(metering.mustWait(4, p1, d1, 10)).toBe(true);
    expect([metering.heldAt(3), metering.heldAt(4)]).toEqual([d1, d1]);
    // Robot 0 leaves the dropoff's cell, done; robot 2 is now on its way.
    metering.leftCell(d1);
    state.phase[0] = Phase.ToHome;
    headFor(2);
    metering.countHeading();
    expect(metering.mustWait(4, p1, d1, 11)).toBe(true);
    expect(metering.mustWait(3, p2, d1, 11)).toBe(false);
    // With robot 3 set out, three are heading there: from P1 that is still within its 62.
    expect(metering.mustWait(4, p1, d1, 11)).toBe(false);
    expect(metering.holds[3]).toEqual([{ startStep: 10, endStep: 11, dockCell: d1, leftBefore: 1 }]);
    expect(metering.holds[4]).toEqual([{ startStep: 10, endStep: 11, dockCell: d1, leftBefore: 1 }]);
    expect([metering.heldAt(3), metering.heldAt(4)]).toEqual([-1, -1]);
  });

  it('lets a robot out of the middle of the queue ahead of its turn, and the one behind keeps its place', () => {
    const { state, metering, headFor, p2, d1 } = longLane();
    for (const robot of [0, 1, 2]) headFor(robot);
    metering.countHeading();
    for (const robot of [3, 4]) expect(metering.mustWait(robot, p2, d1, 5)).toBe(true);
    metering.release(4, 7);
    expect(metering.holds[4]).toEqual([{ startStep: 5, endStep: 7, dockCell: d1, leftBefore: 0 }]);
    expect(metering.heldAt(3)).toBe(d1);
    // The three reach the dropoff and leave; robot 4 is on its way: robot 3, first in the queue, goes (20 <= 52).
    for (const robot of [0, 1, 2]) state.phase[robot] = Phase.ToHome;
    headFor(4);
    metering.countHeading();
    expect(metering.mustWait(3, p2, d1, 8)).toBe(false);
  });

  it('meters only the dropoffs where the plan keeps robots waiting four visits or more on average', () => {
    const { floor, robots, state, headFor, p1, d1 } = longLane({
      R1_1: [deliver('P1', 'D1'), deliver('P2', 'D1')],
      R1_2: [deliver('P2', 'D1')],
      R1_3: [],
      R1_4: [],
      R1_5: [],
    });
    // Only the plan's waits at dropoffs are read: at 20 steps a visit, busy means 80 steps a visit.
    const waits = (first: number, second: number, third: number) =>
      [
        {
          dockWaits: [
            { pickup: 0, dropoff: first },
            { pickup: 0, dropoff: second },
          ],
        },
        { dockWaits: [{ pickup: 5, dropoff: third }] },
        ...[3, 4, 5].map(() => ({ dockWaits: [] })),
      ] as unknown as FreeFlowRobot[];
    expect(DockMetering.ofPlan(floor, state, robots, waits(100, 60, 79), 20)).toBeNull();
    const metering = DockMetering.ofPlan(floor, state, robots, waits(100, 60, 80), 20);
    for (const robot of [2, 3, 4]) headFor(robot);
    metering?.countHeading();
    // Three on their way at 20 steps each: 60 <= 12 + 50, the fourth goes; a fifth would wait.
    expect(metering?.mustWait(0, p1, d1, 3)).toBe(false);
    expect(metering?.mustWait(1, p1, d1, 3)).toBe(true);
  });

  it('on one-way lanes holds robots too, and the run keeps to the floor’s rules, its batteries included', () => {
    // A held robot pushed into a one-way lane may have to go round the block: it is pushed at most
    // a step further from its dropoff, and waits where it was pushed to. Pushed anywhere and sent
    // back to its pickup, R2_2 here reached its dropoff with 18 m of charge and its station further.
    const { instance, execution } = greedyDay(
      {
        width: 20,
        height: 16,
        stations: 2,
        robotsPerStation: 8,
        orders: 80,
        dropoffs: 1,
        seed: 3,
        aisleWidth: 1,
        oneWayLanes: true,
      },
      { max_distance: 150, handling_time_s: 6, robot_model: 'drive-unit' },
    );
    expect(instance.environment.elements.one_way_aisles?.length).toBeGreaterThan(0);
    expect(heldOnPickups(instance.environment, execution)).toBeGreaterThan(0);
  });

  it('random crowded floors, with and without one-way lanes: every delivery done, every run passing the checkers, robots held on some', () => {
    let heldRuns = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 10_000 }),
          robotsPerStation: fc.integer({ min: 4, max: 8 }),
          dropoffs: fc.integer({ min: 1, max: 2 }),
          handling: fc.constantFrom(2, 6),
          charge: fc.constantFrom(150, 2000),
          oneWayLanes: fc.boolean(),
          model: fc.constantFrom('drive-unit' as const, 'amr' as const),
        }),
        ({ seed, robotsPerStation, dropoffs, handling, charge, oneWayLanes, model }) => {
          const { instance, execution } = greedyDay(
            {
              width: 16,
              height: 16,
              stations: 2,
              robotsPerStation,
              orders: 60,
              dropoffs,
              seed,
              aisleWidth: 1,
              oneWayLanes,
            },
            { max_distance: charge, handling_time_s: handling, robot_model: model },
          );
          expect(execution.totals.deliveries).toBe(instance.tasks.length);
          if (heldOnPickups(instance.environment, execution) > 0) heldRuns++;
        },
      ),
      { numRuns: 20, seed: 20261203 },
    );
    expect(heldRuns).toBeGreaterThan(0);
  });

  it('holds loaded drive units on their pickups on a crowded one-dock floor, as the dock’s queue, and never holds points', () => {
    const options = {
      width: 16,
      height: 16,
      stations: 2,
      robotsPerStation: 6,
      orders: 80,
      dropoffs: 1,
      seed: 7,
      aisleWidth: 1,
    } as const;
    const heldSeconds = (model: 'point' | 'drive-unit') => {
      const { instance, execution } = greedyDay(options, {
        max_distance: 2000,
        handling_time_s: 6,
        robot_model: model,
      });
      const held = heldOnPickups(instance.environment, execution);
      const dockQueue = Object.values(execution.totals.dock_queue_s ?? {}).reduce((sum, s) => sum + s, 0);
      return { held, dockQueue };
    };
    const units = heldSeconds('drive-unit');
    expect(units.held).toBeGreaterThan(0);
    // Standing on its pickup for its dropoff is part of the dock's queue.
    expect(units.dockQueue).toBeGreaterThanOrEqual(units.held - 1e-6);
    expect(heldSeconds('point').held).toBe(0);
  });
});
