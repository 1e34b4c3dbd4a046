import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CODE,
  createSeededRandom,
  executedTimeSplit,
  Floor,
  FloorClock,
  UNREACHABLE,
  LeastTimeWalks,
  planTimeSplit,
  resolveFloorParameters,
  resolveRobotModel,
  robotWorkFromPlan,
  runPhases,
  runTime,
  runTimeSplit,
  solveTimeSplit,
  walkTime,
  walkTimeSplit,
} from '../src/index.ts';

const driveUnit = resolveRobotModel({ robot_model: 'drive-unit' });
const point = resolveRobotModel({ robot_speed: 2 });

describe('drive time split', () => {
  it('splits 10 m at 1 m/s² and 1.5 m/s into 3 s of ramps and 7.75 m / 1.5 m/s at speed', () => {
    const split = runTimeSplit(driveUnit, 10);
    expect(split.rampsS).toBeCloseTo(3, 12);
    expect(split.cruiseS).toBeCloseTo(7.75 / 1.5, 12);
    expect(split.cruiseS + split.rampsS).toBeCloseTo(runTime(driveUnit, 10), 12);
  });

  it('a 1 m hop is all ramps (2 s), a point’s run all cruise', () => {
    expect(runTimeSplit(driveUnit, 1)).toEqual({ cruiseS: 0, rampsS: 2 });
    expect(runTimeSplit(point, 7)).toEqual({ cruiseS: 3.5, rampsS: 0 });
  });

  it('gives a run phase by phase: 10 m at 1.5 m/s, 1 m/s² both ways; 3 m braking at half the acceleration; a 1 m triangle', () => {
    // 10 m: 1.5 s up to 1.5 m/s (1.125 m), 1.5 s down (1.125 m), 7.75 m at 1.5 m/s.
    const ten = runPhases(driveUnit, 10);
    expect(ten.peakSpeed).toBe(1.5);
    expect(ten.accelerateS).toBeCloseTo(1.5, 12);
    expect(ten.brakeS).toBeCloseTo(1.5, 12);
    expect(ten.cruiseS).toBeCloseTo(7.75 / 1.5, 12);
    // 1 m at 1 m/s² both ways: peak sqrt(2 x 1 x 1 x 1 / 2) = 1 m/s, 1 s up and 1 s down.
    expect(runPhases(driveUnit, 1)).toEqual({ peakSpeed: 1, accelerateS: 1, cruiseS: 0, brakeS: 1 });
    // Accelerating at 1 m/s², braking at 0.5 m/s², top speed 1 m/s: ramps of 0.5 m and 1 m, so 3 m
    // is 1 s up, 1.5 m at speed (1.5 s), 2 s down: 4.5 s, runTime's figure.
    const uneven = resolveRobotModel({
      robot_speed: 1,
      robot_model: { acceleration_m_s2: 1, braking_m_s2: 0.5, quarter_turn_s: 0 },
    });
    expect(runPhases(uneven, 3)).toEqual({ peakSpeed: 1, accelerateS: 1, cruiseS: 1.5, brakeS: 2 });
    expect(runTime(uneven, 3)).toBeCloseTo(4.5, 12);
    expect(runPhases(point, 7)).toEqual({ peakSpeed: 2, accelerateS: 0, cruiseS: 3.5, brakeS: 0 });
    expect(runPhases(driveUnit, 0)).toEqual({ peakSpeed: 0, accelerateS: 0, cruiseS: 0, brakeS: 0 });
  });

  it('splits the L-shaped walk into 0.5 s at speed, 3 + 2√2 s of ramps and one quarter turn', () => {
    const l = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2],
    ] as const;
    const split = walkTimeSplit(driveUnit, l, 0);
    expect(split.cruiseS).toBeCloseTo(0.5, 12);
    expect(split.rampsS).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    expect(split.turningS).toBeCloseTo(0.625, 12);
    const turned = walkTimeSplit(driveUnit, l, 2, 0);
    expect(turned.turningS).toBeCloseTo(0.625 + 1.25 + 0.625, 12);
    expect(turned.cruiseS + turned.rampsS + turned.turningS).toBeCloseTo(walkTime(driveUnit, l, 2, 0), 12);
  });

  it('adds up to the least-time walk’s seconds on random shelved floors, for every preset with motion', () => {
    const random = createSeededRandom(31);
    for (const name of ['drive-unit', 'amr'] as const) {
      const model = resolveRobotModel({ robot_model: name });
      for (let trial = 0; trial < 5; trial++) {
        const shelves = Array.from({ length: 4 }, (_, k) => ({
          id: `S${k}`,
          position: [1 + Math.floor(random.next() * 6), 1 + Math.floor(random.next() * 6)],
          size: [1, 1 + Math.floor(random.next() * 2)],
        }));
        const floor = new Floor({ dimensions: { width: 9, height: 9 }, elements: { shelves } });
        const walks = new LeastTimeWalks(floor, model);
        const from = floor.cellAt(0, 0);
        const goals = [...Array(floor.cellCount).keys()].filter((cell) => !floor.blocked[cell]);
        goals.forEach((goal) => {
          const walk = walks.walk(from, goal);
          if (!walk) return;
          const split = walkTimeSplit(
            model,
            walk.cells.map((cell) => [floor.x(cell), floor.y(cell)] as const),
            walks.restHeadingOf(from),
            walks.restHeadingOf(walk.cells.at(-1) as number),
          );
          expect(split.cruiseS + split.rampsS + split.turningS).toBeCloseTo(walk.seconds, 9);
        });
      }
    }
  });
});

