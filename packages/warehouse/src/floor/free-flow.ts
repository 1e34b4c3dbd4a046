import { ActivityWriter } from './activities.ts';
import { ChargerPool } from './charger-pool.ts';
import { DockPool, dockArrivalTurnSteps, dockLeaveStepsTo } from './dock-pool.ts';
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
  /** Per delivery of its work, in order: the step it enters the dropoff (after any wait for it). */
  deliveryDoneSteps: number[];
  /** Per delivery of its work, in order: steps it waited for its pickup and for its dropoff, held by another robot's visit. */
  dockWaits: { pickup: number; dropoff: number }[];
  charges: { arriveStep: number; startStep: number; endStep: number }[];
  legs: FreeFlowLeg[];
  /** Activity timeline (`ActivityWriter`'s format). */
  activities: number[];
  /** The step its last delivery is done (0 without deliveries): its part of the makespan. */
  finishStep: number;
  /** The step its last task ends (handling at the last dropoff, or a charge, included). */
  endStep: number;
  distance: number;
  /** Metres driven up to its last delivery (0 without deliveries). */
  distanceAtFinish: number;
}

/** What a robot stands waiting to claim: a charger of its station, or the pickup or dropoff cell it reached. */
type Claim = 'charge' | 'pickup' | 'dropoff';

/** Where one robot is in its work while the schedule is made. */
interface Cursor {
  robot: RobotWork;
  index: number;
  /** Within a delivery: on the way to its pickup, or to its dropoff. */
  toDropoff: boolean;
  step: number;
  cell: number;
  /** What it waits to claim, reached at `arrival`; null when its work is done. */
  claim: Claim | null;
  /** The step it reaches its claim: a charger's station, or a dock cell's centre (before it turns to its rest heading). */
  arrival: number;
  /** Where the leg to its claim began (its cell: it did not move). */
  legFrom: number;
  /** Steps from reaching a dock cell's centre to standing turned to its rest heading, at the end of the leg. */
  arrivalTurn: number;
  /** The pickup or dropoff cell it stands on since its last visit there (-1: none): its next visit there needs no claim. */
  heldCell: number;
  out: FreeFlowRobot;
  writer: ActivityWriter;
}

/**
 * Each robot alone on the floor doing its work in order: every leg as long as the floor's clock
 * says (`FloorClock`: shortest walks at one cell a step for a point robot, least-time walks with
 * acceleration, braking and turns otherwise), handling at every pickup and dropoff, its plan's
 * charges where the plan puts them, the stations' chargers shared first come, first served
 * (`ChargerPool`), and every pickup and dropoff cell serving one robot at a time, first come,
 * first served (`DockPool`: a visit holds the cell while the robot enters, turns, handles and
 * leaves, `dockArrivalTurnSteps` and `dockLeaveStepsTo`).
 * This is the plan's own clock: the optimiser's plan says exactly this, and the shared run's
 * delay is measured against it. Claims are served in order of arrival, then robot order:
 * O((work + charges) x robots).
 */
