import { dockArrivalTurnSteps, dockLeaveStepsTo, UNREACHABLE, type ObjectiveValues } from '@fleetlab/warehouse';
import { objectiveValues } from './objective.ts';
import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import { chargeCovers, type Problem, type ProblemRobot } from '../problem/problem.ts';

export interface PlanMetrics {
  makespan_s: number;
  total_distance_m: number;
  recharges: number;
  deliveries: number;
  /** Per robot id: finishing time (end of its last step) and distance travelled. */
  robots: Record<string, { finish_s: number; distance_m: number; recharges: number; deliveries: number }>;
  objectives: ObjectiveValues;
}

export interface PlanCheck {
  valid: boolean;
  errors: string[];
  metrics: PlanMetrics;
}

/** Distances are sums of 2-decimal edge weights; reported figures are rounded to 2 decimals. */
const REPORT_TOLERANCE = 0.011;
const MAX_ERRORS = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** What a check gathers over all robots: its errors, the deliveries not yet done, the charges and the metrics. */
interface Review {
  problem: Problem;
  errors: string[];
  /** Deliveries still to do, by pairKey(pickup, dropoff). */
  pending: Map<string, number>;
  metrics: PlanMetrics;
  /** Per station id, each charge's [start, end] in seconds. */
  charging: Map<string, [number, number][]>;
  /** On the floor, per pickup or dropoff node, each visit's [enter, end] in seconds: entering, handling and leaving. */
  visits: Map<number, [number, number][]>;
}

/** One robot's state as its steps are replayed. */
interface RobotWalk {
  robot: ProblemRobot;
  position: number;
  /** Metres since t = 0. */
  total: number;
  /** Seconds since t = 0. */
  time: number;
  /** Metres since the last charge. */
  sinceCharge: number;
  recharges: number;
  delivered: number;
  /** The last step was a delivery: the robot handles at its dropoff before it moves on. */
  afterDelivery: boolean;
  /** The robot's home station has this many chargers. */
  chargers: number;
  /**
   * Its last visit to a pickup or dropoff (floor plans): a next visit to the same node without
   * moving goes on with it, and the walk it then leaves by sets when the visit ends.
   */
  lastVisit: { node: number; interval: [number, number]; handledUntil: number } | null;
}

function report(review: Review, message: string): void {
  if (review.errors.length < MAX_ERRORS) review.errors.push(message);
}

function pairKey(pickup: string, dropoff: string): string {
  return `${pickup}\u0000${dropoff}`;
}

/**
 * Checks a plan against every rule of the solve model and recomputes its metrics from the
 * paths themselves (not from the numbers the plan reports).
 */
export function checkPlan(problem: Problem, results: unknown): PlanCheck {
  const pending = new Map<string, number>();
  for (const delivery of problem.deliveries) {
    const key = pairKey(delivery.pickupId, delivery.dropoffId);
    pending.set(key, (pending.get(key) ?? 0) + 1);
  }
  const metrics: PlanMetrics = {
    makespan_s: 0,
    total_distance_m: 0,
    recharges: 0,
    deliveries: 0,
    robots: {},
    objectives: { completion_time: 0, distance_traveled: 0, energy_usage: 0, balanced_workload: 0, cost_efficiency: 0 },
  };
  const review: Review = { problem, errors: [], pending, metrics, charging: new Map(), visits: new Map() };
  const finishes: number[] = [];
  const distances: number[] = [];

  if (!isRecord(results)) {
    report(review, 'The results are not an object mapping robot ids to steps');
    return { valid: false, errors: review.errors, metrics };
  }
  const robotIds = new Set(problem.robots.map((robot) => robot.id));
  for (const key of Object.keys(results)) {
    if (!robotIds.has(key)) report(review, `Unknown robot ${key} in the results`);
  }

  for (const robot of problem.robots) {
    const steps = results[robot.id];
    if (!Array.isArray(steps)) {
      report(review, `Robot ${robot.id} is missing from the results (every robot needs a key, [] when idle)`);
      finishes.push(0);
      distances.push(0);
      continue;
    }
    const walk: RobotWalk = {
      robot,
      position: robot.startNode,
      total: 0,
      time: 0,
      sinceCharge: 0,
      recharges: 0,
      delivered: 0,
      afterDelivery: false,
      chargers: problem.chargersOfRobot[problem.robots.indexOf(robot)],
      lastVisit: null,
    };
    steps.forEach((step: unknown, index: number) => checkStep(review, walk, step, `${robot.id} step ${index + 1}`));
    metrics.robots[robot.id] = {
      finish_s: walk.time,
      distance_m: walk.total,
      recharges: walk.recharges,
      deliveries: walk.delivered,
    };
    metrics.total_distance_m += walk.total;
    metrics.recharges += walk.recharges;
    metrics.deliveries += walk.delivered;
    finishes.push(walk.time);
    distances.push(walk.total);
  }
  for (const delivery of problem.deliveries) {
    const key = pairKey(delivery.pickupId, delivery.dropoffId);
    const left = pending.get(key) ?? 0;
    if (left > 0) {
      report(review, `Delivery ${delivery.pickupId} -> ${delivery.dropoffId} is never done`);
      pending.set(key, left - 1);
    }
  }
  checkChargerCapacity(review);
  checkDockCapacity(review);
  metrics.objectives = objectiveValues(problem, finishes, distances);
  return { valid: review.errors.length === 0, errors: review.errors, metrics };
}

