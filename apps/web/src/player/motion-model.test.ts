import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TWO_ROBOT_ENVIRONMENT,
  TWO_ROBOT_PARAMETERS,
  TWO_ROBOT_RESULTS,
} from '../components/results/two-robot-plan.fixture.ts';
import { formatClock } from '../lib/display-format.ts';
import { isRechargeStep, robotPlansOf } from '../lib/plan-model.ts';
import {
  CORRIDOR_FLOOR,
  CORRIDOR_PARAMETERS,
  CORRIDOR_RESULTS,
  FLOOR_STATS,
  QUEUE_FLOOR,
  QUEUE_PARAMETERS,
  QUEUE_RESULTS,
  TURNS_FLOOR,
  TURNS_RESULTS,
} from './floor-plan.fixture.ts';
import { SMALL_FLOORS } from './fixtures/small-floors.ts';
import {
  buildFleetModel,
  DEFAULT_MOTION_SETTINGS,
  sampleFleet,
  sampleRobot,
  type FleetModel,
  type MotionSettings,
} from './motion-model.ts';
import { drivesWithOwnMotion, plannedSchedulesOf } from './planned-schedule.ts';
import { createFleetStates, createRobotState } from './robot-state.ts';

function modelOf(
  environment: Parameters<typeof plannedSchedulesOf>[0],
  results: Record<string, unknown>,
  parameters: Parameters<typeof plannedSchedulesOf>[2],
  stats: unknown,
  settings: MotionSettings = DEFAULT_MOTION_SETTINGS,
): FleetModel {
  const { schedules, floorProblem } = plannedSchedulesOf(environment, results, parameters, stats);
  expect(floorProblem).toBeNull();
  return buildFleetModel(schedules, settings);
}

function robotAt(model: FleetModel, robotId: string, time: number) {
  const timeline = model.robots.find((robot) => robot.robotId === robotId)!;
  return sampleRobot(timeline, time, createRobotState(robotId));
}

/** Each delivery step's completion_time, and the count of deliveries the replay shows just before and at it. */
function doneCounts(model: FleetModel, results: Record<string, unknown>) {
  return robotPlansOf(results).flatMap((plan) => {
    let delivered = 0;
    return plan.steps.flatMap((step) => {
      if (isRechargeStep(step)) return [];
      delivered += 1;
      return [
        {
          robot: plan.robotId,
          delivered,
          before: robotAt(model, plan.robotId, step.completion_time - 0.01).completedDeliveries,
          at: robotAt(model, plan.robotId, step.completion_time).completedDeliveries,
        },
      ];
    });
  });
}

