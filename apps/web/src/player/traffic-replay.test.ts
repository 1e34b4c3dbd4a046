import type { FleetEnvironment } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { SMALL_FLOORS } from './fixtures/small-floors.ts';
import { createFleetStates, createRobotState, TRAFFIC_BODY_RADIUS_CELLS } from './robot-state.ts';
import { TRAFFIC_EXECUTION, TRAFFIC_FLOOR, TRAFFIC_PARAMETERS } from './traffic-replay.fixture.ts';
import {
  buildTrafficModel,
  sampleTraffic,
  sampleTrafficRobot,
  tallyTraffic,
  trafficEase,
  waitedSecondsAt,
} from './traffic-replay.ts';

const floor = TRAFFIC_FLOOR as FleetEnvironment;
const model = buildTrafficModel(TRAFFIC_EXECUTION, floor, TRAFFIC_PARAMETERS);
const [worker, parked] = model.robots;

function workerAt(time: number, ease = 0) {
  return sampleTrafficRobot(model, worker, time, createRobotState('R1_1'), ease);
}

describe('traffic replay of a hand-made execution', () => {
  it('ends when the last robot is done: R1_1 finishes its charge at step 25 (12.5 s)', () => {
    expect(model.endTime).toBe(12.5);
    expect(model.activitiesRecorded).toBe(true);
    expect(worker).toMatchObject({ endStep: 25, finishStep: 11, stepCount: 2, deliveryCount: 1 });
    expect(parked).toMatchObject({ endStep: 0, stepCount: 0 });
  });

  it('moves cell to cell within a step, from the robot’s slot in the shared station cell', () => {
    // Two robots share R1's cell: a 2 x 2 grid of slots, bodies 0.78 of a slot wide: 0.39 / 0.52 of full size.
    expect(workerAt(0)).toMatchObject({ x: 0.25, y: 0.25, motion: 'cruising', location: 'in transit' });
    expect(workerAt(0).scale).toBeCloseTo(0.75, 12);
    expect(sampleTrafficRobot(model, parked, 0, createRobotState('R1_2'))).toMatchObject({
      x: 0.75,
      y: 0.25,
      done: true,
    });
    // Halfway through step 0 (0.25 s): halfway from the slot to the centre of (1, 0), growing to full size.
    expect(workerAt(0.25)).toMatchObject({ x: 0.875, y: 0.375, speed: 2, heading: 0 });
    expect(workerAt(0.25).scale).toBeCloseTo(0.875, 12);
    expect(workerAt(1.75)).toMatchObject({ x: 2, y: 0.5, scale: 1, motion: 'cruising', heading: 0 });
    // Steps 9 and 10 are one straight run (one waypoint): at step 10 it is on (3, 0).
    expect(workerAt(5)).toMatchObject({ x: 3.5, y: 0.5, motion: 'cruising' });
  });

  it('waits visibly when blocked, handles at pickup and dropoff, queues and charges at its station', () => {
    expect(workerAt(1)).toMatchObject({
      x: 1.5,
      y: 0.5,
      speed: 0,
      motion: 'waiting',
      location: 'in transit',
      heading: 0,
    });
    expect(workerAt(2.75)).toMatchObject({
      x: 2.5,
      y: 1.5,
      motion: 'stopped',
      location: 'at pickup',
      heading: Math.PI / 2,
    });
    // Handling ends at step 7; it then waits one step on the pickup's cell before it can leave.
    expect(workerAt(3.75)).toMatchObject({ x: 2.5, y: 1.5, motion: 'waiting', location: 'in transit' });
    expect(workerAt(5.5)).toMatchObject({
      x: 4.5,
      y: 0.5,
      motion: 'stopped',
      location: 'at dropoff',
      completedDeliveries: 1,
    });
    expect(workerAt(9)).toMatchObject({ x: 0.25, y: 0.25, motion: 'queued', location: 'idle', heading: Math.PI });
    expect(workerAt(11)).toMatchObject({ motion: 'recharging', location: 'idle' });
    expect(workerAt(12.5)).toMatchObject({ x: 0.25, y: 0.25, motion: 'stopped', done: true, stepIndex: -1 });
  });

  it('eases out of stops and into them within the executed steps when max speed leaves headroom', () => {
    // Robot speed 2 m/s: no headroom at max speed 1 or 2; at 3 m/s a full ease, as long as the
    // ramp (v² / 2a = 4 / 2a m) takes the whole cell: a = 3 m/s² ramps over 2/3 of it.
    expect(trafficEase(0.5, 1, 0.5)).toBe(0);
    expect(trafficEase(0.5, 2, 0.5)).toBe(0);
    expect(trafficEase(0.5, 3, 0.5)).toBe(1);
    expect(trafficEase(0.5, 2.5, 0.5)).toBe(0.5);
    expect(trafficEase(0.5, 3, 3)).toBeCloseTo(2 / 3, 12);
    // Step 0 starts and stops (smoothstep): a quarter in, 3/16 - 2/64 = 0.15625 of the way, at 1.125 x 2 m/s.
    expect(workerAt(0.125, 1)).toMatchObject({
      x: 0.25 + 1.25 * 0.15625,
      y: 0.25 + 0.25 * 0.15625,
      speed: 2.25,
      motion: 'accelerating',
    });
    // Step 3 starts a two-cell run: ease in (f² (2 - f)); step 4 ends it: ease out.
    expect(workerAt(1.625, 1)).toMatchObject({ x: 1.5 + 0.109375, y: 0.5, speed: 1.625, motion: 'accelerating' });
    expect(workerAt(2.25, 1)).toMatchObject({ x: 2.5, y: 0.5 + 0.625, speed: 2.5, motion: 'decelerating' });
    // Each cell is still reached at its step.
    expect(workerAt(2, 1)).toMatchObject({ x: 2.5, y: 0.5 });
    expect(workerAt(2.5, 1)).toMatchObject({ x: 2.5, y: 1.5 });
  });

  it('counts steps and deliveries as the work is done', () => {
    expect(workerAt(0)).toMatchObject({ stepIndex: 0, completedDeliveries: 0 });
    expect(workerAt(5.49)).toMatchObject({ stepIndex: 0, completedDeliveries: 0 });
    // The delivery is done at the dropoff (5.5 s); the step is over when its handling ends (6.5 s).
    expect(workerAt(5.5)).toMatchObject({ stepIndex: 0, completedDeliveries: 1 });
    expect(workerAt(6.5)).toMatchObject({ stepIndex: 1, completedDeliveries: 1 });
  });

  it('drains the battery with the metres driven since the last charge and fills it evenly while charging', () => {
    // max_distance 20: 2 m driven by step 4 leave 90%; 10 m on arrival at the station leave 50%.
    expect(workerAt(2)).toMatchObject({ distanceSinceCharge: 2, batteryPercent: 90 });
    expect(workerAt(2.25).distanceSinceCharge).toBeCloseTo(2.5, 10);
    expect(workerAt(9)).toMatchObject({ distanceSinceCharge: 10, batteryPercent: 50, lowBattery: false });
    // Charging from step 19 to 25: at step 22 it is half way from 50% to full.
    expect(workerAt(11)).toMatchObject({ batteryPercent: 75 });
    expect(workerAt(12.5)).toMatchObject({ distanceSinceCharge: 0, batteryPercent: 100 });
    const short = buildTrafficModel(TRAFFIC_EXECUTION, floor, { ...TRAFFIC_PARAMETERS, max_distance: 11 });
    const low = sampleTrafficRobot(short, short.robots[0], 9, createRobotState('R1_1'));
    expect(low.batteryPercent).toBeCloseTo(100 - 1000 / 11, 10);
    expect(low.lowBattery).toBe(true);
  });

  it('reads what a robot does from the record, whatever the parameters say', () => {
    // The record says R1_1 handles at P1 during steps 5-6; a solve read without handling time still shows it.
    const noHandling = buildTrafficModel(TRAFFIC_EXECUTION, floor, { ...TRAFFIC_PARAMETERS, handling_time_s: 0 });
    expect(sampleTrafficRobot(noHandling, noHandling.robots[0], 2.75, createRobotState('R1_1'))).toMatchObject({
      motion: 'stopped',
      location: 'at pickup',
    });
  });

  it('tallies the robots waiting, queued and charging, and the waiting so far (blocked and queued)', () => {
    const states = createFleetStates(model);
    sampleTraffic(model, 1, states);
    expect(tallyTraffic(model, 1, states)).toEqual({
      waiting: 1,
      dockQueued: 0,
      queued: 0,
      charging: 0,
      waitedSeconds: 0.5,
    });
    sampleTraffic(model, 9, states);
    expect(tallyTraffic(model, 9, states)).toEqual({
      waiting: 0,
      dockQueued: 0,
      queued: 1,
      charging: 0,
      waitedSeconds: 2,
    });
    // At the end the waiting so far is the execution's waiting_s: 2 + 1 steps blocked, 2 queued.
    expect(waitedSecondsAt(model, worker, model.endTime)).toBe(TRAFFIC_EXECUTION.robots.R1_1.waiting_s);
  });

  it('tallies a robot queued at a dock apart from one blocked in traffic, both shown waiting', () => {
    // The step R1_1 stands at P1 after handling (step 7, 3.5-4 s), recorded as a dock's queue (code 8).
    const R1_1 = TRAFFIC_EXECUTION.robots.R1_1;
    const activities = [...(R1_1.activities ?? [])];
    activities[activities.indexOf(7) + 1] = 8;
    const docked = buildTrafficModel(
      { ...TRAFFIC_EXECUTION, robots: { ...TRAFFIC_EXECUTION.robots, R1_1: { ...R1_1, activities } } },
      floor,
      TRAFFIC_PARAMETERS,
    );
    const states = createFleetStates(docked);
    sampleTraffic(docked, 3.75, states);
    expect(states[0].motion).toBe('waiting');
    expect(tallyTraffic(docked, 3.75, states)).toEqual({
      waiting: 0,
      dockQueued: 1,
      queued: 0,
      charging: 0,
      waitedSeconds: 1.25,
    });
    sampleTraffic(docked, 1, states);
    expect(tallyTraffic(docked, 1, states)).toMatchObject({ waiting: 1, dockQueued: 0 });
  });
});

