import { bucketed } from './buckets.ts';
import { checkMotion } from './check-motion.ts';
import { SimulationError } from './errors.ts';
import {
  ACTIVITY_CODE,
  activityAt,
  activitySteps,
  ChargerPool,
  chargersAt,
  Floor,
  FloorError,
  headingOfStep,
  resolveFloorParameters,
  robotsPerStation,
  robotWorkFromPlan,
  timelineVisits,
  type ExecutionRecord,
  type FloorEnvironment,
  type FloorParameterInput,
  type FloorParameters,
  type RobotExecutionRecord,
  type RobotWork,
  type ShiftOrderRecord,
} from '@fleetlab/warehouse';

export interface ExecutionCheck {
  valid: boolean;
  errors: string[];
}

/** Throws the internal error of a run whose record breaks a rule of the floor (the simulator must never return one). */
export function assertValid(check: ExecutionCheck): void {
  if (!check.valid) {
    throw new SimulationError(
      `Internal error: the execution breaks a rule of the floor: ${check.errors[0]}${check.errors.length > 1 ? ` (+${check.errors.length - 1} more)` : ''}`,
    );
  }
}

const MAX_ERRORS = 50;

/**
 * A robot's cells from step 0 to `lastStep` as its stays: the cells it stands on in order and the
 * step it enters each (0 for the first). A day of robots with models holds hundreds of thousands
 * of ticks a robot, nearly all of them stays, so the rules read these rather than a cell a tick.
 */
class Stays {
  constructor(
    readonly cells: Int32Array,
    readonly steps: Int32Array,
    readonly lastStep: number,
  ) {}

  get count(): number {
    return this.cells.length;
  }

  /** The last step of stay `k`. */
  endOf(k: number): number {
    return k + 1 < this.steps.length ? this.steps[k + 1] - 1 : this.lastStep;
  }

