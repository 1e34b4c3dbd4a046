import { decideCharge } from './battery-rule.ts';
import { SimulationCancelledError, SimulationError, TrafficJamError } from './errors.ts';
import { UNREACHABLE, type Floor } from './floor.ts';
import type { ResolvedParams, RobotWork } from './plan-input.ts';
import { TimelineWriter } from './timeline.ts';

/** What a robot is doing. Parked, queued and charging robots stand at their station, out of the way. */
const enum Mode {
  Parked,
  Moving,
  Handling,
  Queued,
  Charging,
}

/** Where a moving robot is heading. */
const enum Phase {
  ToPickup,
  ToDropoff,
  ToCharge,
  /** Its work is done: back to the station, out of the others' way. */
  ToHome,
}

export interface ExecutedRobot {
  timeline: number[];
  deliveries: { pickup: string; dropoff: string; doneStep: number }[];
  charges: { arriveStep: number; startStep: number; endStep: number }[];
  waitingSteps: number;
  queuedSteps: number;
  distance: number;
  finishStep: number;
  extraCharges: number;
}

export interface ExecutorOutcome {
  robots: ExecutedRobot[];
  /** Waiting steps per cell. */
  waitSteps: Float64Array;
  queueStepsByStation: Float64Array;
  steps: number;
  deadlocksResolved: number;
}

export interface ExecutorOptions {
  random: () => number;
  onProgress?: (fraction: number) => void;
  shouldStop?: () => boolean;
  /** Steps the run may take before it is declared stuck. */
  stepBudget: number;
}

/** Priority added to a robot that has made no progress for a while, so PIBT clears its way (above even urgent robots). */
const STUCK_BOOST = 1e6;
/** A robot with less charge to spare than this outranks every other, so it is never pushed off its way. */
const URGENT_SLACK_M = 10;
const URGENT_PRIORITY = 1e9;
/**
 * Below this many metres to spare a robot never moves away from its goal, so what it still has
 * to drive never grows: it always reaches the dropoff able to get home, and home within its charge.
 */
const TIGHT_SLACK_M = 2;
const POLL_EVERY_STEPS = 128;

/**
 * Runs every robot's order of work at once on the grid with PIBT (Okumura et al., "Priority
 * inheritance with backtracking for iterative multi-agent path finding", AIJ 2022): each step,
 * robots in priority order pick the neighbouring cell (or their own) closest to their goal;
 * a robot that wants an occupied cell lends its priority to the occupant, which must move
 * first, and backtracks when the occupant cannot. That gives no vertex or swap conflict by
 * construction, costs O(robots) per step, and a robot's priority grows while it is kept from
 * its goal, so every robot eventually gets through. Priorities grow with time away from the
 * goal; a robot without progress for long gets a large boost (counted as a deadlock resolved),
 * and one that still cannot move ends the run with an error naming it.
 *
 * Station cells are depots: the station's own robots may stand there together (parked, queued
 * or charging robots leave the floor's traffic); no other robot ever enters them.
 */