export function freeFlow(
  floor: Floor,
  parameters: FloorParameters,
  robots: readonly RobotWork[],
  clock: FloorClock = new FloorClock(floor, parameters),
): FreeFlowRobot[] {
  const perStation = robotsPerStation(floor, robots);
  const chargers = new ChargerPool(
    perStation.map((count, station) => chargersAt(parameters, count, floor.stationChargers[station])),
  );
  const docks = new DockPool();
  const cursors: Cursor[] = robots.map((robot) => ({
    robot,
    index: 0,
    toDropoff: false,
    step: 0,
    cell: robot.startCell,
    claim: null,
    arrival: 0,
    legFrom: robot.startCell,
    arrivalTurn: 0,
    heldCell: -1,
    out: {
      deliveryDoneSteps: [],
      dockWaits: [],
      charges: [],
      legs: [],
      activities: [],
      finishStep: 0,
      distanceAtFinish: 0,
      endStep: 0,
      distance: 0,
    },
    writer: new ActivityWriter(),
  }));
  for (const cursor of cursors) advanceToClaim(clock, cursor);
  const handle = (cursor: Cursor) => {
    if (parameters.handlingSteps === 0) return;
    cursor.writer.set(cursor.step, 'handling');
    cursor.step += parameters.handlingSteps;
  };
  // Claims in order of arrival, then robot order: the rule of the chargers and of the docks.
  for (;;) {
    let next: Cursor | null = null;
    for (const cursor of cursors) {
      if (cursor.claim !== null && (next === null || cursor.arrival < next.arrival)) next = cursor;
    }
    if (next === null) break;
    const { arrival, out, writer } = next;
    if (next.claim === 'charge') {
      const start = chargers.claim(next.robot.station, arrival, parameters.chargeSteps);
      if (start > arrival) writer.set(arrival, 'queued');
      writer.set(start, 'charging');
      out.charges.push({ arriveStep: arrival, startStep: start, endStep: start + parameters.chargeSteps });
      next.step = start + parameters.chargeSteps;
      next.index++;
    } else {
      // A robot still on the cell from its visit just before (a pickup where it dropped off, a
      // dropoff where it picked up) goes on: that visit's claim held the cell for this one too.
      let reached = arrival;
      let enter = arrival + next.arrivalTurn;
      if (next.heldCell !== next.cell) {
        const { count, leaveTo } = handlingsInARow(next);
        const leave = dockLeaveStepsTo(clock, next.cell, leaveTo);
        const hold = next.arrivalTurn + count * parameters.handlingSteps + leave;
        reached = docks.claim(next.cell, arrival, hold);
        enter = reached + next.arrivalTurn;
        next.heldCell = next.cell;
      }
      // Another robot's visit holds the cell: this one stands by beside it until it is free, then
      // enters and turns to the rest heading.
      if (reached > arrival) {
        writer.set(arrival, 'dock_queued');
        if (next.arrivalTurn > 0) writer.set(reached, next.claim === 'dropoff' ? 'drive_loaded' : 'drive_empty');
      }
      next.step = enter;
      if (next.claim === 'pickup') {
        out.dockWaits.push({ pickup: reached - arrival, dropoff: 0 });
        next.toDropoff = true;
      } else {
        out.dockWaits[out.dockWaits.length - 1].dropoff = reached - arrival;
        out.deliveryDoneSteps.push(enter);
        out.finishStep = enter;
        out.distanceAtFinish = out.distance;
        next.toDropoff = false;
        next.index++;
      }
      handle(next);
    }
    advanceToClaim(clock, next);
  }
  return cursors.map((cursor) => {
    cursor.writer.set(cursor.step, 'idle');
    cursor.out.endStep = cursor.step;
    cursor.out.activities = cursor.writer.entries;
    return cursor.out;
  });
}

/**
 * How many handlings a robot does in a row on the cell of its claim, from this one on, and the
 * cell it then drives to (-1: none, its work is done there).
 */
function handlingsInARow(cursor: Cursor): { count: number; leaveTo: number } {
  const { robot } = cursor;
  const { work } = robot;
  const cell = cursor.cell;
  let count = 1;
  let index = cursor.index;
  let atDropoff = cursor.claim === 'dropoff';
  for (;;) {
    if (!atDropoff) {
      const item = work[index];
      if (item.kind !== 'delivery') return { count, leaveTo: -1 };
      if (item.dropoffCell !== cell) return { count, leaveTo: item.dropoffCell };
      atDropoff = true;
    } else {
      const item = work[++index];
      if (item === undefined) return { count, leaveTo: -1 };
      if (item.kind === 'charge') return { count, leaveTo: robot.homeCell };
      if (item.pickupCell !== cell) return { count, leaveTo: item.pickupCell };
      atDropoff = false;
    }
    count++;
  }
}

/** Drives a robot to the place of its next claim (`claim` and `arrival` set), or marks its work done (`claim` null). */
function advanceToClaim(clock: FloorClock, cursor: Cursor): void {
  const { robot } = cursor;
  if (cursor.index >= robot.work.length) {
    cursor.claim = null;
    return;
  }
  cursor.arrivalTurn = 0;
  const item = robot.work[cursor.index];
  if (item.kind === 'charge') {
    drive(clock, cursor, robot.homeCell, false);
    cursor.claim = 'charge';
  } else if (cursor.toDropoff) {
    drive(clock, cursor, item.dropoffCell, true);
    cursor.claim = 'dropoff';
  } else {
    drive(clock, cursor, item.pickupCell, false);
    cursor.claim = 'pickup';
  }
  cursor.arrival = cursor.step;
  if (cursor.claim !== 'charge' && cursor.heldCell !== cursor.cell) {
    // Its centre reaches the dock before it turns there: the cell is held, and claimed, from then.
    cursor.arrivalTurn = dockArrivalTurnSteps(clock, cursor.cell, cursor.legFrom);
    cursor.arrival -= cursor.arrivalTurn;
  }
}

/**
 * Drives the robot's leg from where it stands to `toCell`, writing the leg and its activity. A
 * function of the module, not a closure per leg: free flow runs once per plan the search tries.
 */
function drive(clock: FloorClock, cursor: Cursor, toCell: number, loaded: boolean): void {
  const { robot, out, writer } = cursor;
  const steps = clock.legSteps(cursor.cell, toCell);
  if (steps >= UNREACHABLE) {
    const { floor } = clock;
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
  cursor.legFrom = cursor.cell;
  if (toCell !== cursor.cell) cursor.heldCell = -1;
  cursor.step += steps;
  cursor.cell = toCell;
}