  /** The stay holding step `t` (0 <= t <= lastStep). */
  indexAt(t: number): number {
    const { steps } = this;
    let lo = 0;
    let hi = steps.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (steps[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The cell at step `t`; -1 outside the run. */
  at(t: number): number {
    return t < 0 || t > this.lastStep ? -1 : this.cells[this.indexAt(t)];
  }

  /** Whether the robot stands on `cell` at every step from `from` to `to` (both included, within the run). */
  standsOn(cell: number, from: number, to: number): boolean {
    const first = Math.max(0, from);
    const last = Math.min(to, this.lastStep);
    if (first > last) return true;
    const k = this.indexAt(first);
    return this.cells[k] === cell && this.endOf(k) >= last;
  }

  /** The latest step in [from, to] (within the run) the robot stands on `cell`; -1 when none. */
  latestOn(cell: number, from: number, to: number): number {
    const first = Math.max(0, from);
    const last = Math.min(to, this.lastStep);
    if (first > last) return -1;
    for (let k = this.indexAt(last); k >= 0; k--) {
      const t = Math.min(this.endOf(k), last);
      if (t < first) return -1;
      if (this.cells[k] === cell) return t;
    }
    return -1;
  }

  /**
   * Whether the robot stood on `cell` for `handling` steps after arriving there at some step in
   * [after, last] (the latest such visit first): its stay on the cell began by that step less
   * the handling (a stay that does not go back far enough at its latest step does not earlier).
   */
  handledBetween(cell: number, handling: number, after: number, last: number): boolean {
    const first = Math.max(0, after);
    const end = Math.min(last, this.lastStep);
    if (first > end) return false;
    for (let k = this.indexAt(end); k >= 0; k--) {
      const t = Math.min(this.endOf(k), end);
      if (t < first) return false;
      if (this.cells[k] === cell && this.steps[k] <= Math.max(0, t - handling)) return true;
    }
    return false;
  }
}

/** What every rule reads: the floor, the plan's robots and their stays. */
interface Check {
  floor: Floor;
  robots: RobotWork[];
  /** A shift's orders by id (null: a day's plan). */
  orders: Map<string, ShiftOrderRecord> | null;
  parameters: FloorParameters;
  execution: ExecutionRecord;
  /** Per robot (plan order), its stays from step 0 to lastStep. */
  stays: Stays[];
  /**
   * Per robot, the steps t at which it moves (its cell at t + 1 differs from t's), in order: a
   * robot with acceleration stands on a cell for many ticks, so checks of moves read these, not
   * every step.
   */
  moves: Int32Array[];
  lastStep: number;
  toStep: (seconds: number) => number;
  report: (message: string) => void;
}

/**
 * An independent check of an execution against its plan and floor, from the record alone (the
 * floor and its rules come from packages/warehouse, never from the simulator that made it):
 * - every move goes to a free 4-neighbour cell or stays, from the robot's own start, and never
 *   against a one-way aisle, and never stays on a keep-clear cell;
 * - no two robots end a step on one cell (but a station's own robots at their station), none
 *   swap cells, and no robot ever stands on another station's cell;
 * - each robot does its plan's deliveries in the plan's order, standing on the pickup for the
 *   handling time and then on the dropoff at the reported time, and handling there too;
 * - charges happen at the robot's own station, last the recharge time, never exceed the
 *   station's chargers, and go first come, first served (by arrival, then robot order) with no
 *   robot queued while a charger is free; charges beyond the plan's are the reported extra ones;
 * - the distance driven since the last charge never passes max_distance, and after every
 *   delivery the robot can still reach its station;
 * - the reported finish is the last delivery, and activities (when recorded) agree with the
 *   cells and charges: driving exactly when the cell changes, queued and charging exactly when
 *   the charges say;
 * - a robot's delays and breakdowns (when recorded) are in order, never overlap, lie within the
 *   run, and the robot stands on one cell through each; the totals count them and their seconds.
 * A shift (an execution with `orders`; its plan is the shift's results, built from what happened)
 * keeps every rule above, a charge for each recharge step, and its orders' own: ids O1, O2, ...
 * in order of release; each delivery serves an order of its pickup and dropoff, each order is
 * delivered at most once and by the robot that picked it up, when the order says; and every order
 * picked up is picked up at or after its release, its robot standing on the pickup then for the
 * handling time, before its delivery.
 */
export function checkExecution(
  environment: FloorEnvironment,
  plan: unknown,
  execution: ExecutionRecord,
  params?: (FloorParameterInput & Record<string, unknown>) | null,
): ExecutionCheck {
  const errors: string[] = [];
  const report = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
  };
  let floor: Floor;
  let robots: RobotWork[];
  let parameters: FloorParameters;
  try {
    floor = new Floor(environment);
    robots = robotWorkFromPlan(floor, environment, plan);
    parameters = resolveFloorParameters(params);
  } catch (error) {
    if (error instanceof FloorError) return { valid: false, errors: [error.message] };
    throw error;
  }
  const stepS = execution.step_s;
  if (Math.abs(stepS - parameters.stepS) > 1e-9)
    report(`step_s is ${stepS} s but robot_speed ${parameters.robotSpeed} m/s gives ${parameters.stepS} s`);
  let lastStep = execution.totals.steps;
  for (const record of Object.values(execution.robots)) {
    for (let k = 0; k < record.timeline.length; k += 3) lastStep = Math.max(lastStep, record.timeline[k]);
  }
  const orders = execution.orders ? new Map(execution.orders.map((order) => [order.id, order])) : null;
  const check: Check = {
    floor,
    robots,
    orders,
    parameters,
    execution,
    stays: [],
    moves: [],
    lastStep,
    toStep: (seconds) => Math.round(seconds / stepS),
    report,
  };
  checkMoves(check);
  checkConflicts(check);
  if (!parameters.robotModel.point) checkMotion(floor, robots, parameters, execution, report);
  if (execution.orders) checkOrders(check, execution.orders);
  robots.forEach((robot, r) => {
    const record = execution.robots[robot.id];
    if (!record) return;
    checkWork(check, robot, record, check.stays[r]);
    checkBattery(check, robot, record, check.moves[r]);
    if (record.activities) checkActivities(check, robot, record, check.moves[r]);
    checkStops(check, robot, record, check.stays[r]);
  });
  checkStopTotals(check);
  checkQueueTotals(check);
  checkChargers(check);
  return { valid: errors.length === 0, errors };
}

/** Reads every timeline into its stays; each robot starts at its place and steps to a free neighbour or stays. */
function checkMoves(check: Check): void {
  const { floor, robots, execution, lastStep, report } = check;
  const standing = (robot: RobotWork) => new Stays(Int32Array.of(robot.startCell), Int32Array.of(0), lastStep);
  for (const robot of robots) {
    const record = execution.robots[robot.id];
    let stays: Stays;
    if (!record) {
      report(`Robot ${robot.id} has no execution`);
      stays = standing(robot);
    } else {
      try {
        const { cells, steps } = timelineVisits(record.timeline, lastStep, floor.width);
        stays = new Stays(cells, steps, lastStep);
      } catch (error) {
        report(`Robot ${robot.id}: ${(error as Error).message}`);
        stays = standing(robot);
      }
    }
    check.stays.push(stays);
    const { cells, steps } = stays;
    if (cells[0] !== robot.startCell)
      report(
        `Robot ${robot.id} starts at ${floor.describe(cells[0])}, not at its place ${floor.describe(robot.startCell)}`,
      );
    // Move k, at step t, leaves stay k for stay k + 1.
    const moves = new Int32Array(stays.count - 1);
    for (let k = 0; k < moves.length; k++) moves[k] = steps[k + 1] - 1;
    check.moves.push(moves);
    // A robot with acceleration stands on a cell for many ticks as it drives through: keep-clear
    // cells are kept in the discrete order it follows. A point robot never stops on one.
    const point = check.parameters.robotModel.point;
    for (let k = 0; k <= moves.length; k++) {
      const t = k < moves.length ? moves[k] : lastStep;
      const standsSince = steps[k];
      if (point && t > standsSince && floor.keepClear[cells[k]]) {
        report(`Robot ${robot.id} stops on keep-clear ${floor.describe(cells[k])} at step ${standsSince + 1}`);
        break;
      }
      if (k === moves.length) break;
      const from = cells[k];
      const to = cells[k + 1];
      if (to < 0 || to >= floor.cellCount || floor.blocked[to]) {
        report(
          `Robot ${robot.id} stands on blocked or missing ${to >= 0 && to < floor.cellCount ? floor.describe(to) : `cell ${to}`} at step ${t + 1}`,
        );
        break;
      }
      if (!floor.allowsStep(from, to)) {
        const aisle =
          Math.abs(floor.x(from) - floor.x(to)) + Math.abs(floor.y(from) - floor.y(to)) === 1
            ? Math.max(floor.oneWayAt[from], floor.oneWayAt[to])
            : -1;
        if (aisle >= 0)
          report(
            `Robot ${robot.id} drives against one-way aisle ${floor.oneWayIds[aisle]} from ${floor.describe(from)} to ${floor.describe(to)} at step ${t + 1}`,
          );
        else report(`Robot ${robot.id} jumps from ${floor.describe(from)} to ${floor.describe(to)} at step ${t + 1}`);
        break;
      }
      const station = floor.stationAt[to];
      if (station >= 0 && station !== robot.station) {
        report(
          `Robot ${robot.id} enters station ${floor.stationIds[station]}'s cell at step ${t + 1}, which only that station's robots may`,
        );
        break;
      }
    }
  }
}

/**
 * Vertex and swap conflicts over the robots' stays (the runs of steps each stands on one cell)
 * and moves: robots with acceleration stand on a cell for many ticks, so a day of them has far
 * fewer stays than robot-steps.
 */
function checkConflicts({ floor, robots, stays: staysAt, moves: movesAt, lastStep, report }: Check): void {
  let moveCount = 0;
  for (const list of movesAt) moveCount += list.length;
  const stayCount = moveCount + staysAt.length;
  const stays = {
    cell: new Int32Array(stayCount),
    from: new Int32Array(stayCount),
    to: new Int32Array(stayCount),
    robot: new Int32Array(stayCount),
  };
  const moves = { step: new Int32Array(moveCount), from: new Int32Array(moveCount), to: new Int32Array(moveCount) };
  let stay = 0;
  let move = 0;
  const addStay = (cell: number, from: number, to: number, robot: number) => {
    stays.cell[stay] = cell;
    stays.from[stay] = from;
    stays.to[stay] = to;
    stays.robot[stay++] = robot;
  };
  staysAt.forEach(({ cells, steps }, r) => {
    const robotMoves = movesAt[r];
    for (let k = 0; k < robotMoves.length; k++) {
      const t = robotMoves[k];
      addStay(cells[k], steps[k], t, r);
      moves.step[move] = t;
      moves.from[move] = cells[k];
      moves.to[move++] = cells[k + 1];
    }
    const last = robotMoves.length;
    addStay(cells[last], steps[last], lastStep, r);
  });
  // Stays per cell in order of arrival (then robot order: stays are grouped by step first, robot
  // by robot, and a robot never has two stays from one step), each compared with the earlier
  // ones still standing there. Two counting sorts, no comparison sort of millions of stays.
  const byFrom = bucketed(stays.from.subarray(0, stay), lastStep + 1);
  const byCell = bucketed(stays.cell, floor.cellCount, byFrom.order);
  for (let cell = 0; cell < floor.cellCount; cell++) {
    const bucket = byCell.order.subarray(byCell.offsets[cell], byCell.offsets[cell + 1]);
    if (bucket.length < 2) continue;
    const standing: number[] = [];
    for (const stay of bucket) {
      const from = stays.from[stay];
      for (let k = standing.length - 1; k >= 0; k--) if (stays.to[standing[k]] < from) standing.splice(k, 1);
      for (const other of standing) {
        const first = Math.min(stays.robot[other], stays.robot[stay]);
        const second = Math.max(stays.robot[other], stays.robot[stay]);
        const station = floor.stationAt[cell];
        const depot = station >= 0 && robots[first].station === station && robots[second].station === station;
        if (!depot)
          report(
            `Robots ${robots[first].id} and ${robots[second].id} both stand on ${floor.describe(cell)} at step ${from}`,
          );
      }
      standing.push(stay);
    }
  }
  // Moves per step, in fleet order: a move whose reverse an earlier robot made in the same step is
  // a swap. A move to a cell beside it is marked on its edge (cell * 4 + heading) with its step;
  // any other (which the timeline checks report) goes in a set.
  const byStep = bucketed(moves.step, lastStep + 1);
  const madeAt = new Int32Array(floor.cellCount * 4).fill(-1);
  const made = new Set<number>();
  for (let t = 0; t < lastStep; t++) {
    const begin = byStep.offsets[t];
    const end = byStep.offsets[t + 1];
    if (end - begin < 2) continue;
    made.clear();
    for (let k = begin; k < end; k++) {
      const move = byStep.order[k];
      const cell = moves.from[move];
      const to = moves.to[move];
      const way = headingOfStep(floor.x(to) - floor.x(cell), floor.y(to) - floor.y(cell));
      // The reverse move heads the opposite way: two quarter turns round.
      const swapped = way >= 0 ? madeAt[to * 4 + ((way + 2) & 3)] === t : made.has(to * floor.cellCount + cell);
      if (swapped) report(`Two robots swap ${floor.describe(cell)} and ${floor.describe(to)} at step ${t + 1}`);
      if (way >= 0) madeAt[cell * 4 + way] = t;
      else made.add(cell * floor.cellCount + to);
    }
  }
}

/** Deliveries in plan order, each pickup stood on and handled before the dropoff; charges at the station; the finish. */
function checkWork(check: Check, robot: RobotWork, record: RobotExecutionRecord, stays: Stays): void {
  const { floor, parameters, toStep, report } = check;
  const handling = parameters.handlingSteps;
  const planned = robot.work.filter((item) => item.kind === 'delivery');
  const plannedCharges = robot.work.length - planned.length;
  if (record.deliveries.length !== planned.length)
    report(`Robot ${robot.id} does ${record.deliveries.length} of its ${planned.length} deliveries`);
  if (check.orders) {
    if (record.charges.length !== plannedCharges)
      report(
        `Robot ${robot.id} charges ${record.charges.length} times; its results have ${plannedCharges} recharge steps`,
      );
  } else if (record.charges.length !== plannedCharges + record.extra_charges) {
    report(
      `Robot ${robot.id} charges ${record.charges.length} times; its plan has ${plannedCharges} and it reports ${record.extra_charges} more`,
    );
  }
  let previousDone = -1;
  record.deliveries.forEach((done, index) => {
    const item = planned[index];
    if (!item || item.pickup !== done.pickup || item.dropoff !== done.dropoff) {
      report(
        `Robot ${robot.id} delivers ${done.pickup} -> ${done.dropoff} where its plan has ${item ? `${item.pickup} -> ${item.dropoff}` : 'nothing'} next`,
      );
      return;
    }
    const step = toStep(done.done_s);
    if (stays.at(Math.min(step, stays.lastStep)) !== item.dropoffCell)
      report(
        `Robot ${robot.id} is not on dropoff ${done.dropoff} at ${done.done_s} s, when it reports the delivery done`,
      );
    // Between the previous delivery and this one it stood on the pickup, once for the handling (a
    // pickup on the dropoff's own cell is handled just before the delivery is done there). That
    // need not be the last time it stood there: pushed aside after handling, a robot may pass
    // back over its pickup on the way to the dropoff.
    let left = item.pickupCell === item.dropoffCell ? step : step - 1;
    // The latest step after the previous delivery it stood on the pickup (else previousDone).
    if (left > previousDone) {
      const latest = stays.latestOn(item.pickupCell, previousDone + 1, left);
      left = latest >= 0 ? latest : previousDone;
    }
    if (left <= previousDone && !(left === previousDone && stays.at(left) === item.pickupCell)) {
      report(`Robot ${robot.id} reaches ${done.dropoff} without standing on pickup ${done.pickup} first`);
    } else if (!stays.handledBetween(item.pickupCell, handling, previousDone, left)) {
      report(
        `Robot ${robot.id} leaves pickup ${done.pickup} at step ${left + 1} before handling it for ${parameters.handlingS} s`,
      );
    }
    if (!stays.standsOn(item.dropoffCell, step, step + handling))
      report(`Robot ${robot.id} leaves dropoff ${done.dropoff} before handling it for ${parameters.handlingS} s`);
    if (check.orders) checkOrderDelivered(check, robot, done, stays, previousDone);
    previousDone = step + handling;
  });
  const lastDone = record.deliveries.length > 0 ? record.deliveries[record.deliveries.length - 1].done_s : 0;
  if (Math.abs(record.finish_s - lastDone) > 1e-6)
    report(
      `Robot ${robot.id} reports its finish at ${record.finish_s} s but its last delivery is done at ${lastDone} s`,
    );
  record.charges.forEach((charge, index) => {
    const [arrive, start, end] = [toStep(charge.arrive_s), toStep(charge.start_s), toStep(charge.end_s)];
    if (start < arrive || end - start !== parameters.chargeSteps) {
      report(
        `Robot ${robot.id} charge ${index + 1} runs ${charge.start_s}-${charge.end_s} s after arriving at ${charge.arrive_s} s; a charge takes ${parameters.chargeS} s`,
      );
    }
    if (charge.station !== floor.stationIds[robot.station])
      report(
        `Robot ${robot.id} charge ${index + 1} is at station ${charge.station}, not at its own ${floor.stationIds[robot.station]}`,
      );
    if (!stays.standsOn(robot.homeCell, arrive, end))
      report(
        `Robot ${robot.id} is not at its station ${floor.stationIds[robot.station]} throughout charge ${index + 1}`,
      );
  });
}

/** A shift's orders: ids in order of release, pickups after release, each delivered at most once and by its robot. */
function checkOrders({ robots, execution, report }: Check, orders: readonly ShiftOrderRecord[]): void {
  orders.forEach((order, k) => {
    if (order.id !== `O${k + 1}`)
      report(`Order ${k + 1} of the shift is ${order.id}; orders are O1, O2, ... in order of release`);
    if (k > 0 && order.release_s < orders[k - 1].release_s)
      report(
        `Order ${order.id} is released at ${order.release_s} s, before ${orders[k - 1].id} at ${orders[k - 1].release_s} s`,
      );
    if (order.done_s !== undefined && order.pickup_s === undefined)
      report(`Order ${order.id} is delivered at ${order.done_s} s but never picked up`);
    if (order.pickup_s !== undefined && order.pickup_s < order.release_s)
      report(`Order ${order.id} is picked up at ${order.pickup_s} s, before its release at ${order.release_s} s`);
  });
  const deliveredBy = new Map<string, string>();
  for (const robot of robots) {
    for (const done of execution.robots[robot.id]?.deliveries ?? []) {
      if (done.order === undefined) continue;
      const earlier = deliveredBy.get(done.order);
      if (earlier !== undefined) report(`Order ${done.order} is delivered twice, by ${earlier} and by ${robot.id}`);
      deliveredBy.set(done.order, robot.id);
    }
  }
  for (const order of orders) {
    if (order.done_s !== undefined && !deliveredBy.has(order.id))
      report(`Order ${order.id} says it is delivered at ${order.done_s} s, but no robot delivers it`);
  }
}

/** A shift's delivery: it serves an order of its pair that its robot picked up after the order's release and handled at the pickup before the dropoff. */
function checkOrderDelivered(
  check: Check,
  robot: RobotWork,
  done: RobotExecutionRecord['deliveries'][number],
  stays: Stays,
  previousDone: number,
): void {
  const { orders, parameters, toStep, report } = check;
  const order = done.order === undefined ? undefined : orders?.get(done.order);
  if (!order) {
    report(
      `Robot ${robot.id} delivers ${done.pickup} -> ${done.dropoff} at ${done.done_s} s for ${done.order === undefined ? 'no order' : `order ${done.order}, which the shift does not have`}`,
    );
    return;
  }
  if (order.pickup !== done.pickup || order.dropoff !== done.dropoff)
    report(
      `Robot ${robot.id} delivers ${done.pickup} -> ${done.dropoff} for order ${order.id}, which is ${order.pickup} -> ${order.dropoff}`,
    );
  if (order.robot !== robot.id || order.done_s !== done.done_s) {
    report(
      `Order ${order.id} says ${order.robot ?? 'no robot'} delivered it at ${order.done_s ?? '(never)'} s, but ${robot.id} delivers it at ${done.done_s} s`,
    );
  }
  if (order.pickup_s === undefined) return;
  const pickup = toStep(order.pickup_s);
  const pickupCell = check.floor.cellOf(order.pickup);
  if (
    pickup < previousDone ||
    pickup + parameters.handlingSteps > toStep(done.done_s) ||
    !stays.standsOn(pickupCell ?? -1, pickup, pickup + parameters.handlingSteps)
  ) {
    report(
      `Robot ${robot.id} does not stand on pickup ${order.pickup} of order ${order.id} from ${order.pickup_s} s for the handling, between its previous delivery and this one`,
    );
  }
}

/** Metres since the last charge never over max_distance; after each delivery the way home fits. */
function checkBattery(check: Check, robot: RobotWork, record: RobotExecutionRecord, moves: Int32Array): void {
  const { floor, parameters, toStep, lastStep, report } = check;
  const events: { step: number; kind: 'done' | 'end'; cell: number; dropoff: string }[] = [];
  const planned = robot.work.filter((item) => item.kind === 'delivery');
  record.deliveries.forEach((done, index) =>
    events.push({
      step: toStep(done.done_s),
      kind: 'done',
      cell: planned[index]?.dropoffCell ?? -1,
      dropoff: done.dropoff,
    }),
  );
  for (const charge of record.charges) events.push({ step: toStep(charge.end_s), kind: 'end', cell: -1, dropoff: '' });
  events.sort((a, b) => a.step - b.step || (a.kind === 'end' ? 1 : 0) - (b.kind === 'end' ? 1 : 0));
  let used = 0;
  let overrunReported = false;
  // Metres follow moves (a cell a move): read the moves before each event.
  let k = 0;
  for (const event of events) {
    for (; k < moves.length && moves[k] < Math.min(event.step, lastStep); k++) {
      used += 1;
      if (used > parameters.maxDistance + 1e-9 && !overrunReported) {
        report(
          `Robot ${robot.id} has driven ${used} m since its last charge at step ${moves[k] + 1}, over max_distance ${parameters.maxDistance} m`,
        );
        overrunReported = true;
      }
    }
    if (event.kind === 'end') {
      used = 0;
      overrunReported = false;
    } else if (event.cell >= 0) {
      const home = floor.distance(event.cell, robot.homeCell);
      if (used + home > parameters.maxDistance + 1e-9) {
        report(
          `Robot ${robot.id} after dropoff ${event.dropoff} has ${parameters.maxDistance - used} m of charge left but its station is ${home} m away`,
        );
      }
    }
  }
}

/** Activities agree with the cells and the charges. */
function checkActivities(check: Check, robot: RobotWork, record: RobotExecutionRecord, moves: Int32Array): void {
  const { toStep, lastStep, report } = check;
  const activities = record.activities ?? [];
  const point = check.parameters.robotModel.point;
  // The steps it is queued at a dock are its dock queue.
  if (record.dock_queue_s !== undefined) {
    const docked = activitySteps(activities, lastStep).dock_queued * check.execution.step_s;
    if (Math.abs(docked - record.dock_queue_s) > 0.011)
      report(
        `Robot ${robot.id} is 'dock_queued' for ${docked.toFixed(2)} s but its dock queue is ${record.dock_queue_s} s`,
      );
  }
  const driveEmpty = ACTIVITY_CODE.drive_empty;
  const driveLoaded = ACTIVITY_CODE.drive_loaded;
  // A point robot moves a cell every step it drives, so every step is read (with a pointer into
  // the entries; idle before the first one). One with acceleration crosses a cell in several
  // ticks (and turns in place), so only its moves must be driving.
  const drives = (code: number) => code === driveEmpty || code === driveLoaded;
  let next = 0;
  let code = -1;
  const activityUpTo = (t: number) => {
    while (next < activities.length && activities[next] <= t) {
      code = activities[next + 1];
      next += 2;
    }
    return code;
  };
  if (point) {
    let nextMove = 0;
    for (let t = 0; t < lastStep; t++) {
      const moving = nextMove < moves.length && moves[nextMove] === t;
      if (moving) nextMove++;
      if (moving !== drives(activityUpTo(t))) {
        report(
          `Robot ${robot.id} is '${activityAt(activities, t)}' during step ${t} but ${moving ? 'moves' : 'stands still'}`,
        );
        return;
      }
    }
  } else {
    for (const t of moves) {
      if (!drives(activityUpTo(t))) {
        report(`Robot ${robot.id} is '${activityAt(activities, t)}' during step ${t} but moves`);
        return;
      }
    }
  }
  for (const charge of record.charges) {
    const [arrive, start, end] = [toStep(charge.arrive_s), toStep(charge.start_s), toStep(charge.end_s)];
    for (let t = arrive; t < end; t++) {
      const expected = t < start ? 'queued' : 'charging';
      if (activityAt(activities, t) !== expected) {
        report(
          `Robot ${robot.id} is '${activityAt(activities, t)}' at step ${t}, during its charge's ${expected} time`,
        );
        return;
      }
    }
  }
}

/** Through each of its delays and breakdowns the robot stands still; they are in order, apart, within the run. */
function checkStops(
  { floor, toStep, lastStep, report }: Check,
  robot: RobotWork,
  record: RobotExecutionRecord,
  stays: Stays,
): void {
  const stops = [
    ...(record.delays ?? []).map((stop) => ({ ...stop, kind: 'delay' })),
    ...(record.breakdowns ?? []).map((stop) => ({ ...stop, kind: 'breakdown' })),
  ].sort((a, b) => a.start_s - b.start_s);
  let previousEnd = 0;
  for (const stop of stops) {
    const [start, end] = [toStep(stop.start_s), toStep(stop.end_s)];
    if (!(start < end) || start < previousEnd || end > lastStep) {
      report(
        `Robot ${robot.id}'s ${stop.kind} from ${stop.start_s} s to ${stop.end_s} s is empty, overlaps another stop or runs past the execution`,
      );
      return;
    }
    previousEnd = end;
    // Its stay at the stop's start must last to the stop's end.
    const k = stays.indexAt(start);
    if (stays.endOf(k) < end) {
      report(
        `Robot ${robot.id} moves from ${floor.describe(stays.cells[k])} at step ${stays.endOf(k) + 1} during its ${stop.kind} from ${stop.start_s} s to ${stop.end_s} s`,
      );
      return;
    }
  }
}

/** The totals' delays and breakdowns are the robots' own: as many, and as many seconds. */
function checkStopTotals({ execution, report }: Check): void {
  for (const kind of ['delays', 'breakdowns'] as const) {
    const totals = execution.totals[kind];
    const records = Object.values(execution.robots).filter((record) => record[kind] !== undefined);
    if (totals === undefined) {
      if (records.length > 0) report(`Robots record ${kind} but the totals count none`);
      continue;
    }
    let count = 0;
    let seconds = 0;
    for (const record of records) {
      for (const stop of record[kind] ?? []) {
        count++;
        seconds += stop.end_s - stop.start_s;
      }
    }
    if (count !== totals.count) report(`The totals count ${totals.count} ${kind} but the robots record ${count}`);
    if (Math.abs(seconds - totals.lost_s) > 0.01 * (count + 1))
      report(`The totals give ${totals.lost_s} s of ${kind} but the robots' add up to ${seconds.toFixed(2)} s`);
  }
}

/**
 * The queues are parts of the waiting: each robot's charger and dock queues fit in its waiting,
 * and the totals' queues (per station, per dock) are the robots' own, at places of the floor.
 */
function checkQueueTotals({ floor, execution, report }: Check): void {
  const records = Object.entries(execution.robots);
  for (const [id, record] of records) {
    const queued = record.queued_s + (record.dock_queue_s ?? 0);
    if (queued > record.waiting_s + 0.02)
      report(`Robot ${id} queues ${queued.toFixed(2)} s but waits only ${record.waiting_s} s in all`);
  }
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const tolerance = 0.01 * (records.length + 1);
  const chargerQueue = sum(Object.values(execution.totals.charger_queue_s));
  const queuedByRobots = sum(records.map(([, record]) => record.queued_s));
  if (Math.abs(chargerQueue - queuedByRobots) > tolerance)
    report(
      `The totals give ${chargerQueue.toFixed(2)} s of charger queue but the robots' add up to ${queuedByRobots.toFixed(2)} s`,
    );
  const docks = execution.totals.dock_queue_s;
  if (docks === undefined) return;
  for (const place of Object.keys(docks)) {
    const cell = floor.cellOf(place);
    if (cell === undefined || floor.stationAt[cell] >= 0)
      report(`The dock queue names ${place}, which is no pickup or dropoff of the floor`);
  }
  const dockQueue = sum(Object.values(docks));
  const dockQueuedByRobots = sum(records.map(([, record]) => record.dock_queue_s ?? 0));
  if (Math.abs(dockQueue - dockQueuedByRobots) > tolerance)
    report(
      `The totals give ${dockQueue.toFixed(2)} s of dock queue but the robots' add up to ${dockQueuedByRobots.toFixed(2)} s`,
    );
  const { wait_s: waited, dock_queue_s: dockWaited } = execution.heatmap;
  if (dockWaited === undefined) return;
  const cell = dockWaited.findIndex((seconds, k) => seconds > (waited[k] ?? 0) + 0.01);
  if (cell >= 0)
    report(
      `The heat map puts ${dockWaited[cell]} s of dock queue on ${floor.describe(cell)}, where robots waited ${waited[cell]} s in all`,
    );
  const dockWaitedOnCells = sum(dockWaited);
  if (Math.abs(dockWaitedOnCells - dockQueue) > 0.01 * (dockWaited.length + 1))
    report(
      `The heat map holds ${dockWaitedOnCells.toFixed(2)} s of dock queue but the totals give ${dockQueue.toFixed(2)} s`,
    );
}

/** At every station: never more robots charging than chargers, first come first served, nobody queued while a charger is free. */
function checkChargers({ floor, robots, parameters, execution, toStep, report }: Check): void {
  const perStation = robotsPerStation(floor, robots);
  const pool = new ChargerPool(
    perStation.map((count, station) => chargersAt(parameters, count, floor.stationChargers[station])),
  );
  const charges: { station: number; robot: number; id: string; arrive: number; start: number }[] = [];
  robots.forEach((robot, r) => {
    for (const charge of execution.robots[robot.id]?.charges ?? []) {
      charges.push({
        station: robot.station,
        robot: r,
        id: robot.id,
        arrive: toStep(charge.arrive_s),
        start: toStep(charge.start_s),
      });
    }
  });
  charges.sort((a, b) => a.arrive - b.arrive || a.robot - b.robot);
  for (const charge of charges) {
    const expected = pool.claim(charge.station, charge.arrive, parameters.chargeSteps);
    if (charge.start !== expected) {
      const capacity = chargersAt(parameters, perStation[charge.station], floor.stationChargers[charge.station]);
      report(
        `Station ${floor.stationIds[charge.station]} starts ${charge.id}'s charge at step ${charge.start}, but with ${capacity} charger${capacity === 1 ? '' : 's'} ` +
          `served first come, first served it starts at step ${expected}`,
      );
      return;
    }
  }
}