/** No station ever charges more robots at once than it has chargers. */
function checkChargerCapacity(review: Review): void {
  const chargersOf = new Map(
    review.problem.robots.map((robot, r) => [robot.stationId, review.problem.chargersOfRobot[r]]),
  );
  for (const [station, intervals] of review.charging) {
    const capacity = chargersOf.get(station) ?? 1;
    const points = intervals.flatMap(
      ([start, end]) =>
        [
          [start + SAFE_SLACK, 1],
          [end - SAFE_SLACK, -1],
        ] as [number, number][],
    );
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let busy = 0;
    for (const [time, change] of points) {
      busy += change;
      if (busy > capacity) {
        report(
          review,
          `Station ${station} charges ${busy} robots at once at ${fmt(time)} s, but it has ${capacity} charger${capacity === 1 ? '' : 's'}`,
        );
        break;
      }
    }
  }
}

/**
 * On the floor, no pickup or dropoff ever holds two robots' visits at once: each visit (from the
 * robot's centre reaching the cell, through its turn there and its handling, to its centre
 * reaching the next cell on its walk out: `dockArrivalTurnSteps`, `dockLeaveStepsTo`) ends before
 * the next robot enters.
 */
function checkDockCapacity(review: Review): void {
  const { problem } = review;
  for (const [node, visits] of review.visits) {
    visits.sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < visits.length; k++) {
      const [enter] = visits[k];
      const [previousEnter, previousEnd] = visits[k - 1];
      if (enter < previousEnd - SAFE_SLACK) {
        report(
          review,
          `${problem.nodeIds[node]} serves 2 robots at once: one enters at ${fmt(enter)} s while the visit from ${fmt(previousEnter)} s holds it until ${fmt(previousEnd)} s (entering, handling, leaving)`,
        );
        break;
      }
    }
  }
}

/** One step: its path, its task and the figures it reports; `walk` moves on to its end. */
function checkStep(review: Review, walk: RobotWalk, step: unknown, where: string): void {
  const { problem } = review;
  if (!isRecord(step) || !Array.isArray(step.path) || step.path.length === 0) {
    report(review, `${where}: a step needs a non-empty path`);
    return;
  }
  const nodes = pathNodes(review, step.path as unknown[], where);
  if (!nodes) return;
  if (walk.position < 0) {
    report(review, `${where}: robot ${walk.robot.id} has no node in the graph, so it cannot move`);
    return;
  }
  if (nodes[0] !== walk.position) {
    report(
      review,
      `${where}: path starts at ${problem.nodeIds[nodes[0]]} but robot is at ${problem.nodeIds[walk.position]}`,
    );
  }
  // Handling at the last dropoff comes before the robot moves on.
  if (walk.afterDelivery) walk.time += problem.handlingSeconds;
  const departed = walk.time;
  drivePath(review, walk, problem.graphLegs ? floorStops(problem, step, nodes) : nodes, where);
  walk.position = nodes[nodes.length - 1];
  // total_distance counts since the last charge; a recharge step still includes its leg to the station.
  const distanceSinceCharge = walk.sinceCharge;
  const expectedBattery = checkTask(review, walk, step, nodes, where, departed);
  if (expectedBattery === null) return;
  checkFigures(review, walk, step, where, { distanceSinceCharge, expectedBattery });
}

/**
 * The path's node indices, or null (reported) when it names something that is not a node. On
 * the floor the path may list the stored graph's navigation points between its places: they
 * draw the way, the floor walk between the places is what is driven, so they are left out here.
 */