describe('an execution stored before activities were recorded', () => {
  const bare = {
    ...TRAFFIC_EXECUTION,
    robots: Object.fromEntries(
      Object.entries(TRAFFIC_EXECUTION.robots).map(([id, { activities: _activities, ...record }]) => [id, record]),
    ),
  };
  const old = buildTrafficModel(bare, floor, TRAFFIC_PARAMETERS);
  const at = (time: number) => sampleTrafficRobot(old, old.robots[0], time, createRobotState('R1_1'));

  it('says so, and replays the movement of the timeline as it is', () => {
    expect(old.activitiesRecorded).toBe(false);
    expect(old.endTime).toBe(12.5);
    expect(at(0.25)).toMatchObject({ x: 0.875, y: 0.375, motion: 'cruising', location: 'in transit' });
    expect(at(5.5)).toMatchObject({ x: 4.5, y: 0.5, completedDeliveries: 1 });
  });

  it('shows a standing robot as stopped, never as waiting, queued or charging it cannot know', () => {
    expect(at(1)).toMatchObject({ x: 1.5, y: 0.5, speed: 0, motion: 'stopped', location: 'in transit' });
    expect(at(9)).toMatchObject({ motion: 'stopped', location: 'idle' });
    // The recorded charge still fills the battery: half way through it, 75%.
    expect(at(11)).toMatchObject({ motion: 'stopped', batteryPercent: 75 });
    const states = createFleetStates(old);
    sampleTraffic(old, 9, states);
    expect(tallyTraffic(old, 9, states)).toEqual({
      waiting: 0,
      dockQueued: 0,
      queued: 0,
      charging: 0,
      waitedSeconds: 0,
    });
  });
});

