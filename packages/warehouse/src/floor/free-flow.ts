import { ActivityWriter } from './activities.ts';
import { ChargerPool } from './charger-pool.ts';
import { FloorError, UNREACHABLE, type Floor } from './floor.ts';
import { chargersAt, type FloorParameters } from './floor-parameters.ts';
import { FloorClock } from '../motion/floor-clock.ts';
import { robotsPerStation, type RobotWork } from './robot-work.ts';

/** One drive between two places of a robot's work. */
export interface FreeFlowLeg {
  fromCell: number;
  toCell: number;
  departStep: number;
  arriveStep: number;
  /** Carrying an item: the drive from a pickup to its dropoff. */
  loaded: boolean;
}

/** What a robot does alone on the floor, in steps from t = 0. */
export interface FreeFlowRobot {
  /** Per delivery of its work, in order: the step it reaches the dropoff. */
  deliveryDoneSteps: number[];
  charges: { arriveStep: number; startStep: number; endStep: number }[];
  legs: FreeFlowLeg[];
  /** Activity timeline (`ActivityWriter`'s format). */
  activities: number[];
  /** The step its last delivery is done (0 without deliveries): its part of the makespan. */
  finishStep: number;
  /** The step its last task ends (handling at the last dropoff, or a charge, included). */
  endStep: number;
  distance: number;
}

/** Where one robot is in its work while the schedule is made. */
interface Cursor {
  robot: RobotWork;
  index: number;
  step: number;
  cell: number;
  /** The step at which the robot stands at its station waiting for a charger; -1 when not. */
  chargeArrival: number;
  out: FreeFlowRobot;
  writer: ActivityWriter;
}

/**
 * Each robot alone on the floor doing its work in order: every leg as long as the floor's clock
 * says (`FloorClock`: shortest walks at one cell a step for a point robot, least-time walks with
 * acceleration, braking and turns otherwise), handling at every pickup and dropoff, its plan's charges where the plan puts them,
 * and the stations' chargers shared first come, first served (`ChargerPool`). This is the
 * plan's own clock: the optimiser's plan says exactly this, and the shared run's delay is
 * measured against it. O(work + charges x robots).
 */
export function freeFlow(
  floor: Floor,
  parameters: FloorParameters,
  robots: readonly RobotWork[],
  clock: FloorClock = new FloorClock(floor, parameters),
): FreeFlowRobot[] {
  const perStation = robotsPerStation(floor, robots);
  const pool = new ChargerPool(
    perStation.map((count, station) => chargersAt(parameters, count, floor.stationChargers[station])),
  );
  const cursors: Cursor[] = robots.map((robot) => ({
    robot,
    index: 0,
    step: 0,
    cell: robot.startCell,
    chargeArrival: -1,
    out: { deliveryDoneSteps: [], charges: [], legs: [], activities: [], finishStep: 0, endStep: 0, distance: 0 },
    writer: new ActivityWriter(),
  }));
  for (const cursor of cursors) advanceToCharger(clock, cursor);
  // Charges in order of arrival, then robot order: the charger rule's order.
  for (;;) {
    let next: Cursor | null = null;
    for (const cursor of cursors) {
      if (cursor.chargeArrival >= 0 && (next === null || cursor.chargeArrival < next.chargeArrival)) next = cursor;
    }
    if (next === null) break;
    const arrival = next.chargeArrival;
    const start = pool.claim(next.robot.station, arrival, parameters.chargeSteps);
    if (start > arrival) next.writer.set(arrival, 'queued');
    next.writer.set(start, 'charging');
    next.out.charges.push({ arriveStep: arrival, startStep: start, endStep: start + parameters.chargeSteps });
    next.step = start + parameters.chargeSteps;
    next.chargeArrival = -1;
    next.index++;
    advanceToCharger(clock, next);
  }
  return cursors.map((cursor) => {
    cursor.writer.set(cursor.step, 'idle');
    cursor.out.endStep = cursor.step;
    cursor.out.activities = cursor.writer.entries;
    return cursor.out;
  });
}

/** Runs a robot's work until it stands at its station for a charge (`chargeArrival` set) or has no work left. */
function advanceToCharger(clock: FloorClock, cursor: Cursor): void {
  const { floor, parameters } = clock;
  const { robot, out, writer } = cursor;
  const drive = (toCell: number, loaded: boolean) => {
    const steps = clock.legSteps(cursor.cell, toCell);
    if (steps >= UNREACHABLE) {
      throw new FloorError(
        `Robot ${robot.id} cannot get from ${floor.describe(cursor.cell)} to ${floor.describe(toCell)}: shelves and stations wall it off`,
      );
    }
    if (steps > 0) {
      writer.set(cursor.step, loaded ? 'drive_loaded' : 'drive_empty');
      out.legs.push({
        fromCell: cursor.cell,
        toCell,
        departStep: cursor.step,
        arriveStep: cursor.step + steps,
        loaded,
      });
    }
    out.distance += clock.legMetres(cursor.cell, toCell);
    cursor.step += steps;
    cursor.cell = toCell;
  };
  const handle = () => {
    if (parameters.handlingSteps === 0) return;
    writer.set(cursor.step, 'handling');
    cursor.step += parameters.handlingSteps;
  };
  for (; cursor.index < robot.work.length; cursor.index++) {
    const item = robot.work[cursor.index];
    if (item.kind === 'charge') {
      drive(robot.homeCell, false);
      cursor.chargeArrival = cursor.step;
      return;
    }
    drive(item.pickupCell, false);
    handle();
    drive(item.dropoffCell, true);
    out.deliveryDoneSteps.push(cursor.step);
    out.finishStep = cursor.step;
    handle();
  }
}