function pathNodes(review: Review, path: unknown[], where: string): number[] | null {
  const { problem } = review;
  const nodes: number[] = [];
  for (const id of path) {
    const node = typeof id === 'string' ? problem.nodeIndex.get(id) : undefined;
    if (node === undefined) {
      if (typeof id === 'string' && problem.graphLegs?.has(id)) continue;
      report(review, `${where}: path names ${JSON.stringify(id)}, which is not a node of the graph`);
      return null;
    }
    nodes.push(node);
  }
  if (nodes.length === 0) {
    report(review, `${where}: path names no place`);
    return null;
  }
  return nodes;
}

/**
 * Where a floor step stops: where it starts, its pickup (a delivery's first visit of it) and
 * where it ends. Between them it drives the floor walk; other places the path names lie on the
 * stored graph's drawing of that walk (a leg along the graph may pass a pickup or a station).
 */
function floorStops(problem: Problem, step: Record<string, unknown>, nodes: number[]): number[] {
  const last = nodes.length - 1;
  const task = step.task;
  const pickup = Array.isArray(task) && typeof task[0] === 'string' ? problem.nodeIndex.get(task[0]) : undefined;
  const at = pickup === undefined ? -1 : nodes.indexOf(pickup);
  return at > 0 && at < last ? [nodes[0], nodes[at], nodes[last]] : [nodes[0], nodes[last]];
}

/**
 * Drives the path leg by leg and reports the first battery overrun: on the floor each leg is the
 * floor walk between two places, on the graph each leg must be an edge.
 */
function drivePath(review: Review, walk: RobotWalk, nodes: number[], where: string): void {
  const { problem } = review;
  let overrun = false;
  for (let k = 1; k < nodes.length; k++) {
    if (nodes[k] === nodes[k - 1]) continue;
    const metres = legMetres(problem, nodes[k - 1], nodes[k]);
    if (metres < 0) {
      const what = problem.floor ? 'has no walk on the floor' : 'is not an edge of the graph';
      report(review, `${where}: ${problem.nodeIds[nodes[k - 1]]} -> ${problem.nodeIds[nodes[k]]} ${what}`);
      continue;
    }
    walk.total += metres;
    walk.sinceCharge += metres;
    walk.time += legSeconds(problem, nodes[k - 1], nodes[k], metres);
    if (!overrun && walk.sinceCharge > problem.maxDistance + SAFE_SLACK) {
      overrun = true;
      report(
        review,
        `${where}: battery overrun, ${fmt(walk.sinceCharge)} m since the last charge but ${chargeCovers(problem)}`,
      );
    }
  }
}

/** Metres from a node to the robot's home station: the floor walk, or the graph's shortest path (Infinity without one). */
function wayHome(problem: Problem, from: number, robot: ProblemRobot): number {
  if (robot.homeNode < 0) return Infinity;
  if (problem.floorClock) {
    const metres = problem.floorClock.legMetres(problem.nodeCell[from], problem.nodeCell[robot.homeNode]);
    return metres >= UNREACHABLE ? Infinity : metres;
  }
  const row = problem.sourceRow[robot.homeNode];
  return row >= 0 ? problem.distances[row][from] : Infinity;
}

/** Metres of one leg: the floor clock's walk between two places, or the graph's edge; -1 when there is none. */
function legMetres(problem: Problem, from: number, to: number): number {
  if (problem.floorClock) {
    const metres = problem.floorClock.legMetres(problem.nodeCell[from], problem.nodeCell[to]);
    return metres >= UNREACHABLE ? -1 : metres;
  }
  if (!problem.graph) throw new Error('The problem has neither a floor nor a graph to measure legs on');
  const { offsets, targets, weights } = problem.graph;
  for (let e = offsets[from], end = offsets[from + 1]; e < end; e++) if (targets[e] === to) return weights[e];
  return -1;
}

/** Seconds of one leg of `metres`: the floor clock's steps (a point robot's: metres / speed), or the graph edge at robot_speed. */
function legSeconds(problem: Problem, from: number, to: number, metres: number): number {
  const clock = problem.floorClock;
  if (!clock || clock.point) return metres / problem.speed;
  return clock.legSteps(problem.nodeCell[from], problem.nodeCell[to]) * clock.parameters.stepS;
}

/**
 * The step's task: a recharge at the home station or one of the solve's deliveries, picked up on
 * the way and with charge left to get home. Returns the battery the step should report, or null
 * (reported) when the task is neither.
 */
