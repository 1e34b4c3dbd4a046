import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TWO_ROBOT_ENVIRONMENT, TWO_ROBOT_PARAMETERS, TWO_ROBOT_RESULTS } from '../components/results/two-robot-plan.fixture.ts';
import { robotPlansOf, type PlanStep, type RobotPlan } from '../lib/plan-model.ts';
import {
  buildFleetModel,
  buildRobotTimeline,
  DEFAULT_MOTION_SETTINGS,
  isFleetDone,
  profileDistance,
  runProfile,
  sampleFleet,
  sampleRobot,
  type MotionSettings,
  type NodePositions,
} from './motion-model.ts';
import { createFleetStates, createRobotState } from './robot-state.ts';
import { nodePositionsOf } from './node-positions.ts';

/** Pure kinematics: no stop dwell, default speed 1 m/s and acceleration 0.5 m/s². */
const KINEMATIC: MotionSettings = { ...DEFAULT_MOTION_SETTINGS, stopDwellSeconds: 0 };

const positions: NodePositions = new Map([
  ['R1_1', { x: 0, y: 0 }],
  ['N1', { x: 5, y: 0 }],
  ['N2', { x: 5, y: 5 }],
  ['P1', { x: 4, y: 0 }],
  ['P9', { x: 0, y: 0 }],
  ['D1', { x: 10, y: 0 }],
  ['D2', { x: 0.5, y: 0 }],
  ['R1', { x: 10, y: 0 }],
]);

function delivery(pickup: string, dropoff: string, path: string[], extra: Partial<PlanStep> = {}): PlanStep {
  return { task: [pickup, dropoff], path, total_distance: 0, completion_time: 0, ...extra };
}

function stateAt(plan: RobotPlan, time: number, settings: MotionSettings = KINEMATIC, parameters = {}) {
  return sampleRobot(buildRobotTimeline(plan, positions, settings, parameters), time, createRobotState(plan.robotId));
}

describe('velocity profile', () => {
  it('accelerates, cruises and brakes exactly on a straight 10 m path between two stops', () => {
    // From the pickup P9 (0,0) straight to the dropoff D1 (10,0): 2 s ramps of 1 m, 8 s cruise.
    const plan = { robotId: 'R1_1', steps: [delivery('P9', 'D1', ['P9', 'D1'])] };
    const timeline = buildRobotTimeline(plan, positions, KINEMATIC);
    expect(timeline.endTime).toBe(12);

    expect(stateAt(plan, 1)).toMatchObject({ x: 0.25, y: 0, speed: 0.5, motion: 'accelerating', location: 'in transit' });
    expect(stateAt(plan, 2)).toMatchObject({ x: 1, speed: 1, motion: 'cruising' });
    expect(stateAt(plan, 6)).toMatchObject({ x: 5, speed: 1, motion: 'cruising' });
    expect(stateAt(plan, 11)).toMatchObject({ x: 9.75, speed: 0.5, motion: 'decelerating' });
    expect(stateAt(plan, 12)).toMatchObject({ x: 10, speed: 0, motion: 'stopped', done: true, completedDeliveries: 1 });
  });

  it('uses a triangular profile when the run is too short to reach top speed', () => {
    const profile = runProfile(0.5, 1, 0.5);
    expect(profile).toMatchObject({ peakSpeed: 0.5, accelTime: 1, cruiseTime: 0, duration: 2 });
    const plan = { robotId: 'R1_1', steps: [delivery('P9', 'D2', ['P9', 'D2'])] };
    expect(stateAt(plan, 0.5)).toMatchObject({ x: 0.0625, speed: 0.25, motion: 'accelerating' });
    expect(stateAt(plan, 1)).toMatchObject({ x: 0.25, speed: 0.5, motion: 'decelerating' });
    expect(stateAt(plan, 1.5).speed).toBe(0.25);
    expect(stateAt(plan, 1.5).x).toBeCloseTo(0.4375, 12);
  });

  it('covers exactly the run length at its end for any speed and acceleration', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 500, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        (length, maxSpeed, acceleration) => {
          const profile = runProfile(length, maxSpeed, acceleration);
          return (
            Math.abs(profileDistance(profile, profile.duration) - length) < 1e-9 &&
            Math.abs(profileDistance(profile, profile.accelTime + profile.cruiseTime + profile.accelTime) - length) < 1e-6 &&
            profile.peakSpeed <= maxSpeed + 1e-12
          );
        },
      ),
    );
  });
});

