import { describe, expect, it } from 'vitest';
import {
  decodeActivities,
  DockPool,
  dockArrivalTurnSteps,
  dockLeaveSteps,
  dockLeaveStepsTo,
  FloorClock,
  Floor,
  freeFlow,
  isDeadEnd,
  resolveFloorParameters,
  type RobotWork,
} from '../src/index.ts';

/**
 * A 6 x 2 floor: shelf S1 over (1, 0)-(2, 0), pickup PB under it at (1, 1), dropoff D1 in the
 * corner at (0, 0), station R1 at (5, 0).
 *   row 0:  D1 S  S  .  .  R1
 *   row 1:  .  PB .  .  .  .
 * D1 is a dead end (in and out by (0, 1)); PB is passed through. R1 -> PB is 5 m, PB -> D1 2 m.
 */
const layout = {
  dimensions: { width: 6, height: 2 },
  elements: {
    shelves: [{ id: 'S1', position: [1, 0], size: [2, 1] }],
    pickups: [{ id: 'PB', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [0.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [5.5, 0.5] }],
    robots: [1, 2, 3].map((k) => ({ id: `R1_${k}`, station_id: 'R1', position: [5.5, 0.5] })),
  },
};

describe('pickups and dropoffs serve one robot at a time', () => {
  const floor = new Floor(layout);
  const pickup = floor.cellOf('PB')!;
  const dropoff = floor.cellOf('D1')!;
  const parameters = resolveFloorParameters({ handling_time_s: 2, robot_speed: 1 });
  const robot = (id: string): RobotWork => ({
    id,
    station: 0,
    homeCell: floor.stationCells[0],
    startCell: floor.stationCells[0],
    work: [{ kind: 'delivery', pickup: 'PB', dropoff: 'D1', pickupCell: pickup, dropoffCell: dropoff }],
  });

  it('a visit holds the cell for the handling and a step off it, a step more on a dead end', () => {
    expect([isDeadEnd(floor, dropoff), isDeadEnd(floor, pickup)]).toEqual([true, false]);
    // 2 s handling = 2 steps, then the way off: a step, two out of the dead end.
    expect(parameters.handlingSteps).toBe(2);
    expect([dockLeaveSteps(floor, parameters, dropoff), dockLeaveSteps(floor, parameters, pickup)]).toEqual([2, 1]);
    // A robot half as fast crosses a cell in one of its (2 s) steps: the same visit in steps.
    const slow = resolveFloorParameters({ handling_time_s: 2, robot_speed: 0.5 });
    expect([slow.handlingSteps, dockLeaveSteps(floor, slow, dropoff)]).toEqual([1, 2]);
  });

  it('a drive unit leaving a dock turns from its rest heading and sets off from standstill', () => {
    const driveUnit = resolveFloorParameters({ robot_model: 'drive-unit' });
    // 2 s handling = 40 ticks of 0.05 s. PB faces its shelf (-y): a quarter turn (0.625 s) to
    // either side, then 1 m from standstill at 1 m/s² (under the 1.125 m ramp to 1.5 m/s):
    // sqrt(2) = 1.414 s; 2.039 s = 41 ticks.
    expect([driveUnit.handlingSteps, dockLeaveSteps(floor, driveUnit, pickup)]).toEqual([40, 41]);
    // D1 faces the shelf (+x), its one way out is down (+y): a quarter turn, then 2 m (a dead end:
    // out past its neighbour): 1.5 s up to 1.5 m/s over 1.125 m, 0.875 m at 1.5 m/s = 0.583 s;
    // 2.708 s = 55 ticks.
    expect(dockLeaveSteps(floor, driveUnit, dropoff)).toBe(55);
  });

  it('serves claims first come, first served: each enters when the one before has left', () => {
    const pool = new DockPool();
    expect(pool.claim(pickup, 5, 3)).toBe(5);
    expect(pool.claim(pickup, 5, 3)).toBe(8);
    expect(pool.claim(pickup, 12, 3)).toBe(12);
    expect(pool.claim(dropoff, 6, 4)).toBe(6);
    expect(pool.firstFree(pickup)).toBe(15);
  });

  it('free flow of 3 robots that reach PB together, worked out by hand: they wait 0, 3 + 1 and 6 + 2 steps', () => {
    // All reach PB at 5. The first enters at 5 and handles to 7; PB is free at 8, D1 reached at 9
    // and held (dead end) until 13. The second enters PB at 8, reaches D1 at 12, waits to 13; the
    // third enters PB at 11, reaches D1 at 15, waits to 17.
    const alone = freeFlow(floor, parameters, ['R1_1', 'R1_2', 'R1_3'].map(robot));
    expect(alone.map((flow) => flow.deliveryDoneSteps)).toEqual([[9], [13], [17]]);
    expect(alone.map((flow) => flow.dockWaits)).toEqual([
      [{ pickup: 0, dropoff: 0 }],
      [{ pickup: 3, dropoff: 1 }],
      [{ pickup: 6, dropoff: 2 }],
    ]);
    expect(alone.map((flow) => [flow.finishStep, flow.endStep])).toEqual([
      [9, 11],
      [13, 15],
      [17, 19],
    ]);
    expect(decodeActivities(alone[1].activities, alone[1].endStep).map((a) => [a.kind, a.startStep])).toEqual([
      ['drive_empty', 0],
      ['dock_queued', 5],
      ['handling', 8],
      ['drive_loaded', 10],
      ['dock_queued', 12],
      ['handling', 13],
    ]);
    // One robot alone never waits: the times the plan had before docks had capacity.
    const single = freeFlow(floor, parameters, [robot('R1_1')]);
    expect(single[0].deliveryDoneSteps).toEqual([9]);
    expect(single[0].dockWaits).toEqual([{ pickup: 0, dropoff: 0 }]);
  });

  it('a drive unit holds a dock from its centre reaching it, turns there, and leaves on its walk out: worked out by hand', () => {
    const driveUnit = resolveFloorParameters({ robot_model: 'drive-unit', handling_time_s: 2 });
    const clock = new FloorClock(floor, driveUnit);
    const station = floor.stationCells[0];
    // R1 (5, 0) rests facing +x (the floor's edge). To PB: a quarter turn (0.625 s), 1 m down
    // (2 s), a quarter turn, 4 m along row 1 (4 / 1.5 + 0.75 + 0.75 = 4.167 s), and at PB its
    // quarter turn to face the shelf: 8.042 s = 161 ticks, the centre on PB 12 ticks earlier.
    expect(clock.legSteps(station, pickup)).toBe(161);
    // Out of PB to D1: a quarter turn to -x and a 1 m run to (0, 1) that stops there to turn:
    // 0.625 + 2 = 2.625 s = 53 ticks. Out of PB to the station: a quarter turn to +x and the first
    // metre of a 4 m run, on its acceleration ramp: 0.625 + sqrt(2) = 2.039 s = 41 ticks (the least
    // way out, `dockLeaveSteps`).
    expect(dockArrivalTurnSteps(clock, pickup, station)).toBe(12);
    expect([dockLeaveStepsTo(clock, pickup, dropoff), dockLeaveStepsTo(clock, pickup, station)]).toEqual([53, 41]);
    expect([driveUnit.handlingSteps, dockLeaveSteps(floor, driveUnit, pickup)]).toEqual([40, 41]);
    // Two drive units reach PB together. The first's centre is on it at 149, it handles from 161
    // and its centre is on (0, 1) at 149 + 12 + 40 + 53 = 254: the second enters then (a wait of
    // 105 ticks), turns, and handles from 266.
    const alone = freeFlow(floor, driveUnit, ['R1_1', 'R1_2'].map(robot), clock);
    expect(alone.map((flow) => flow.dockWaits[0].pickup)).toEqual([0, 105]);
    const activities = decodeActivities(alone[1].activities, alone[1].endStep);
    expect(activities.slice(0, 5).map((a) => [a.kind, a.startStep])).toEqual([
      ['drive_empty', 0],
      ['dock_queued', 149],
      ['drive_empty', 254],
      ['handling', 266],
      ['drive_loaded', 306],
    ]);
  });

  it('a robot that brakes softer than it accelerates leaves a dock on a short run already braking: worked out by hand', () => {
    // 2 m/s² up, 0.5 m/s² down, 1.5 m/s top: a 2 m run peaks at sqrt(1.6) = 1.265 m/s after
    // 0.4 m (0.632 s) and brakes from there, so its centre reaches the first metre 0.530 s later
    // (0.4 + 1.265 t - 0.25 t^2 = 1). Out of PB to (3, 0): a quarter turn (0.5 s) to +x, 2 m
    // along row 1 and up: 0.5 + 1.162 = 1.662 s = 34 ticks.
    const soft = resolveFloorParameters({
      robot_model: { acceleration_m_s2: 2, braking_m_s2: 0.5, quarter_turn_s: 0.5, top_speed_m_s: 1.5 },
    });
    const clock = new FloorClock(floor, soft);
    expect(clock.legEnds(pickup, floor.cellAt(3, 0))).toEqual({ leaveHeading: 0, firstRunCells: 2, arriveHeading: 3 });
    expect(dockLeaveStepsTo(clock, pickup, floor.cellAt(3, 0))).toBe(34);
  });
});

describe('a clock serves another run on the same layout and motion', () => {
  const driveUnit = resolveFloorParameters({ robot_model: 'drive-unit' });
  const clock = new FloorClock(new Floor(layout), driveUnit);

  it('on a floor drawn from the same layout, with the same motion and steps', () => {
    expect(clock.servesAs(new Floor(layout), resolveFloorParameters({ robot_model: 'drive-unit' }))).toBe(true);
    // The handling and the battery are not the clock's: a run that only changes them reads it too.
    expect(
      clock.servesAs(new Floor(layout), resolveFloorParameters({ robot_model: 'drive-unit', handling_time_s: 9 })),
    ).toBe(true);
  });

  it('not for another robot model, nor where the floor differs', () => {
    const floor = new Floor(layout);
    expect(clock.servesAs(floor, resolveFloorParameters({ robot_model: 'amr' }))).toBe(false);
    expect(clock.servesAs(floor, resolveFloorParameters({ robot_model: 'point' }))).toBe(false);
    // A one-way aisle over row 1 changes the ways between the same cells.
    const oneWay = {
      ...layout,
      elements: {
        ...layout.elements,
        one_way_aisles: [{ id: 'W1', position: [0, 1], size: [6, 1], direction: 'left' }],
      },
    };
    expect(clock.servesAs(new Floor(oneWay), driveUnit)).toBe(false);
    const moved = {
      ...layout,
      elements: { ...layout.elements, shelves: [{ id: 'S1', position: [2, 0], size: [2, 1] }] },
    };
    expect(clock.servesAs(new Floor(moved), driveUnit)).toBe(false);
    // Walks go round dropoffs where that costs little, so a dropoff elsewhere changes them too.
    const dropoffMoved = {
      ...layout,
      elements: { ...layout.elements, dropoffs: [{ id: 'D1', position: [3.5, 1.5] }] },
    };
    expect(clock.servesAs(new Floor(dropoffMoved), driveUnit)).toBe(false);
  });
});