function checkTask(
  review: Review,
  walk: RobotWalk,
  step: Record<string, unknown>,
  nodes: number[],
  where: string,
  departed: number,
): number | null {
  const task = step.task;
  if (task === 'recharge' || task === 'recharge_in_place') return checkRecharge(review, walk, step, where);
  if (Array.isArray(task) && task.length === 2 && typeof task[0] === 'string' && typeof task[1] === 'string') {
    if (review.problem.floor) holdDocks(review, walk, step, nodes, departed);
    return checkDelivery(review, walk, task as [string, string], nodes, where);
  }
  report(review, `${where}: task must be a [pickup, dropoff] pair or "recharge", got ${JSON.stringify(task)}`);
  return null;
}

function checkRecharge(review: Review, walk: RobotWalk, step: Record<string, unknown>, where: string): number {
  const { problem } = review;
  const { robot } = walk;
  const { battery_capacity: capacity, recharge_time: rechargeMinutes } = problem.params;
  if (step.task === 'recharge_in_place') {
    report(
      review,
      `${where}: recharge_in_place is not allowed; a recharge must drive to the home station ${robot.stationId}`,
    );
  } else if (walk.position !== robot.homeNode) {
    report(
      review,
      `${where}: recharge ends at ${problem.nodeIds[walk.position]} but the home station of ${robot.id} is ${robot.stationId}`,
    );
  }
  if (step.recharge_time !== undefined && step.recharge_time !== rechargeMinutes) {
    report(
      review,
      `${where}: recharge_time is ${JSON.stringify(step.recharge_time)} min but the solve's recharge time is ${rechargeMinutes} min`,
    );
  }
  // The robot may wait for a free charger first; the plan says how long in queued_s.
  const declared = typeof step.queued_s === 'number' ? step.queued_s : 0;
  const reported = typeof step.completion_time === 'number' ? step.completion_time : walk.time;
  const waited = Math.max(0, reported - walk.time - problem.rechargeSeconds);
  if (Math.abs(waited - declared) > REPORT_TOLERANCE * 2) {
    report(review, `${where}: the recharge waits ${fmt(waited)} s for a charger but queued_s says ${fmt(declared)} s`);
  }
  walk.time += declared + problem.rechargeSeconds;
  const intervals = review.charging.get(robot.stationId) ?? [];
  intervals.push([walk.time - problem.rechargeSeconds, walk.time]);
  review.charging.set(robot.stationId, intervals);
  walk.sinceCharge = 0;
  walk.recharges++;
  walk.afterDelivery = false;
  return capacity;
}

function checkDelivery(
  review: Review,
  walk: RobotWalk,
  [pickup, dropoff]: [string, string],
  nodes: number[],
  where: string,
): number {
  const { problem, pending, metrics } = review;
  const { battery_capacity: capacity, max_distance: fullCharge } = problem.params;
  const maxDistance = problem.maxDistance;
  const end = walk.position;
  const key = pairKey(pickup, dropoff);
  const left = pending.get(key);
  if (left === undefined) {
    report(review, `${where}: task ${pickup} -> ${dropoff} is not one of the solve's deliveries`);
  } else if (left === 0) {
    report(review, `${where}: delivery ${pickup} -> ${dropoff} is done more than once`);
  } else {
    pending.set(key, left - 1);
  }
  const pickupNode = problem.nodeIndex.get(pickup);
  const dropoffNode = problem.nodeIndex.get(dropoff);
  if (dropoffNode === undefined || end !== dropoffNode) {
    report(review, `${where}: path ends at ${problem.nodeIds[end]}, not at the dropoff ${dropoff}`);
  }
  if (pickupNode === undefined || nodes.slice(0, nodes.length - 1).indexOf(pickupNode) < 0) {
    report(review, `${where}: path does not visit the pickup ${pickup} before the dropoff ${dropoff}`);
  }
  const home = wayHome(problem, end, walk.robot);
  if (walk.sinceCharge + home > maxDistance + SAFE_SLACK) {
    const reserve = problem.floorParameters.batteryReservePct > 0 ? ' (after the battery reserve for traffic)' : '';
    report(
      review,
      `${where}: after the dropoff at ${problem.nodeIds[end]} the robot has ${fmt(Math.max(0, maxDistance - walk.sinceCharge))} m of charge left${reserve} but its home station ${walk.robot.stationId} is ${fmt(home)} m away`,
    );
  }
  // Handling at the pickup, on the way.
  walk.time += problem.handlingSeconds;
  walk.delivered++;
  walk.afterDelivery = true;
  metrics.makespan_s = Math.max(metrics.makespan_s, walk.time);
  return Math.min(capacity, Math.max(0, capacity * (1 - walk.sinceCharge / fullCharge)));
}