describe('traffic replay of recorded executions', () => {
  it('adds up to each robot’s waiting, shows every recorded activity, ends with every delivery done, and never draws two robots overlapping', () => {
    for (const recorded of SMALL_FLOORS) {
      const { execution, parameters } = recorded;
      const environment = recorded.environment as FleetEnvironment;
      const replay = buildTrafficModel(execution, environment, parameters);
      const states = createFleetStates(replay);
      const ease = 1;
      for (const robot of replay.robots) {
        expect(waitedSecondsAt(replay, robot, replay.endTime), `${recorded.label}: ${robot.robotId}`).toBeCloseTo(
          execution.robots[robot.robotId].waiting_s,
          6,
        );
      }
      sampleTraffic(replay, replay.endTime, states, ease);
      expect(states.every((state) => state.done)).toBe(true);
      expect(states.reduce((sum, state) => sum + state.completedDeliveries, 0)).toBe(execution.totals.deliveries);
      // Bodies stay apart at every quarter step, fully eased, on the floor and in the station
      // slots; a robot entering or leaving its station passes over the robots standing there
      // (both are then drawn below full size).
      for (let quarter = 0; quarter <= 4 * (replay.endTime / replay.stepSeconds); quarter += 1) {
        sampleTraffic(replay, (quarter / 4) * replay.stepSeconds, states, ease);
        for (let a = 0; a < states.length; a += 1) {
          for (let b = a + 1; b < states.length; b += 1) {
            const inStation = states[a].scale < 1 && states[b].scale < 1;
            if (inStation && (states[a].speed > 0 || states[b].speed > 0)) continue;
            const gap = Math.hypot(states[a].x - states[b].x, states[a].y - states[b].y);
            expect(gap).toBeGreaterThan(TRAFFIC_BODY_RADIUS_CELLS * (states[a].scale + states[b].scale));
          }
        }
      }
    }
  });

  it('shows each robot queued and charging exactly over its recorded charges', () => {
    let charges = 0;
    for (const { execution, environment, parameters } of SMALL_FLOORS) {
      const replay = buildTrafficModel(execution, environment as FleetEnvironment, parameters);
      replay.robots.forEach((robot) => {
        const state = createRobotState(robot.robotId);
        for (const charge of execution.robots[robot.robotId].charges) {
          charges += 1;
          if (charge.start_s > charge.arrive_s)
            expect(sampleTrafficRobot(replay, robot, charge.arrive_s, state).motion).toBe('queued');
          expect(sampleTrafficRobot(replay, robot, charge.start_s, state).motion).toBe('recharging');
          expect(sampleTrafficRobot(replay, robot, charge.end_s - replay.stepSeconds / 2, state).motion).toBe(
            'recharging',
          );
        }
      });
    }
    // The recorded floors charge, and some queue for their station's one charger.
    expect(charges).toBeGreaterThan(10);
  });
});
