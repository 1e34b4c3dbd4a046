import {
  decodeTimeline,
  Floor,
  FloorError,
  resolveFloorParameters,
  robotWorkFromPlan,
  type ExecutionRecord,
  type FloorEnvironment,
  type FloorParameterInput,
  type RobotWork,
} from '@fleetlab/warehouse';

export interface ExecutionCheck {
  valid: boolean;
  errors: string[];
}

const MAX_ERRORS = 50;

/**
 * An independent check of an execution against its plan and floor, from the timelines alone:
 * every move goes to a free 4-neighbour cell or stays; no two robots end a step on one cell
 * (but a station's own robots at their station) and no two swap cells; each robot does its
 * plan's deliveries in the plan's order (standing on the pickup, then on the dropoff at the
 * reported time); charges happen at the robot's station, last the recharge time and never
 * exceed the station's chargers; the distance driven since the last charge never passes
 * max_distance, and after every delivery the robot can still reach its station.
 */
export function checkExecution(environment: FloorEnvironment, plan: unknown, execution: ExecutionRecord, params?: FloorParameterInput | null): ExecutionCheck {
  const errors: string[] = [];
  const report = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
  };
  let floor: Floor;
  let robots: RobotWork[];
  let resolved: ReturnType<typeof resolveFloorParameters>;
  try {
    floor = new Floor(environment);
    robots = robotWorkFromPlan(floor, environment, plan);
    resolved = resolveFloorParameters(params);
  } catch (error) {
    if (error instanceof FloorError) return { valid: false, errors: [error.message] };
    throw error;
  }
  const stepS = execution.step_s;
  if (Math.abs(stepS - 1 / resolved.robotSpeed) > 1e-9) report(`step_s is ${stepS} s but robot_speed ${resolved.robotSpeed} m/s gives ${1 / resolved.robotSpeed} s`);
  const toStep = (seconds: number) => Math.round(seconds / stepS);
  const chargeSteps = resolved.chargeSteps;
  const robotsPerStation = new Int32Array(floor.stationIds.length);
  for (const robot of robots) robotsPerStation[robot.station]++;

  let lastStep = execution.totals.steps;
  for (const record of Object.values(execution.robots)) {
    for (let k = 0; k < record.timeline.length; k += 3) lastStep = Math.max(lastStep, record.timeline[k]);
  }
  const cells: Int32Array[] = [];
  for (const robot of robots) {
    const record = execution.robots[robot.id];
    if (!record) {
      report(`Robot ${robot.id} has no execution`);
      cells.push(new Int32Array(lastStep + 1).fill(robot.startCell));
      continue;
    }
    let path: Int32Array;
    try {
      path = decodeTimeline(record.timeline, lastStep, floor.width);
    } catch (error) {
      report(`Robot ${robot.id}: ${(error as Error).message}`);
      path = new Int32Array(lastStep + 1).fill(robot.startCell);
    }
    cells.push(path);
    if (path[0] !== robot.startCell) report(`Robot ${robot.id} starts at ${floor.describe(path[0])}, not at its place ${floor.describe(robot.startCell)}`);
    for (let t = 0; t < lastStep; t++) {
      const from = path[t];
      const to = path[t + 1];
      if (to < 0 || to >= floor.cellCount || floor.blocked[to]) {
        report(`Robot ${robot.id} stands on blocked or missing ${to >= 0 && to < floor.cellCount ? floor.describe(to) : `cell ${to}`} at step ${t + 1}`);
        break;
      }
      if (from !== to && ![0, 1, 2, 3].some((k) => floor.neighbours[from * 4 + k] === to)) {
        report(`Robot ${robot.id} jumps from ${floor.describe(from)} to ${floor.describe(to)} at step ${t + 1}`);
        break;
      }
    }
  }

  // Vertex and swap conflicts, step by step.
  const seenAt = new Int32Array(floor.cellCount).fill(-1);
  const seenRobot = new Int32Array(floor.cellCount);
  const moves = new Set<number>();
  for (let t = 0; t <= lastStep && errors.length < MAX_ERRORS; t++) {
    moves.clear();
    for (let r = 0; r < robots.length; r++) {
      const cell = cells[r][t];
      if (seenAt[cell] === t) {
        const other = seenRobot[cell];
        const station = floor.stationAt[cell];
        const depot = station >= 0 && robots[r].station === station && robots[other].station === station;
        if (!depot) report(`Robots ${robots[other].id} and ${robots[r].id} both stand on ${floor.describe(cell)} at step ${t}`);
      } else {
        seenAt[cell] = t;
        seenRobot[cell] = r;
      }
      if (t < lastStep && cells[r][t + 1] !== cell) {
        const to = cells[r][t + 1];
        if (moves.has(to * floor.cellCount + cell)) report(`Two robots swap ${floor.describe(cell)} and ${floor.describe(to)} at step ${t + 1}`);
        moves.add(cell * floor.cellCount + to);
      }
    }
  }

  // Work in plan order, charges, batteries.
  const chargeIntervals: [number, number][][] = floor.stationIds.map(() => []);
  robots.forEach((robot, r) => {
    const record = execution.robots[robot.id];
    if (!record) return;
    const path = cells[r];
    const planned = robot.work.filter((item) => item.kind === 'delivery');
    const plannedCharges = robot.work.length - planned.length;
    if (record.deliveries.length !== planned.length) {
      report(`Robot ${robot.id} does ${record.deliveries.length} of its ${planned.length} deliveries`);
    }
    if (record.charges.length !== plannedCharges + record.extra_charges) {
      report(`Robot ${robot.id} charges ${record.charges.length} times; its plan has ${plannedCharges} and it reports ${record.extra_charges} more`);
    }
    const events: { step: number; kind: 'done' | 'arrive' | 'end'; index: number }[] = [];
    record.deliveries.forEach((delivery, index) => events.push({ step: toStep(delivery.done_s), kind: 'done', index }));
    record.charges.forEach((charge, index) => {
      events.push({ step: toStep(charge.arrive_s), kind: 'arrive', index }, { step: toStep(charge.end_s), kind: 'end', index });
      const [arrive, start, end] = [toStep(charge.arrive_s), toStep(charge.start_s), toStep(charge.end_s)];
      if (start < arrive || end - start !== chargeSteps) {
        report(`Robot ${robot.id} charge ${index + 1} runs ${charge.start_s}-${charge.end_s} s after arriving at ${charge.arrive_s} s; a charge takes ${chargeSteps * stepS} s`);
      }
      for (let t = arrive; t <= Math.min(end, lastStep); t++) {
        if (path[t] !== robot.homeCell) {
          report(`Robot ${robot.id} leaves its station ${charge.station} during charge ${index + 1} (step ${t})`);
          break;
        }
      }
      chargeIntervals[robot.station].push([start, end]);
    });
    events.sort((a, b) => a.step - b.step || (a.kind === 'end' ? 1 : 0) - (b.kind === 'end' ? 1 : 0));
    let used = 0;
    let overrunReported = false;
    let t = 0;
    let pickupSeen = false;
    let nextDelivery = 0;
    const driveUntil = (until: number) => {
      for (; t < Math.min(until, lastStep); t++) {
        if (path[t + 1] !== path[t]) used += 1;
        const item = planned[nextDelivery];
        if (item && path[t + 1] === item.pickupCell) pickupSeen = true;
        if (used > resolved.maxDistance + 1e-9 && !overrunReported) {
          report(`Robot ${robot.id} has driven ${used} m since its last charge at step ${t + 1}, over max_distance ${resolved.maxDistance} m`);
          overrunReported = true;
        }
      }
    };
    if (planned[0] && path[0] === planned[0].pickupCell) pickupSeen = true;
    for (const event of events) {
      driveUntil(event.step);
      if (event.kind === 'end') {
        used = 0;
        overrunReported = false;
        continue;
      }
      if (event.kind === 'arrive') continue;
      const done = record.deliveries[event.index];
      const item = planned[nextDelivery];
      if (!item || item.pickup !== done.pickup || item.dropoff !== done.dropoff) {
        report(`Robot ${robot.id} delivers ${done.pickup} -> ${done.dropoff} where its plan has ${item ? `${item.pickup} -> ${item.dropoff}` : 'nothing'} next`);
        return;
      }
      if (!pickupSeen) report(`Robot ${robot.id} reaches ${done.dropoff} without standing on pickup ${done.pickup} first`);
      if (path[Math.min(event.step, lastStep)] !== item.dropoffCell) {
        report(`Robot ${robot.id} is not on dropoff ${done.dropoff} at ${done.done_s} s, when it reports the delivery done`);
      }
      const home = floor.distance(item.dropoffCell, robot.homeCell);
      if (used + home > resolved.maxDistance + 1e-9) {
        report(`Robot ${robot.id} after dropoff ${done.dropoff} has ${resolved.maxDistance - used} m of charge left but its station is ${home} m away`);
      }
      nextDelivery++;
      // The next pickup may share the dropoff's cell: the robot already stands on it.
      pickupSeen = planned[nextDelivery] !== undefined && path[Math.min(event.step, lastStep)] === planned[nextDelivery].pickupCell;
    }
  });
  floor.stationIds.forEach((station, index) => {
    const capacity = resolved.chargers ?? Math.max(1, robotsPerStation[index]);
    const points = chargeIntervals[index].flatMap(([start, end]) => [[start, 1], [end, -1]] as [number, number][]);
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let busy = 0;
    for (const [step, change] of points) {
      busy += change;
      if (busy > capacity) {
        report(`Station ${station} charges ${busy} robots at once at step ${step}, but it has ${capacity} chargers`);
        break;
      }
    }
  });
  return { valid: errors.length === 0, errors };
}