/**
 * A floor delivery's waits beside its pickup and its dropoff (`pickup_queued_s`,
 * `dropoff_queued_s`, inside its time) and the two visits they let it make: entering the pickup
 * after the walk there and the wait, entering the dropoff after the handling, the walk on and
 * the wait.
 */
function holdDocks(
  review: Review,
  walk: RobotWalk,
  step: Record<string, unknown>,
  nodes: number[],
  departed: number,
): void {
  const { problem } = review;
  // The floor's clock: every floor problem has one (the graph model has no cells to hold).
  const clock = problem.floorClock;
  const pickup = Array.isArray(step.task) ? problem.nodeIndex.get(step.task[0] as string) : undefined;
  const dropoff = nodes[nodes.length - 1];
  if (!clock || pickup === undefined) return;
  const wait = (field: string) => (typeof step[field] === 'number' ? Math.max(0, step[field] as number) : 0);
  const pickupWait = wait('pickup_queued_s');
  const dropoffWait = wait('dropoff_queued_s');
  walk.time += pickupWait + dropoffWait;
  const leg = (from: number, to: number) =>
    from === to ? 0 : legSeconds(problem, from, to, legMetres(problem, from, to));
  const pickupEnter = departed + leg(nodes[0], pickup) + pickupWait;
  const dropoffEnter = pickupEnter + problem.handlingSeconds + leg(pickup, dropoff) + dropoffWait;
  const { stepS, handlingSteps } = problem.floorParameters;
  const cellOf = (node: number) => problem.nodeCell[node];
  /** Steps from the end of the handling at `node` to leaving it towards `to` (-1: not known yet, the least way out). */
  const leaveSteps = (node: number, to: number) => dockLeaveStepsTo(clock, cellOf(node), to < 0 ? -1 : cellOf(to));
  // The last visit ends as the robot leaves it by this step's walk.
  const last = walk.lastVisit;
  if (last && last.node === nodes[0] && pickup !== nodes[0])
    last.interval[1] = last.handledUntil + leaveSteps(last.node, pickup) * stepS;
  // A visit right after one to the same node, with no drive between (a pickup where the robot
  // dropped off, a dropoff where it picked up), is one stay: it holds the node a handling longer.
  // A visit's end counts the robot's walk out when this step knows it (a pickup's, to its
  // dropoff), else the least way out until the next step says.
  const visit = (node: number, enter: number, from: number, to: number) => {
    const handledUntil = enter + handlingSteps * stepS;
    const end = handledUntil + leaveSteps(node, to) * stepS;
    if (from === node && walk.lastVisit?.node === node) {
      walk.lastVisit.interval[1] = end;
      walk.lastVisit.handledUntil = handledUntil;
      return;
    }
    const interval: [number, number] = [enter - dockArrivalTurnSteps(clock, cellOf(node), cellOf(from)) * stepS, end];
    const visits = review.visits.get(node) ?? [];
    visits.push(interval);
    review.visits.set(node, visits);
    walk.lastVisit = { node, interval, handledUntil };
  };
  visit(pickup, pickupEnter, nodes[0], dropoff);
  visit(dropoff, dropoffEnter, pickup, -1);
}

/** The figures a step reports against those its path gives, and the solve's battery settings. */
function checkFigures(
  review: Review,
  walk: RobotWalk,
  step: Record<string, unknown>,
  where: string,
  expected: { distanceSinceCharge: number; expectedBattery: number },
): void {
  const { battery_capacity: capacity, max_distance: maxDistance } = review.problem.params;
  const checkFigure = (field: string, value: number, unit: string) => {
    const reported = step[field];
    if (typeof reported !== 'number' || Math.abs(reported - value) > REPORT_TOLERANCE + 1e-9 * Math.abs(value)) {
      report(
        review,
        `${where}: ${field} is ${JSON.stringify(reported)}${unit} but the path gives ${fmt(value)}${unit}`,
      );
    }
  };
  checkFigure('total_distance', expected.distanceSinceCharge, ' m');
  checkFigure('odometer_m', walk.total, ' m');
  checkFigure('completion_time', walk.time, ' s');
  checkFigure('battery_remaining', expected.expectedBattery, '%');
  if (step.battery_capacity !== undefined && step.battery_capacity !== capacity) {
    report(
      review,
      `${where}: battery_capacity is ${JSON.stringify(step.battery_capacity)} but the solve uses ${capacity}`,
    );
  }
  if (step.max_distance !== undefined && step.max_distance !== maxDistance) {
    report(review, `${where}: max_distance is ${JSON.stringify(step.max_distance)} but the solve uses ${maxDistance}`);
  }
}