export function executeOnFloor(floor: Floor, robots: RobotWork[], params: ResolvedParams, options: ExecutorOptions): ExecutorOutcome {
  const n = robots.length;
  const stationCount = floor.stationIds.length;
  const handlingSteps = Math.ceil(params.handlingTimeS * params.robotSpeed - 1e-9);
  const chargeSteps = Math.ceil(params.rechargeMinutes * 60 * params.robotSpeed - 1e-9);
  const robotsPerStation = new Int32Array(stationCount);
  for (const robot of robots) robotsPerStation[robot.station]++;
  const chargersOf = (station: number) => params.chargers ?? Math.max(1, robotsPerStation[station]);

  const pos = Int32Array.from(robots, (robot) => robot.startCell);
  const next = new Int32Array(n).fill(-1);
  const goal = new Int32Array(n);
  const mode = new Uint8Array(n);
  const phase = new Uint8Array(n);
  const workIndex = new Int32Array(n);
  const used = new Float64Array(n);
  const handlingLeft = new Int32Array(n);
  const afterHandling = new Uint8Array(n);
  const chargeEnd = new Int32Array(n);
  const chargeIsExtra = new Uint8Array(n);
  const priority = new Float64Array(n);
  const bestDistance = new Int32Array(n);
  const sinceProgress = new Int32Array(n);
  const stuck = new Uint8Array(n);
  const tight = new Uint8Array(n);
  const finished = new Uint8Array(n);
  const field: Int32Array[] = new Array(n);
  const outcome: ExecutedRobot[] = robots.map((robot) => ({
    timeline: [],
    deliveries: [],
    charges: [],
    waitingSteps: 0,
    queuedSteps: 0,
    distance: 0,
    finishStep: 0,
    extraCharges: 0,
  }));
  const writers = robots.map((robot) => new TimelineWriter(0, floor.x(robot.startCell), floor.y(robot.startCell)));
  const waitSteps = new Float64Array(floor.cellCount);
  const queueStepsByStation = new Float64Array(stationCount);
  const stuckSteps = floor.width + floor.height + 4;
  const failSteps = 10 * (floor.width + floor.height) + 500;
  let deadlocksResolved = 0;
  let finishedCount = 0;
  let deliveriesDone = 0;
  const deliveriesTotal = robots.reduce((sum, robot) => sum + robot.work.filter((item) => item.kind === 'delivery').length, 0);

  // Occupancy. `occupant[cell]`: the active robot standing there, unless the cell is its own
  // station (robots at their own station are tracked per station, several at once).
  const occupant = new Int32Array(floor.cellCount).fill(-1);
  const reservedBy = new Int32Array(floor.cellCount).fill(-1);
  const atDepot: number[][] = Array.from({ length: stationCount }, () => []);
  const parkedAt = new Int32Array(stationCount);
  const enteringDepot = new Int32Array(stationCount);
  const queues: number[][] = Array.from({ length: stationCount }, () => []);
  const charging = new Int32Array(stationCount);

  const isHome = (robot: number, cell: number) => cell === robots[robot].homeCell;
  const stand = (robot: number, cell: number) => {
    if (isHome(robot, cell)) atDepot[robots[robot].station].push(robot);
    else occupant[cell] = robot;
  };
  const leave = (robot: number, cell: number) => {
    if (isHome(robot, cell)) {
      const list = atDepot[robots[robot].station];
      list.splice(list.indexOf(robot), 1);
    } else if (occupant[cell] === robot) occupant[cell] = -1;
  };
  const park = (robot: number) => {
    leave(robot, pos[robot]);
    parkedAt[robots[robot].station]++;
  };
  const unpark = (robot: number) => {
    parkedAt[robots[robot].station]--;
    stand(robot, pos[robot]);
  };

  const setGoal = (robot: number, cell: number, newPhase: Phase) => {
    goal[robot] = cell;
    phase[robot] = newPhase;
    mode[robot] = Mode.Moving;
    tight[robot] = 0;
    field[robot] = floor.distanceField(cell);
    bestDistance[robot] = field[robot][pos[robot]];
    if (bestDistance[robot] >= UNREACHABLE) {
      throw new SimulationError(`Robot ${robots[robot].id} cannot get from ${floor.describe(pos[robot])} to ${floor.describe(cell)}: shelves and stations wall it off`);
    }
    sinceProgress[robot] = 0;
    priority[robot] = robot / n;
  };

  const markFinished = (robot: number, step: number) => {
    finished[robot] = 1;
    finishedCount++;
    outcome[robot].finishStep = step;
  };

  const goCharge = (robot: number, step: number, extra: boolean) => {
    chargeIsExtra[robot] = extra ? 1 : 0;
    if (extra) outcome[robot].extraCharges++;
    setGoal(robot, robots[robot].homeCell, Phase.ToCharge);
    if (pos[robot] === goal[robot]) arrive(robot, step);
  };

  const startNextWork = (robot: number, step: number) => {
    const { work } = robots[robot];
    if (workIndex[robot] >= work.length) {
      if (!finished[robot]) markFinished(robot, step);
      setGoal(robot, robots[robot].homeCell, Phase.ToHome);
      if (pos[robot] === goal[robot]) arrive(robot, step);
      return;
    }
    const item = work[workIndex[robot]];
    if (item.kind === 'charge') {
      goCharge(robot, step, false);
      return;
    }
    const decision = decideCharge(floor, robots[robot].id, pos[robot], robots[robot].homeCell, used[robot], params.maxDistance, item, params.reserveScale);
    if (decision === 'charge-first') {
      goCharge(robot, step, true);
      return;
    }
    setGoal(robot, item.pickupCell, Phase.ToPickup);
    if (pos[robot] === goal[robot]) arrive(robot, step);
  };

  const finishHandling = (robot: number, step: number) => {
    const item = robots[robot].work[workIndex[robot]];
    if (item.kind !== 'delivery') return;
    if (afterHandling[robot] === Phase.ToPickup) {
      setGoal(robot, item.dropoffCell, Phase.ToDropoff);
      if (pos[robot] === goal[robot]) arrive(robot, step);
    } else {
      workIndex[robot]++;
      startNextWork(robot, step);
    }
  };

  const handleOrContinue = (robot: number, step: number, at: Phase) => {
    afterHandling[robot] = at;
    if (handlingSteps > 0) {
      mode[robot] = Mode.Handling;
      handlingLeft[robot] = handlingSteps;
    } else finishHandling(robot, step);
  };

  function arrive(robot: number, step: number): void {
    switch (phase[robot] as Phase) {
      case Phase.ToPickup:
        handleOrContinue(robot, step, Phase.ToPickup);
        return;
      case Phase.ToDropoff: {
        const item = robots[robot].work[workIndex[robot]] as Extract<RobotWork['work'][number], { kind: 'delivery' }>;
        outcome[robot].deliveries.push({ pickup: item.pickup, dropoff: item.dropoff, doneStep: step });
        deliveriesDone++;
        handleOrContinue(robot, step, Phase.ToDropoff);
        return;
      }
      case Phase.ToCharge:
        mode[robot] = Mode.Queued;
        park(robot);
        outcome[robot].charges.push({ arriveStep: step, startStep: -1, endStep: -1 });
        queues[robots[robot].station].push(robot);
        return;
      case Phase.ToHome:
        mode[robot] = Mode.Parked;
        park(robot);
        return;
    }
  }

  const startQueuedCharges = (step: number) => {
    for (let station = 0; station < stationCount; station++) {
      const queue = queues[station];
      while (queue.length > 0 && charging[station] < chargersOf(station)) {
        const robot = queue.shift()!;
        charging[station]++;
        mode[robot] = Mode.Charging;
        chargeEnd[robot] = step + chargeSteps;
        const charge = outcome[robot].charges[outcome[robot].charges.length - 1];
        charge.startStep = step;
        charge.endStep = step + chargeSteps;
        if (chargeSteps === 0) endCharge(robot, step);
      }
    }
  };

  function endCharge(robot: number, step: number): void {
    charging[robots[robot].station]--;
    used[robot] = 0;
    unpark(robot);
    mode[robot] = Mode.Moving;
    if (!chargeIsExtra[robot]) workIndex[robot]++;
    startNextWork(robot, step);
  }

  // Who may step onto `cell` next step.
  const canEnter = (robot: number, cell: number): boolean => {
    if (reservedBy[cell] !== -1 && reservedBy[cell] !== robot) return false;
    const station = floor.stationAt[cell];
    return station < 0 || station === robots[robot].station;
  };
  // Would robot moving from -> to swap places with someone moving to -> from?
  const swaps = (from: number, to: number): boolean => {
    const other = occupant[to];
    if (other !== -1 && next[other] === from) return true;
    const station = floor.stationAt[to];
    if (station >= 0) for (const robot of atDepot[station]) if (next[robot] === from) return true;
    return false;
  };
  const reserve = (robot: number, cell: number) => {
    next[robot] = cell;
    if (isHome(robot, cell)) enteringDepot[robots[robot].station]++;
    else reservedBy[cell] = robot;
  };
  const release = (robot: number, cell: number) => {
    if (isHome(robot, cell)) enteringDepot[robots[robot].station]--;
    else if (reservedBy[cell] === robot) reservedBy[cell] = -1;
  };

  /** Metres the robot must still drive before it can next charge, along shortest walks. */
  const metresStillNeeded = (robot: number): number => {
    const home = robots[robot].homeCell;
    const item = robots[robot].work[workIndex[robot]];
    if (phase[robot] === Phase.ToPickup && item?.kind === 'delivery') {
      return floor.distance(pos[robot], item.pickupCell) + floor.distance(item.pickupCell, item.dropoffCell) + floor.distance(item.dropoffCell, home);
    }
    if (phase[robot] === Phase.ToDropoff && item?.kind === 'delivery') {
      return floor.distance(pos[robot], item.dropoffCell) + floor.distance(item.dropoffCell, home);
    }
    return floor.distance(pos[robot], home);
  };

  const candidates = new Int32Array(5);
  const keys = new Float64Array(5);
  function pibt(robot: number): boolean {
    const from = pos[robot];
    const distance = field[robot];
    let count = 0;
    for (let k = -1; k < 4; k++) {
      const cell = k < 0 ? from : floor.neighbours[from * 4 + k];
      if (cell < 0) continue;
      // A robot with no charge to spare only waits or moves closer: it cannot afford a detour.
      // It also waits two cells out while another robot stands on its goal, so the cells around
      // the goal stay free for that robot to leave (tight robots never step aside).
      if (tight[robot] && cell !== from && (distance[cell] > distance[from] || (distance[cell] === 1 && occupant[goal[robot]] !== -1))) continue;
      // Closer to the goal first; among equals a free cell, then a seeded coin.
      keys[count] = distance[cell] * 4 + (occupant[cell] !== -1 ? 2 : 0) + options.random();
      candidates[count++] = cell;
    }
    const order = [0, 1, 2, 3, 4].slice(0, count).sort((a, b) => keys[a] - keys[b]);
    const cells = order.map((index) => candidates[index]);
    for (const cell of cells) {
      if (!canEnter(robot, cell)) continue;
      if (cell !== from && swaps(from, cell)) continue;
      reserve(robot, cell);
      if (cell === from) return true;
      const other = occupant[cell];
      if (other !== -1 && other !== robot && next[other] === -1 && !pibt(other)) {
        release(robot, cell);
        continue;
      }
      return true;
    }
    // Nowhere to go: stay, which tells whoever pushed to look elsewhere.
    next[robot] = from;
    if (isHome(robot, from)) enteringDepot[robots[robot].station]++;
    else reservedBy[from] = robot;
    return false;
  }

  for (let robot = 0; robot < n; robot++) {
    stand(robot, pos[robot]);
    if (robots[robot].work.length === 0) {
      markFinished(robot, 0);
      if (isHome(robot, pos[robot])) {
        mode[robot] = Mode.Parked;
        park(robot);
        continue;
      }
    }
    startNextWork(robot, 0);
  }

  const active: number[] = [];
  let step = 0;
  for (; finishedCount < n; step++) {
    if (step % POLL_EVERY_STEPS === 0) {
      if (options.shouldStop?.()) throw new SimulationCancelledError();
      options.onProgress?.(deliveriesTotal === 0 ? 1 : deliveriesDone / deliveriesTotal);
    }
    if (step > options.stepBudget) throw stuckError(step);
    // Events at this step: charges that end, queues that move, handling that ends.
    for (let robot = 0; robot < n; robot++) {
      if (mode[robot] === Mode.Charging && chargeEnd[robot] === step) endCharge(robot, step);
    }
    startQueuedCharges(step);
    for (let robot = 0; robot < n; robot++) {
      if (mode[robot] === Mode.Handling && handlingLeft[robot] === 0) {
        mode[robot] = Mode.Moving;
        finishHandling(robot, step);
      }
    }
    if (finishedCount >= n) break;

    // Plan the moves of step -> step + 1.
    active.length = 0;
    for (let robot = 0; robot < n; robot++) {
      if (mode[robot] === Mode.Moving || mode[robot] === Mode.Handling) active.push(robot);
    }
    for (const robot of active) {
      if (mode[robot] === Mode.Handling) reserve(robot, pos[robot]);
    }
    active.sort((a, b) => priority[b] - priority[a]);
    for (const robot of active) if (next[robot] === -1) pibt(robot);

    // Apply them.
    for (const robot of active) leave(robot, pos[robot]);
    for (const robot of active) {
      const from = pos[robot];
      const to = next[robot];
      release(robot, to);
      stand(robot, to);
      next[robot] = -1;
      if (to !== from) {
        pos[robot] = to;
        used[robot] += 1;
        outcome[robot].distance += 1;
      } else if (mode[robot] === Mode.Moving && phase[robot] !== Phase.ToHome) {
        outcome[robot].waitingSteps++;
        waitSteps[from]++;
      }
      if (mode[robot] === Mode.Handling) handlingLeft[robot]--;
    }
    for (let station = 0; station < stationCount; station++) {
      for (const robot of queues[station]) {
        outcome[robot].queuedSteps++;
        outcome[robot].waitingSteps++;
        waitSteps[robots[robot].homeCell]++;
        queueStepsByStation[station]++;
      }
    }
    const arrived = step + 1;
    for (let robot = 0; robot < n; robot++) writers[robot].record(arrived, floor.x(pos[robot]), floor.y(pos[robot]));
    for (const robot of active) {
      if (mode[robot] !== Mode.Moving) continue;
      const slack = params.maxDistance - used[robot] - metresStillNeeded(robot);
      tight[robot] = slack < TIGHT_SLACK_M ? 1 : 0;
      // Short of charge: it outranks every robot with more to spare, so nobody pushes it off its
      // shortest walk (the least slack ranks first), and it spends no more than it must.
      if (slack < URGENT_SLACK_M + 0.2 * metresStillNeeded(robot)) priority[robot] = URGENT_PRIORITY - slack * 1000 + robot / n;
      if (phase[robot] === Phase.ToHome) {
        // Its work is done: it yields to everyone and never holds the run up.
        if (pos[robot] === goal[robot]) arrive(robot, arrived);
        continue;
      }
      const distance = field[robot][pos[robot]];
      if (distance < bestDistance[robot]) {
        bestDistance[robot] = distance;
        sinceProgress[robot] = 0;
        if (stuck[robot]) {
          stuck[robot] = 0;
          deadlocksResolved++;
        }
      } else if (++sinceProgress[robot] % stuckSteps === 0 && sinceProgress[robot] <= failSteps) {
        // Each period without progress draws a new boost: two robots stuck on each other (one in a
        // dead end, one at its mouth) get a fresh coin for who goes first, until the right one does.
        stuck[robot] = 1;
        priority[robot] = STUCK_BOOST * (sinceProgress[robot] / stuckSteps + options.random());
      } else if (sinceProgress[robot] > failSteps) {
        throw stuckError(arrived, robot);
      }
      if (pos[robot] === goal[robot]) arrive(robot, arrived);
      else priority[robot] += 1;
    }
  }

  function stuckError(at: number, culprit?: number): TrafficJamError {
    const describe = (robot: number) => `${robots[robot].id} at ${floor.describe(pos[robot])} heading for ${floor.describe(goal[robot])}`;
    const blocked = culprit === undefined ? [] : [describe(culprit)];
    for (const cell of culprit === undefined ? [] : [0, 1, 2, 3].map((k) => floor.neighbours[pos[culprit] * 4 + k])) {
      if (cell >= 0 && occupant[cell] >= 0) blocked.push(describe(occupant[cell]));
    }
    for (let robot = 0; robot < n && blocked.length < 5; robot++) {
      if (!finished[robot] && robot !== culprit) blocked.push(describe(robot));
    }
    return new TrafficJamError(
      `The robots cannot get past each other after ${at} steps: ${blocked.join('; ')}${finishedCount < n - blocked.length ? ' and others' : ''}`,
    );
  }

  options.onProgress?.(1);
  return {
    robots: outcome.map((robot, index) => ({ ...robot, timeline: writers[index].finish() })),
    waitSteps,
    queueStepsByStation,
    steps: step,
    deadlocksResolved,
  };
}
