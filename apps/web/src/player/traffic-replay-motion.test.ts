import type { FleetEnvironment } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { createRobotState } from './robot-state.ts';
import {
  MOTION_EXECUTION,
  MOTION_SEGMENT_STARTS,
  TRAFFIC_EXECUTION,
  TRAFFIC_FLOOR,
  TRAFFIC_PARAMETERS,
} from './traffic-replay.fixture.ts';
import { buildTrafficModel, motionSegmentsOf, sampleTrafficRobot } from './traffic-replay.ts';

const floor = TRAFFIC_FLOOR as FleetEnvironment;
const model = buildTrafficModel(MOTION_EXECUTION, floor, { ...TRAFFIC_PARAMETERS, robot_model: 'drive-unit' });
const [driver, parked] = model.robots;
const [turnStart, accelStart, cruiseStart, brakeStart, stopStart] = MOTION_SEGMENT_STARTS;

/** Where the replay draws R1_1 at `time`, with the sliders' ease at its fullest (it must not matter). */
function driverAt(time: number, ease = 1) {
  return sampleTrafficRobot(model, driver, time, createRobotState('R1_1'), ease);
}

describe('traffic replay of the motion that ran', () => {
  it('reads the segments into columns, positions at cell centres, headings in radians', () => {
    expect(model.motionRecorded).toBe(true);
    const segments = motionSegmentsOf(MOTION_EXECUTION.robots.R1_1.motion);
    expect(Array.from(segments?.x ?? [])).toEqual([0.5, 0.5, 1.625, 3.375, 4.5]);
    expect(Array.from(segments?.heading ?? [])).toEqual([Math.PI / 2, 0, 0, 0, 0]);
    expect(Array.from(segments?.state ?? [])).toEqual([4, 1, 2, 3, 0]);
    expect(motionSegmentsOf(undefined)).toBeNull();
    expect(buildTrafficModel(TRAFFIC_EXECUTION, floor, TRAFFIC_PARAMETERS).motionRecorded).toBe(false);
  });

  it('turns in place, the heading carried evenly to the next segment’s', () => {
    const halfway = driverAt((turnStart + accelStart) / 2);
    expect(halfway).toMatchObject({ x: 0.5, y: 0.5, speed: 0, motion: 'turning', scale: 1 });
    expect(halfway.heading).toBeCloseTo(Math.PI / 4, 12);
    expect(driverAt(turnStart).heading).toBeCloseTo(Math.PI / 2, 12);
  });

  it('accelerates, cruises and brakes: x = start + v dt + a dt² / 2 along the heading', () => {
    // 1 s into the ramp: 0.5 m at 1 m/s.
    const accelerating = driverAt(accelStart + 1);
    expect(accelerating).toMatchObject({ motion: 'accelerating', location: 'in transit', heading: 0 });
    expect(accelerating.x).toBeCloseTo(1, 12);
    expect(accelerating.y).toBeCloseTo(0.5, 12);
    expect(accelerating.speed).toBeCloseTo(1, 12);
    // 0.6 s at 1.5 m/s past 1.125 m.
    const cruising = driverAt(cruiseStart + 0.6);
    expect(cruising.motion).toBe('cruising');
    expect(cruising.x).toBeCloseTo(1.625 + 0.9, 12);
    expect(cruising.speed).toBeCloseTo(1.5, 12);
    // 1 s of braking from 1.5 m/s at 1 m/s²: 1.5 - 0.5 = 1 m past 2.875 m, at 0.5 m/s.
    const braking = driverAt(brakeStart + 1);
    expect(braking.motion).toBe('decelerating');
    expect(braking.x).toBeCloseTo(3.375 + 1, 12);
    expect(braking.speed).toBeCloseTo(0.5, 12);
    // The ramp ends exactly on D1's centre: continuity into the stopped segment.
    expect(driverAt(stopStart - 1e-9).x).toBeCloseTo(4.5, 6);
  });

  it('stands stopped on D1 once there, and in its station slot beside the others while home', () => {
    expect(driverAt(stopStart + 1)).toMatchObject({ x: 4.5, y: 0.5, speed: 0, motion: 'stopped', heading: 0 });
    // R1_2 never leaves R1: it keeps its slot in the shared station cell, facing +y.
    const home = sampleTrafficRobot(model, parked, 2, createRobotState('R1_2'));
    expect(home).toMatchObject({ x: 0.75, y: 0.25, motion: 'stopped', heading: Math.PI / 2 });
  });

  it('the sliders’ ease changes nothing once the motion is recorded', () => {
    for (const time of [0.3, 1.2, 2.5, 3.9, 5]) {
      expect(driverAt(time, 0)).toEqual(driverAt(time, 1));
    }
  });
});