describe('the floor clock’s turning and ramp seconds', () => {
  it('are the least-time walk’s, as walkTimeSplit splits it, on random shelved floors', () => {
    const random = createSeededRandom(7);
    for (let trial = 0; trial < 4; trial++) {
      const shelves = Array.from({ length: 5 }, (_, k) => ({
        id: `S${k}`,
        position: [1 + Math.floor(random.next() * 7), 1 + Math.floor(random.next() * 7)],
        size: [1 + Math.floor(random.next() * 2), 1],
      }));
      const floor = new Floor({ dimensions: { width: 10, height: 10 }, elements: { shelves } });
      const parameters = resolveFloorParameters({ robot_model: trial % 2 === 0 ? 'drive-unit' : 'amr' });
      const clock = new FloorClock(floor, parameters);
      const from = floor.cellAt(0, 0);
      for (let to = 0; to < floor.cellCount; to++) {
        if (floor.blocked[to] || clock.legSteps(from, to) >= UNREACHABLE) continue;
        const split = walkTimeSplit(
          parameters.robotModel,
          clock.legCells(from, to).map((cell) => [floor.x(cell), floor.y(cell)] as const),
          clock.restHeading(from),
          clock.restHeading(to),
        );
        const { turningS, rampsS } = clock.legDriveSplit(from, to);
        expect(turningS).toBeCloseTo(split.turningS, 5);
        expect(rampsS).toBeCloseTo(split.rampsS, 5);
        // The rest of the leg, rounding to whole ticks included, is driving at speed: never negative.
        expect(clock.legSteps(from, to) * parameters.stepS - turningS - rampsS).toBeGreaterThanOrEqual(
          split.cruiseS - 1e-5,
        );
      }
    }
  });

  it('are zero for a point robot', () => {
    const floor = new Floor({ dimensions: { width: 4, height: 4 }, elements: {} });
    const clock = new FloorClock(floor, resolveFloorParameters({ robot_speed: 1 }));
    expect(clock.legDriveSplit(0, 15)).toEqual({ turningS: 0, rampsS: 0 });
  });
});