describe('stops and pass-through', () => {
  it('brakes to a stop at the pickup, then starts again from rest', () => {
    // R1_1 (0,0) -> P1 (4,0): 4 m = 2 s + 2 s cruise + 2 s. Then P1 -> D1 (10,0): 6 m = 2 + 4 + 2.
    const plan = { robotId: 'R1_1', steps: [delivery('P1', 'D1', ['R1_1', 'P1', 'D1'])] };
    expect(stateAt(plan, 5)).toMatchObject({ x: 3.75, speed: 0.5, motion: 'decelerating' });
    expect(stateAt(plan, 6)).toMatchObject({ x: 4, speed: 0, motion: 'accelerating' });
    expect(stateAt(plan, 7)).toMatchObject({ x: 4.25, speed: 0.5, motion: 'accelerating' });
    expect(buildRobotTimeline(plan, positions, KINEMATIC).endTime).toBe(14);
  });

  it('stands at the pickup and the dropoff for the stop dwell, showing where it is', () => {
    const plan = { robotId: 'R1_1', steps: [delivery('P1', 'D1', ['R1_1', 'P1', 'D1'])] };
    const settings = { ...KINEMATIC, stopDwellSeconds: 1 };
    expect(stateAt(plan, 6.5, settings)).toMatchObject({ x: 4, motion: 'stopped', location: 'at pickup', completedDeliveries: 0 });
    expect(stateAt(plan, 8, settings)).toMatchObject({ x: 4.25, motion: 'accelerating', location: 'in transit' });
    expect(stateAt(plan, 15.5, settings)).toMatchObject({ x: 10, location: 'at dropoff', completedDeliveries: 1, done: false });
    expect(stateAt(plan, 16, settings)).toMatchObject({ done: true, location: 'idle' });
  });

  it('passes navigation nodes at speed, turning the heading, without stopping', () => {
    // R1_1 (0,0) -> N1 (5,0) -> N2 (5,5) as one 10 m run: at N1 the robot cruises at 1 m/s.
    const plan = { robotId: 'R1_1', steps: [{ ...delivery('X', 'N2', ['R1_1', 'N1', 'N2']) }] };
    expect(stateAt(plan, 5.5)).toMatchObject({ x: 4.5, y: 0, heading: 0, speed: 1, motion: 'cruising' });
    expect(stateAt(plan, 6)).toMatchObject({ x: 5, y: 0, speed: 1, motion: 'cruising' });
    const afterCorner = stateAt(plan, 7);
    expect(afterCorner).toMatchObject({ x: 5, y: 1, speed: 1, motion: 'cruising' });
    expect(afterCorner.heading).toBeCloseTo(Math.PI / 2, 12);
    expect(buildRobotTimeline(plan, positions, KINEMATIC).endTime).toBe(12);
  });
});