describe('planned replay of a plan made on the floor: the plan’s clock', () => {
  const model = modelOf(QUEUE_FLOOR, QUEUE_RESULTS, QUEUE_PARAMETERS, FLOOR_STATS);

  it('shows each delivery done at its completion_time, and ends when the last robot’s charge does', () => {
    expect(doneCounts(model, QUEUE_RESULTS)).toEqual([
      { robot: 'R1_1', delivered: 1, before: 0, at: 1 },
      { robot: 'R1_2', delivered: 1, before: 0, at: 1 },
    ]);
    expect(model.robots.map((robot) => [robot.robotId, robot.endTime])).toEqual([
      ['R1_1', 190],
      ['R1_2', 370],
    ]);
    expect(model.endTime).toBe(370);
  });

  it('drives the floor’s walk through cell centres, leaving and arriving on the plan’s steps', () => {
    // R1 -> P1: 3 m in 3 s. The sliders' profile (1 m/s, 0.5 m/s²: 2 s ramps of 1 m, 1 s cruise,
    // 5 s) is squeezed into 3 s, so at 1.5 s the robot is half way (1.5 m) at 5/3 m/s.
    expect(robotAt(model, 'R1_1', 0)).toMatchObject({
      x: 0.5,
      y: 0.5,
      speed: 0,
      motion: 'accelerating',
      location: 'in transit',
      stepIndex: 0,
    });
    const halfway = robotAt(model, 'R1_1', 1.5);
    expect(halfway).toMatchObject({ x: 2, y: 0.5, motion: 'cruising', heading: 0 });
    expect(halfway.speed).toBeCloseTo(5 / 3, 12);
    // At 3 s it stands on P1's cell (2, 1), having turned down at (2, 0).
    expect(robotAt(model, 'R1_1', 3)).toMatchObject({ x: 2.5, y: 1.5, speed: 0 });
    expect(robotAt(model, 'R1_1', 6)).toMatchObject({ x: 4.5, y: 0.5, speed: 0, completedDeliveries: 1 });
    // Home at 10 s, 10 m since the start of a 20 m charge: 50%.
    expect(robotAt(model, 'R1_1', 10)).toMatchObject({ x: 0.5, y: 0.5, distanceSinceCharge: 10, batteryPercent: 50 });
  });

  it('draws each leg along the walk the plan drives: a drive unit’s least-time walk, a point’s shortest walk', () => {
    const homeDrive = (robotModel: 'point' | 'drive-unit') => {
      const parameters = {
        robot_speed: 1,
        recharge_time: 3,
        battery_capacity: 100,
        max_distance: 20,
        robot_model: robotModel,
      };
      const { schedules, floorProblem } = plannedSchedulesOf(TURNS_FLOOR, TURNS_RESULTS, parameters, FLOOR_STATS);
      expect(floorProblem).toBeNull();
      // The drives after the delivery is done at D1, their corners end to end.
      const [done] = schedules[0].deliveryDone;
      const corners = schedules[0].activities.flatMap((activity) =>
        activity.kind === 'drive' && activity.start >= done ? activity.points : [],
      );
      return corners.filter(
        (point, index) => index === 0 || point.x !== corners[index - 1].x || point.y !== corners[index - 1].y,
      );
    };
    // D1 (5, 3) home to R1 (0, 0): one turn at (5, 0) for the drive unit, three for the point.
    expect(homeDrive('drive-unit')).toEqual([
      { x: 5.5, y: 3.5 },
      { x: 5.5, y: 0.5 },
      { x: 0.5, y: 0.5 },
    ]);
    expect(homeDrive('point')).toEqual([
      { x: 5.5, y: 3.5 },
      { x: 3.5, y: 3.5 },
      { x: 3.5, y: 2.5 },
      { x: 0.5, y: 2.5 },
      { x: 0.5, y: 0.5 },
    ]);
  });

  it('times a drive unit’s legs as its plan does: a turn in place onto each straight run, each run from standstill to standstill', () => {
    const parameters = {
      robot_speed: 1,
      recharge_time: 3,
      battery_capacity: 100,
      max_distance: 20,
      robot_model: 'drive-unit' as const,
    };
    const { schedules } = plannedSchedulesOf(TURNS_FLOOR, TURNS_RESULTS, parameters, FLOOR_STATS);
    // Drive unit: 1.5 m/s, 1 m/s² both ways, 0.625 s a quarter turn, 2 s handling. A 2 m run
    // never reaches top speed: 2 x sqrt(2) = 2.828 s; 3 m: 3 / 1.5 + 0.75 + 0.75 = 3.5 s; 1 m: 2 s;
    // 5 m: 5 / 1.5 + 1.5 = 4.833 s. Legs round up to whole ticks of 0.05 s.
    // R1 -> P1: turn from R1's rest heading (-x) to +x (1.25 s), 2 m, a quarter turn down, 2 m:
    // 7.532 s, so 7.55 s. P1 -> D1 after 2 s of handling: a quarter turn from P1's rest heading
    // (+y, facing its shelf) to +x, 3 m, a quarter turn, 1 m, a quarter turn onto D1's rest
    // heading (+x): 7.375 s, so 7.4 s, done at 16.95 s. Home after 2 s: a quarter turn up, 3 m, a
    // quarter turn, 5 m: 9.583 s, so 9.6 s.
    const expected: [string, number, number][] = [
      ['turning', 0, 1.25],
      ['drive', 1.25, 1.25 + 2 * Math.SQRT2],
      ['turning', 1.25 + 2 * Math.SQRT2, 1.875 + 2 * Math.SQRT2],
      ['drive', 1.875 + 2 * Math.SQRT2, 1.875 + 4 * Math.SQRT2],
      ['stopped', 1.875 + 4 * Math.SQRT2, 7.55],
      ['stopped', 7.55, 9.55],
      ['turning', 9.55, 10.175],
      ['drive', 10.175, 13.675],
      ['turning', 13.675, 14.3],
      ['drive', 14.3, 16.3],
      ['turning', 16.3, 16.925],
      ['stopped', 16.925, 16.95],
      ['stopped', 16.95, 18.95],
      ['turning', 18.95, 19.575],
      ['drive', 19.575, 23.075],
      ['turning', 23.075, 23.7],
      ['drive', 23.7, 23.7 + 5 / 1.5 + 1.5],
      ['stopped', 23.7 + 5 / 1.5 + 1.5, 28.55],
      ['recharging', 28.55, 208.55],
    ];
    const activities = schedules[0].activities;
    expect(activities.map((activity) => (activity.kind === 'drive' ? 'drive' : activity.motion))).toEqual(
      expected.map(([kind]) => kind),
    );
    activities.forEach((activity, index) => {
      expect(activity.start).toBeCloseTo(expected[index][1], 9);
      expect(activity.end).toBeCloseTo(expected[index][2], 9);
    });
    expect(schedules[0].deliveryDone[0]).toBeCloseTo(16.95, 9);

    // Half way through the turn at (2, 0) it faces down-right, standing; half way along the 2 m
    // run before it, 1 m on at the run's peak speed.
    const model = buildFleetModel(schedules);
    const turning = robotAt(model, 'R1_1', 1.25 + 2 * Math.SQRT2 + 0.3125);
    expect(turning).toMatchObject({ x: 2.5, y: 0.5, speed: 0, motion: 'turning' });
    expect(turning.heading).toBeCloseTo(Math.PI / 4, 9);
    const running = robotAt(model, 'R1_1', 1.25 + Math.SQRT2);
    expect(running.x).toBeCloseTo(1.5, 9);
    expect(running.speed).toBeCloseTo(Math.SQRT2, 9);

    // The 5 m run home along y = 0.5 from x = 5.5 at the model's own rates, whatever the sliders
    // say: 1 s in, 0.5 m on at 1 m/s, accelerating; 2.5 s in, 1.125 m of ramp and 1.5 m at 1.5 m/s.
    const home = 23.7;
    for (const settings of [DEFAULT_MOTION_SETTINGS, { maxSpeed: 0.3, acceleration: 2.9 }]) {
      const shaped = buildFleetModel(schedules, settings);
      const starting = robotAt(shaped, 'R1_1', home + 1);
      expect(starting).toMatchObject({ y: 0.5, motion: 'accelerating' });
      expect(starting.x).toBeCloseTo(5, 9);
      expect(starting.speed).toBeCloseTo(1, 9);
      const cruising = robotAt(shaped, 'R1_1', home + 2.5);
      expect(cruising).toMatchObject({ y: 0.5, motion: 'cruising' });
      expect(cruising.x).toBeCloseTo(5.5 - 2.625, 9);
      expect(cruising.speed).toBeCloseTo(1.5, 9);
      expect(cruising.heading).toBeCloseTo(Math.PI, 9);
    }
    expect(drivesWithOwnMotion(schedules)).toBe(true);
  });

  it('queues a robot for the station’s one charger as the plan does, then charges it', () => {
    expect(robotAt(model, 'R1_1', 100)).toMatchObject({ motion: 'recharging', location: 'idle', stepIndex: 1 });
    expect(robotAt(model, 'R1_2', 100)).toMatchObject({
      motion: 'queued',
      location: 'idle',
      stepIndex: 1,
      batteryPercent: 50,
    });
    expect(robotAt(model, 'R1_2', 190)).toMatchObject({ motion: 'recharging' });
    expect(robotAt(model, 'R1_1', 190)).toMatchObject({
      done: true,
      stepIndex: -1,
      batteryPercent: 100,
      distanceSinceCharge: 0,
    });
    expect(robotAt(model, 'R1_2', 370)).toMatchObject({
      done: true,
      motion: 'stopped',
      location: 'idle',
      batteryPercent: 100,
    });
  });

  it('replays a 1 min 50 s plan in 1 min 50 s of plan time', () => {
    const corridor = modelOf(CORRIDOR_FLOOR, CORRIDOR_RESULTS, CORRIDOR_PARAMETERS, FLOOR_STATS);
    // A point plan's drives are the sliders' to shape.
    expect(
      drivesWithOwnMotion(
        plannedSchedulesOf(CORRIDOR_FLOOR, CORRIDOR_RESULTS, CORRIDOR_PARAMETERS, FLOOR_STATS).schedules,
      ),
    ).toBe(false);
    expect(formatClock(corridor.endTime)).toBe('1:50.0');
    expect(
      doneCounts(corridor, CORRIDOR_RESULTS).every(
        ({ delivered, before, at }) => before === delivered - 1 && at === delivered,
      ),
    ).toBe(true);
  });

  it('lets the sliders shape the motion within a drive, never when a delivery is done or the plan ends', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        (maxSpeed, acceleration) => {
          const shaped = modelOf(CORRIDOR_FLOOR, CORRIDOR_RESULTS, CORRIDOR_PARAMETERS, FLOOR_STATS, {
            maxSpeed,
            acceleration,
          });
          expect(shaped.endTime).toBe(110);
          expect(
            doneCounts(shaped, CORRIDOR_RESULTS).every(
              ({ delivered, before, at }) => before === delivered - 1 && at === delivered,
            ),
          ).toBe(true);
          // Every drive still starts from rest at its planned departure on its first cell.
          expect(robotAt(shaped, 'R1_1', 0)).toMatchObject({ x: 0.5, y: 0.5, speed: 0 });
          expect(robotAt(shaped, 'R1_1', 14)).toMatchObject({ x: 13.5, y: 1.5, speed: 0 });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('on recorded plans made by the optimiser, shows every delivery done at its completion_time and ends with the plan', () => {
    for (const recorded of SMALL_FLOORS) {
      const replay = modelOf(recorded.environment, recorded.results, recorded.parameters, recorded.stats);
      for (const count of doneCounts(replay, recorded.results)) {
        expect(count, `${recorded.label}: ${count.robot}`).toMatchObject({
          before: count.delivered - 1,
          at: count.delivered,
        });
      }
      // The plan ends with its last step; a delivery's handling at the dropoff comes after its completion_time.
      const handlingS =
        Math.ceil(recorded.parameters.handling_time_s * recorded.parameters.robot_speed - 1e-9) /
        recorded.parameters.robot_speed;
      const planEnd = Math.max(
        ...robotPlansOf(recorded.results).map(({ steps }) => {
          const last = steps[steps.length - 1];
          return last ? last.completion_time + (isRechargeStep(last) ? 0 : handlingS) : 0;
        }),
      );
      expect(replay.endTime, recorded.label).toBeCloseTo(planEnd, 9);
    }
  });
});

describe('planned replay of a plan made on the navigation graph (stored before plans moved onto the floor)', () => {
  // No stats.distances: the two-robot plan was made on the graph, its paths are node ids.
  const model = modelOf(TWO_ROBOT_ENVIRONMENT, TWO_ROBOT_RESULTS, TWO_ROBOT_PARAMETERS, null);

  it('keeps the plan’s clock: every delivery is done at its completion_time, every robot ends with its last step', () => {
    expect(doneCounts(model, TWO_ROBOT_RESULTS)).toEqual([
      { robot: 'R1_1', delivered: 1, before: 0, at: 1 },
      { robot: 'R1_1', delivered: 2, before: 1, at: 2 },
      { robot: 'R1_1', delivered: 3, before: 2, at: 3 },
      { robot: 'R1_2', delivered: 1, before: 0, at: 1 },
    ]);
    // R1_1 ends with its last delivery at 214 s; R1_2 with its 6 min recharge in place at 370 s; R2_1 has no work.
    expect(model.robots.map((robot) => [robot.robotId, robot.endTime])).toEqual([
      ['R1_1', 214],
      ['R1_2', 370],
      ['R2_1', 0],
    ]);
    expect(model.endTime).toBe(370);
  });

  it('splits a step’s time between its drives by their lengths: R1_1 reaches P1 (6 of 10 m) at 6 s', () => {
    // R1_1 -> N1 -> P1: 6 m in 6 s, the sliders' 8 s profile squeezed by 4/3: at 3 s it passes N1 at 4/3 m/s.
    const atN1 = robotAt(model, 'R1_1', 3);
    expect(atN1).toMatchObject({ x: 3.5, y: 0.5, motion: 'cruising' });
    expect(atN1.speed).toBeCloseTo(4 / 3, 12);
    expect(robotAt(model, 'R1_1', 6)).toMatchObject({ x: 6.5, y: 0.5, speed: 0, stepIndex: 0 });
    expect(robotAt(model, 'R1_1', 10)).toMatchObject({ x: 6.5, y: 4.5, completedDeliveries: 1, stepIndex: 1 });
  });

  it('charges for the step’s recharge_time at the end of its path, then restores the battery', () => {
    // D1 -> N1 -> R1: 8 m in the 8 s the 3 min charge leaves of the step (16 -> 204 s).
    expect(robotAt(model, 'R1_1', 24)).toMatchObject({
      x: 0.5,
      y: 0.5,
      motion: 'recharging',
      location: 'idle',
      distanceSinceCharge: 24,
      batteryPercent: 0,
    });
    expect(robotAt(model, 'R1_1', 204)).toMatchObject({ distanceSinceCharge: 0, batteryPercent: 100, stepIndex: 3 });
    expect(robotAt(model, 'R1_2', 200)).toMatchObject({ x: 6.5, y: 4.5, motion: 'recharging', batteryPercent: 50 });
  });

  it('gives handling its time at the pickup and the dropoff within the step, and still keeps the clock', () => {
    const handled = modelOf(
      TWO_ROBOT_ENVIRONMENT,
      TWO_ROBOT_RESULTS,
      { ...TWO_ROBOT_PARAMETERS, handling_time_s: 1 },
      null,
    );
    expect(
      doneCounts(handled, TWO_ROBOT_RESULTS).every(
        ({ delivered, before, at }) => before === delivered - 1 && at === delivered,
      ),
    ).toBe(true);
    // Step 1: 10 m in the 9 s left after 1 s at P1: P1 at 5.4 s, handling until 6.4 s.
    expect(robotAt(handled, 'R1_1', 6)).toMatchObject({ x: 6.5, y: 0.5, motion: 'stopped', location: 'at pickup' });
    // Step 2 begins with 1 s at D1.
    expect(robotAt(handled, 'R1_1', 10.5)).toMatchObject({ x: 6.5, y: 4.5, motion: 'stopped', location: 'at dropoff' });
    // After its last delivery (214 s) R1_1 handles 1 s at the dropoff.
    expect(handled.robots[0].endTime).toBe(215);
  });

  it('reports every robot done, idle and stopped at the end, reusing the caller’s state objects', () => {
    const states = createFleetStates(model);
    const first = states[0];
    sampleFleet(model, 370, states);
    expect(states[0]).toBe(first);
    expect(
      states.map((state) => [state.robotId, state.done, state.motion, state.location, state.completedDeliveries]),
    ).toEqual([
      ['R1_1', true, 'stopped', 'idle', 3],
      ['R1_2', true, 'stopped', 'idle', 1],
      ['R2_1', true, 'stopped', 'idle', 0],
    ]);
    expect(states[0]).toMatchObject({ x: 6.5, y: 4.5, battery: 50 });
    expect(states[1]).toMatchObject({ battery: 100, distanceSinceCharge: 0 });
    expect(states[2]).toMatchObject({ x: 0.5, y: 4.5, battery: 100 });
  });

  it('points at the rest of the route: the next point ahead while driving', () => {
    const timeline = model.robots[0];
    // Route points: drive 1 [R1_1, N1, P1], drive 2 [P1, D1], ... The robot is between N1 and P1 at 4 s.
    expect(sampleRobot(timeline, 4, createRobotState('R1_1')).routePoint).toBe(2);
    expect(sampleRobot(timeline, 500, createRobotState('R1_1')).routePoint).toBe(timeline.xs.length);
  });
});

describe('a plan made on the floor that this floor cannot hold', () => {
  it('is drawn between its places on its completion times, and says why', () => {
    // The floor lost its dropoff (the layout was edited after the solve).
    const edited = { ...QUEUE_FLOOR, elements: { ...QUEUE_FLOOR.elements, dropoffs: [] } };
    const { schedules, floorProblem } = plannedSchedulesOf(edited, QUEUE_RESULTS, QUEUE_PARAMETERS, FLOOR_STATS);
    expect(floorProblem).toBe('Robot R1_1 step 1: dropoff D1 is not a place of the environment');
    expect(schedules.map((schedule) => Array.from(schedule.deliveryDone))).toEqual([[6], [7]]);
  });
});