describe('a plan’s time split', () => {
  // A 6 x 1 corridor: the station at x = 0, a pickup at x = 5, a dropoff at x = 2. Cells rest
  // facing the edge at +y, the last one facing +x.
  const environment = {
    dimensions: { width: 6, height: 1 },
    elements: {
      robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
      robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] }],
      // The far end is a place of its own; a pickup needs a shelf beside it, which a corridor has not.
      dropoffs: [
        { id: 'P1', position: [5.5, 0.5] },
        { id: 'D1', position: [2.5, 0.5] },
      ],
    },
  };
  const plan = { R1_1: [{ task: ['P1', 'D1'] }] };

  it('drive unit: turns, ramps and cruise of both legs, tick rounding counted as driving', () => {
    const floor = new Floor(environment);
    const parameters = resolveFloorParameters({ robot_model: 'drive-unit' });
    const { split, meanCycleS } = planTimeSplit(floor, parameters, robotWorkFromPlan(floor, environment, plan));
    // Station -> P1: a quarter turn to +x (0.625 s), 5 m (3 s of ramps, 2.75 m / 1.5 m/s at speed) = 5.458 s, 5.5 s in ticks.
    // P1 -> D1: a half turn (1.25 s), 3 m (3 s ramps, 0.5 s at speed), a quarter turn to rest (0.625 s) = 5.375 s, 5.4 s in ticks.
    expect(split.turning_s).toBeCloseTo(0.625 + 1.25 + 0.625, 9);
    expect(split.ramps_s).toBeCloseTo(6, 9);
    // At speed 2.75 / 1.5 + 0.5 s, plus the ticks' rounding: 5.5 - (0.625 + 3 + 2.75 / 1.5) and 5.4 - 5.375.
    expect(split.driving_s).toBeCloseTo(2.75 / 1.5 + 0.5 + (5.5 - 0.625 - 3 - 2.75 / 1.5) + (5.4 - 5.375), 9);
    expect(split.driving_s + split.ramps_s + split.turning_s).toBeCloseTo(5.5 + 5.4, 9);
    expect(split.handling_s).toBe(4);
    expect(split.charging_s).toBe(0);
    expect(split).toMatchObject({ waiting_s: 0, waiting_from: 'plan' });
    // Dropoff reached after 5.5 s + 2 s handling + 5.4 s.
    expect(meanCycleS).toBeCloseTo(12.9, 9);
  });

  it('point: every second of a leg is driving at speed', () => {
    const floor = new Floor(environment);
    const parameters = resolveFloorParameters({ robot_speed: 1, handling_time_s: 3 });
    const { split, meanCycleS } = planTimeSplit(floor, parameters, robotWorkFromPlan(floor, environment, plan));
    expect(split).toEqual({
      driving_s: 8,
      ramps_s: 0,
      turning_s: 0,
      handling_s: 6,
      charging_s: 0,
      waiting_s: 0,
      waiting_from: 'plan',
    });
    expect(meanCycleS).toBe(11);
  });

  // One robot's executed day, in ticks of 0.05 s: driving 0-5 s, handling 5-7 s, driving 7-12 s,
  // waiting 12-13 s, driving 13-15 s, then parked. Its motion: accelerating 0-1.5 s, cruising,
  // braking 4-5 s, stopped, turning 7-7.625 s, accelerating 7.625-9 s, cruising, braking 11-12 s,
  // stopped (waiting), accelerating 13-14 s, braking 14-15 s, stopped.
  const code = ACTIVITY_CODE;
  const segment = (t: number, state: number) => [t, 0, 0, 0, 0, 0, state];
  const executedDay = {
    step_s: 0.05,
    robots: {
      R1_1: {
        timeline: [],
        activities: [
          0,
          code.drive_empty,
          100,
          code.handling,
          140,
          code.drive_loaded,
          240,
          code.waiting,
          260,
          code.drive_loaded,
          300,
          code.idle,
        ],
        motion: [
          [0, 1],
          [1.5, 2],
          [4, 3],
          [5, 0],
          [7, 4],
          [7.625, 1],
          [9, 2],
          [11, 3],
          [12, 0],
          [13, 1],
          [14, 3],
          [15, 0],
        ].flatMap(([t, state]) => segment(t, state)),
        deliveries: [{ pickup: 'P1', dropoff: 'D1', done_s: 12 }],
        charges: [],
        waiting_s: 1,
        queued_s: 0,
        distance_m: 8,
        finish_s: 12,
        extra_charges: 0,
      },
    },
    totals: { waiting_s: 1, steps: 320 } as never,
  };

  it('of an executed day is the run’s: activities, and the motion’s ramps and turns within the driving', () => {
    // Driving 5 + 5 + 2 = 12 s; ramps 1.5 + 1 + 1.375 + 1 + 1 + 1 = 6.875 s; turning 0.625 s.
    expect(executedTimeSplit(executedDay)).toEqual({
      driving_s: 4.5,
      ramps_s: 6.875,
      turning_s: 0.625,
      handling_s: 2,
      charging_s: 0,
      waiting_s: 1,
      waiting_from: 'execution',
    });
    // A point robot's run has no motion: all its driving is at speed.
    const { motion: _motion, ...pointRobot } = executedDay.robots.R1_1;
    expect(executedTimeSplit({ ...executedDay, robots: { R1_1: pointRobot } })).toMatchObject({
      driving_s: 12,
      ramps_s: 0,
      turning_s: 0,
    });
  });

  it('up to a shift’s end counts the driving, its ramps and turns, and the handling before it only', () => {
    // To 10 s (step 200): driving 0-5 s and 7-10 s = 8 s; ramps 1.5 + 1 + 1.375 = 3.875 s and the
    // 0.625 s turn within them; the 1.5 s ramps after 10 s are not counted.
    expect(executedTimeSplit(executedDay, 200)).toEqual({
      driving_s: 3.5,
      ramps_s: 3.875,
      turning_s: 0.625,
      handling_s: 2,
      charging_s: 0,
      waiting_s: 1,
      waiting_from: 'execution',
    });
  });

  it('a solve’s split is its execution’s when the plan ran on the shared floor, and null for a plan the floor cannot read', () => {
    const solved = solveTimeSplit(environment, { robot_model: 'drive-unit' }, plan, executedDay);
    expect(solved?.time_split).toMatchObject({
      driving_s: 4.5,
      waiting_s: 1,
      waiting_from: 'execution',
      handling_s: 2,
    });
    expect(solved?.mean_cycle_s).toBe(12);
    // A shift's split counts up to its end, as its figures do (here a shift of 10 s: step 200).
    const shift = solveTimeSplit(
      environment,
      { robot_model: 'drive-unit', shift: { hours: 10 / 3600 } },
      plan,
      executedDay,
    );
    expect(shift?.time_split).toEqual(executedTimeSplit(executedDay, 200));
    // A record stored before activities were kept: the plan's parts, the run's waiting.
    const { activities: _activities, ...withoutActivities } = executedDay.robots.R1_1;
    const older = solveTimeSplit(environment, { robot_model: 'drive-unit' }, plan, {
      ...executedDay,
      robots: { R1_1: withoutActivities as never },
    });
    expect(older?.time_split).toMatchObject({ waiting_s: 1, waiting_from: 'execution', handling_s: 4 });
    expect(solveTimeSplit(environment, {}, { R1_1: [{ task: ['P9', 'D1'] }] }, null)).toBeNull();
  });
});