describe('recharges and the battery', () => {
  const parameters = { battery_capacity: 100, max_distance: 100 };
  const rechargePlan: RobotPlan = {
    robotId: 'R1_1',
    steps: [
      { task: 'recharge', path: ['R1_1', 'R1'], total_distance: 10, completion_time: 190, battery_remaining: 100, recharge_time: 3 },
      delivery('P9', 'P1', ['R1', 'N1', 'P9', 'P1']),
    ],
  };

  it('drains the battery with the distance counter on the way to the charger', () => {
    expect(stateAt(rechargePlan, 6, KINEMATIC, parameters)).toMatchObject({ x: 5, distanceSinceCharge: 5, battery: 95, batteryPercent: 95 });
  });

  it('waits recharge_time minutes at the end of the path, then restores the battery and resets the counter', () => {
    expect(stateAt(rechargePlan, 12, KINEMATIC, parameters)).toMatchObject({ motion: 'recharging', location: 'idle', battery: 90, stepIndex: 0 });
    expect(stateAt(rechargePlan, 191.9, KINEMATIC, parameters)).toMatchObject({ motion: 'recharging', battery: 90 });
    // The next step starts at 192 from the charger with a full battery and a zero counter.
    expect(stateAt(rechargePlan, 192, KINEMATIC, parameters)).toMatchObject({ stepIndex: 1, distanceSinceCharge: 0, battery: 100 });
    expect(stateAt(rechargePlan, 194, KINEMATIC, parameters)).toMatchObject({ x: 9, distanceSinceCharge: 1, battery: 99 });
  });

  it('restores the battery to the step’s battery_remaining, not always to full', () => {
    const plan = { robotId: 'R1_1', steps: [{ ...rechargePlan.steps[0], battery_remaining: 80 }, rechargePlan.steps[1]] };
    expect(stateAt(plan, 192, KINEMATIC, parameters).battery).toBe(80);
  });

  it('waits the default 6 minutes when a recharge step has no recharge_time', () => {
    const plan = { robotId: 'R1_1', steps: [{ ...rechargePlan.steps[0], recharge_time: undefined }] };
    expect(buildRobotTimeline(plan, positions, KINEMATIC, parameters).endTime).toBe(12 + 360);
  });

  it('raises the low battery flag at 15% or less', () => {
    // 10 m on a 10 m range: battery 15% after 8.5 m, which the robot reaches at t = 9.5 s.
    const plan = { robotId: 'R1_1', steps: [delivery('P9', 'D1', ['P9', 'D1'])] };
    const small = { battery_capacity: 100, max_distance: 10 };
    expect(stateAt(plan, 9, KINEMATIC, small)).toMatchObject({ batteryPercent: 20, lowBattery: false });
    expect(stateAt(plan, 9.5, KINEMATIC, small)).toMatchObject({ batteryPercent: 15, lowBattery: true });
    expect(stateAt(plan, 12, KINEMATIC, small)).toMatchObject({ batteryPercent: 0, lowBattery: true });
  });
});

describe('the whole fleet', () => {
  const plans = robotPlansOf(TWO_ROBOT_RESULTS);
  const fixturePositions = nodePositionsOf(TWO_ROBOT_ENVIRONMENT);
  const model = buildFleetModel(plans, fixturePositions, DEFAULT_MOTION_SETTINGS, TWO_ROBOT_PARAMETERS);

  it('ends when the last robot is done, with each robot’s own end time', () => {
    // R1_1: 16 + 12 + (10 + 180) + 16 s; R1_2: 16 + 360 s (recharge in place); R2_1: idle.
    expect(model.robots.map((robot) => [robot.robotId, robot.endTime])).toEqual([
      ['R1_1', 234],
      ['R1_2', 376],
      ['R2_1', 0],
    ]);
    expect(model.endTime).toBe(376);
  });

  it('reports every robot done, idle and stopped at the end, with all deliveries counted', () => {
    const states = createFleetStates(model);
    sampleFleet(model, 375.9, states);
    expect(isFleetDone(model, 375.9)).toBe(false);
    expect(states.map((state) => state.done)).toEqual([true, false, true]);
    expect(states[1]).toMatchObject({ motion: 'recharging', battery: 50, completedDeliveries: 1 });

    sampleFleet(model, 376, states);
    expect(isFleetDone(model, 376)).toBe(true);
    expect(states.map((state) => [state.robotId, state.done, state.motion, state.location, state.completedDeliveries])).toEqual([
      ['R1_1', true, 'stopped', 'idle', 3],
      ['R1_2', true, 'stopped', 'idle', 1],
      ['R2_1', true, 'stopped', 'idle', 0],
    ]);
    expect(states[0]).toMatchObject({ x: 6.5, y: 4.5, battery: 50 });
    expect(states[1]).toMatchObject({ battery: 100, distanceSinceCharge: 0 });
    expect(states[2]).toMatchObject({ x: 0.5, y: 4.5, battery: 100 });
  });

  it('points at the rest of the route: the next point ahead while driving, the next run’s start while stopped', () => {
    const timeline = model.robots[0];
    const state = createRobotState('R1_1');
    // Route points: run 1 [R1_1, N1, P1], run 2 [P1, D1], ... The robot is between N1 and P1 at 4 s.
    expect(sampleRobot(timeline, 4, state).routePoint).toBe(2);
    expect(sampleRobot(timeline, 8.5, state)).toMatchObject({ location: 'at pickup', routePoint: 3 });
    expect(sampleRobot(timeline, 500, state).routePoint).toBe(timeline.xs.length);
  });

  it('reuses the caller’s state objects between samples', () => {
    const states = createFleetStates(model);
    const first = states[0];
    sampleFleet(model, 100, states);
    expect(states[0]).toBe(first);
  });
});
