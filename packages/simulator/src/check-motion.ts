import {
  type ExecutionRecord,
  type Floor,
  type FloorParameters,
  MOTION_SEGMENT_LENGTH,
  motionStateValues,
  quarterTurns,
  type RobotWork,
} from '@fleetlab/warehouse';
import { bucketed, sortByKey } from './buckets.ts';

/** Metres a segment's end may miss the next one's start by: positions, speeds and times are recorded to 3 decimals. */
const POSITION_TOLERANCE_M = 0.02;
const SPEED_TOLERANCE = 0.005;
/** Seconds two holdings of a cell may seem to overlap by through rounding. */
const TIME_TOLERANCE_S = 0.01;

const STATE = Object.fromEntries(motionStateValues.map((name, index) => [name, index])) as Record<
  (typeof motionStateValues)[number],
  number
>;

/** Unit steps of the headings 0°, 90°, 180° and 270°. */
const DIRECTION_X = [1, 0, -1, 0];
const DIRECTION_Y = [0, 1, 0, -1];

/** The cells a robot's centre reaches, in order: a day of one holds hundreds of thousands, kept in typed arrays. */
class Entries {
  cell = new Int32Array(64);
  /** When its centre reaches the cell's centre. */
  t = new Float64Array(64);
  /** When it set out from the cell before (it drove the edge between from then until `t`). */
  departed = new Float64Array(64);
  length = 0;

  push(cell: number, t: number, departed: number): void {
    if (this.length === this.cell.length) {
      const grow = <T extends Int32Array | Float64Array>(from: T, to: T) => {
        to.set(from);
        return to;
      };
      this.cell = grow(this.cell, new Int32Array(this.length * 2));
      this.t = grow(this.t, new Float64Array(this.length * 2));
      this.departed = grow(this.departed, new Float64Array(this.length * 2));
    }
    this.cell[this.length] = cell;
    this.t[this.length] = t;
    this.departed[this.length] = departed;
    this.length++;
  }

  get lastCell(): number {
    return this.cell[this.length - 1];
  }
}

/**
 * The motion of an execution by robots with acceleration and turns, from the record alone: each
 * robot's `motion` segments are continuous (each ends where and at the speed the next starts),
 * never above the model's top speed, accelerating within its acceleration and braking within its
 * braking, standing still while turning, a turn lasting quarter_turn_s per quarter, the heading
 * changing only by a turn, and moving only along free floor neighbours (one-way aisles and other
 * stations' cells included), ending at a standstill; the timeline's cells are those the motion
 * reaches. Then occupancy: a robot holds a cell from when its centre reaches the cell's centre
 * until it reaches the next cell's; two robots' holdings of one cell never overlap (station
 * cells are depots and exempt), and no two robots drive one edge in opposite directions at
 * overlapping times.
 */
export function checkMotion(
  floor: Floor,
  robots: readonly RobotWork[],
  parameters: FloorParameters,
  execution: ExecutionRecord,
  report: (message: string) => void,
): void {
  // Every robot's cells first, then holdings and drives in typed arrays sized to them (a day holds
  // millions), grouped by cell and by edge with a counting sort.
  // One buffer for every robot's segments, grown as needed: a day's motion is millions of them.
  const scratch = { pieces: new Float64Array(0) };
  const reads: (Entries | null)[] = robots.map((robot) => {
    const record = execution.robots[robot.id];
    if (!record) return null;
    const read = checkRobotMotion(floor, robot, parameters, record.motion, report, scratch);
    if (!read) return null;
    checkTimelineAgrees(floor, robot, execution, read, report);
    return read.entries;
  });
  let total = 0;
  for (const entries of reads) total += entries?.length ?? 0;
  const holdingCell = new Int32Array(total);
  const holdingFrom = new Float64Array(total);
  const holdingTo = new Float64Array(total);
  const holdingRobot = new Int32Array(total);
  // Drives along each edge (keyed by its lower cell and whether it runs along y).
  const drives = {
    edge: new Int32Array(total),
    forward: new Uint8Array(total),
    from: new Float64Array(total),
    to: new Float64Array(total),
    robot: new Int32Array(total),
  };
  let holdings = 0;
  let driveCount = 0;
  reads.forEach((entries, r) => {
    if (!entries) return;
    for (let k = 0; k < entries.length; k++) {
      const cell = entries.cell[k];
      const last = k + 1 === entries.length;
      if (floor.stationAt[cell] < 0) {
        holdingCell[holdings] = cell;
        holdingFrom[holdings] = entries.t[k];
        holdingTo[holdings] = last ? Infinity : entries.t[k + 1];
        holdingRobot[holdings++] = r;
      }
      if (!last) {
        const next = entries.cell[k + 1];
        const low = Math.min(cell, next);
        drives.edge[driveCount] = low * 2 + (floor.y(cell) !== floor.y(next) ? 1 : 0);
        drives.forward[driveCount] = cell === low ? 1 : 0;
        drives.from[driveCount] = entries.departed[k + 1];
        drives.to[driveCount] = entries.t[k + 1];
        drives.robot[driveCount++] = r;
      }
    }
  });
  const { offsets, order } = bucketed(holdingCell.subarray(0, holdings), floor.cellCount);
  for (let cell = 0; cell < floor.cellCount; cell++) {
    const bucket = order.subarray(offsets[cell], offsets[cell + 1]);
    if (bucket.length < 2) continue;
    sortByKey(bucket, holdingFrom);
    for (let k = 1; k < bucket.length; k++) {
      const before = bucket[k - 1];
      const after = bucket[k];
      if (holdingFrom[after] < holdingTo[before] - TIME_TOLERANCE_S) {
        const [first, second] = [robots[holdingRobot[before]].id, robots[holdingRobot[after]].id];
        report(
          `Robots ${first} and ${second} both hold ${floor.describe(cell)}: ${second} reaches it at ${holdingFrom[after].toFixed(3)} s, ${holdingTo[before] === Infinity ? `where ${first} stands from ${holdingFrom[before].toFixed(3)} s on` : `before ${first} leaves it at ${holdingTo[before].toFixed(3)} s`}`,
        );
      }
    }
  }
  const byEdge = bucketed(drives.edge.subarray(0, driveCount), floor.cellCount * 2);
  for (let edge = 0; edge < floor.cellCount * 2; edge++) {
    const list = byEdge.order.subarray(byEdge.offsets[edge], byEdge.offsets[edge + 1]);
    if (list.length < 2) continue;
    sortByKey(list, drives.from);
    // The latest end of a drive each way so far, and whose.
    const latestEnd = [-Infinity, -Infinity];
    const latestRobot = [-1, -1];
    for (const drive of list) {
      const way = drives.forward[drive];
      if (latestEnd[1 - way] > drives.from[drive] + TIME_TOLERANCE_S) {
        const a = edge >> 1;
        const b = edge & 1 ? floor.cellAt(floor.x(a), floor.y(a) + 1) : a + 1;
        report(
          `Robots ${robots[latestRobot[1 - way]].id} and ${robots[drives.robot[drive]].id} drive between ${floor.describe(a)} and ${floor.describe(b)} in opposite directions at once (around ${drives.from[drive].toFixed(3)} s)`,
        );
        break;
      }
      if (drives.to[drive] > latestEnd[way]) {
        latestEnd[way] = drives.to[drive];
        latestRobot[way] = drives.robot[drive];
      }
    }
  }
}

/** A robot's motion read: the cells its centre reaches, and the metres it has driven at any time (until the next robot's read: its segments are in a shared buffer). */
interface MotionRead {
  entries: Entries;
  driven: (t: number) => number;
}

/** One robot's segments; returns the cells its centre reaches and when (null when the motion is unreadable). */
function checkRobotMotion(
  floor: Floor,
  robot: RobotWork,
  parameters: FloorParameters,
  motion: readonly number[] | undefined,
  report: (message: string) => void,
  scratch: { pieces: Float64Array },
): MotionRead | null {
  const model = parameters.robotModel;
  const L = MOTION_SEGMENT_LENGTH;
  if (!motion || motion.length === 0 || motion.length % L !== 0) {
    report(`Robot ${robot.id} has no motion of whole ${L}-number segments`);
    return null;
  }
  const fail = (k: number, message: string) => {
    report(`Robot ${robot.id} motion segment ${k / L + 1} (${motion[k]} s): ${message}`);
    return null;
  };
  if (motion[0] !== 0 || motion[1] !== floor.x(robot.startCell) || motion[2] !== floor.y(robot.startCell))
    return fail(
      0,
      `starts at (${motion[1]}, ${motion[2]}) at ${motion[0]} s, not at its place ${floor.describe(robot.startCell)} at 0 s`,
    );
  const entries = new Entries();
  entries.push(robot.startCell, 0, 0);
  // When the robot last set out from the cell it last reached (it drives the edge to the next one from then).
  let departed = 0;
  // Per segment: its start, the metres driven before it, its speed and acceleration.
  if (scratch.pieces.length < (motion.length / L) * 4) scratch.pieces = new Float64Array((motion.length / L) * 4);
  const pieces = scratch.pieces;
  let pieceCount = 0;
  for (let k = 0; k < motion.length; k += L) {
    const t = motion[k];
    const x = motion[k + 1];
    const y = motion[k + 2];
    const headingDeg = motion[k + 3];
    const v = motion[k + 4];
    const a = motion[k + 5];
    const state = motion[k + 6];
    const last = k + L >= motion.length;
    const nextT = last ? t : motion[k + L];
    const dt = nextT - t;
    if (!last && !(dt > 0)) return fail(k, `the next segment starts at ${nextT} s, not after it`);
    if (headingDeg % 90 !== 0 || headingDeg < 0 || headingDeg >= 360)
      return fail(k, `heading ${headingDeg}° is not one of 0, 90, 180, 270`);
    if (!Number.isInteger(state) || state < 0 || state >= motionStateValues.length)
      return fail(k, `state ${state} is not a motion state`);
    if (v < -SPEED_TOLERANCE || v > model.topSpeed + SPEED_TOLERANCE)
      return fail(k, `speed ${v} m/s is outside 0-${model.topSpeed} m/s (the model's top speed)`);
    const endV = v + a * dt;
    if (endV < -SPEED_TOLERANCE || endV > model.topSpeed + SPEED_TOLERANCE)
      return fail(k, `speed reaches ${endV.toFixed(3)} m/s, outside 0-${model.topSpeed} m/s (the model's top speed)`);
    if (a > model.acceleration + 1e-6)
      return fail(k, `accelerates at ${a} m/s², above the model's ${model.acceleration} m/s²`);
    if (a < -model.braking - 1e-6) return fail(k, `brakes at ${-a} m/s², above the model's ${model.braking} m/s²`);
    const expectedSign = state === STATE.accelerating ? 1 : state === STATE.decelerating ? -1 : 0;
    if (Math.sign(a) !== expectedSign) return fail(k, `${motionStateValues[state]} with acceleration ${a} m/s²`);
    if ((state === STATE.stopped || state === STATE.turning) && v !== 0)
      return fail(k, `${motionStateValues[state]} at ${v} m/s: a robot stands still while ${motionStateValues[state]}`);
    if (state === STATE.stopped || state === STATE.turning) departed = nextT;
    if (last) {
      if (state !== STATE.stopped)
        return fail(k, `the last segment is ${motionStateValues[state]}: a robot ends standing`);
      break;
    }
    const nx = motion[k + L + 1];
    const ny = motion[k + L + 2];
    const nextHeading = motion[k + L + 3];
    const nv = motion[k + L + 4];
    const heading = headingDeg / 90;
    const dx = DIRECTION_X[heading];
    const dy = DIRECTION_Y[heading];
    const along = v * dt + (a * dt * dt) / 2;
    // Metres driven so far: one a cell reached, plus how far past the last one the segment starts
    // (anchored at each cell, so the record's rounding does not add up over a day).
    const lastReached = entries.lastCell;
    const past = (x - floor.x(lastReached)) * dx + (y - floor.y(lastReached)) * dy;
    pieces[pieceCount * 4] = t;
    pieces[pieceCount * 4 + 1] = entries.length - 1 + Math.max(0, past);
    pieces[pieceCount * 4 + 2] = v;
    pieces[pieceCount * 4 + 3] = a;
    pieceCount++;
    const ex = x + dx * along;
    const ey = y + dy * along;
    if (Math.abs(ex - nx) > POSITION_TOLERANCE_M || Math.abs(ey - ny) > POSITION_TOLERANCE_M)
      return fail(k, `ends at (${ex.toFixed(3)}, ${ey.toFixed(3)}) but the next segment starts at (${nx}, ${ny})`);
    // Times are rounded to 1 ms: the end speed is off by up to the acceleration times that.
    if (Math.abs(endV - nv) > SPEED_TOLERANCE + Math.abs(a) * 1e-3)
      return fail(k, `ends at ${endV.toFixed(3)} m/s but the next segment starts at ${nv} m/s`);
    if (nextHeading !== headingDeg) {
      const turns = quarterTurns(heading, nextHeading / 90);
      if (state === STATE.turning) {
        if (Math.abs(dt - turns * model.quarterTurnS) > 2e-3)
          return fail(
            k,
            `turns ${turns} quarter${turns === 1 ? '' : 's'} in ${dt.toFixed(3)} s; the model takes ${model.quarterTurnS} s a quarter`,
          );
      } else if (model.quarterTurnS > 0 || Math.abs(nv) > SPEED_TOLERANCE || Math.abs(endV) > SPEED_TOLERANCE)
        return fail(k, `the heading changes from ${headingDeg}° to ${nextHeading}° without a turn in place`);
    } else if (state === STATE.turning && dt > 1e-3) return fail(k, `turns without changing its heading`);
    // The cell centres the segment reaches, in order, from the last one reached.
    if (along > 0) {
      const start = dx !== 0 ? x : y;
      const sign = dx + dy;
      const previousCell = entries.lastCell;
      const across = dx !== 0 ? y - floor.y(previousCell) : x - floor.x(previousCell);
      if (Math.abs(across) > POSITION_TOLERANCE_M)
        return fail(k, `drives off the row or column of ${floor.describe(previousCell)}, the last cell it reached`);
      const end = start + sign * along;
      // A segment that ends at a standstill ends on a cell centre (up to rounding); one that ends
      // moving reaches the centres up to its end.
      const stops = Math.abs(endV) <= SPEED_TOLERANCE;
      const reach = stops ? POSITION_TOLERANCE_M : 1e-6;
      for (
        let n = (dx !== 0 ? floor.x(previousCell) : floor.y(previousCell)) + sign;
        sign > 0 ? n <= end + reach : n >= end - reach;
        n += sign
      ) {
        const gap = Math.max(0, Math.min(along, Math.abs(n - start)));
        const root = Math.sqrt(Math.max(0, v * v + 2 * a * gap));
        // A centre at the segment's end is reached at its end (near a stop the root is ill-conditioned).
        const atEnd = Math.abs(n - end) <= reach;
        const tau = atEnd || v + root <= 0 ? dt : Math.min(dt, (2 * gap) / (v + root));
        const previous = entries.lastCell;
        const cx = dx !== 0 ? n : floor.x(previous);
        const cy = dx !== 0 ? floor.y(previous) : n;
        const cell = cx >= 0 && cy >= 0 && cx < floor.width && cy < floor.height ? floor.cellAt(cx, cy) : -1;
        if (cell < 0 || floor.blocked[cell]) return fail(k, `drives onto (${cx}, ${cy}), which is not free floor`);
        if (!floor.allowsStep(previous, cell))
          return fail(
            k,
            `drives from ${floor.describe(previous)} to ${floor.describe(cell)}, not a move the floor allows (a neighbour, along one-way aisles)`,
          );
        const station = floor.stationAt[cell];
        if (station >= 0 && station !== robot.station)
          return fail(k, `enters station ${floor.stationIds[station]}'s cell, which only that station's robots may`);
        entries.push(cell, t + tau, departed);
        departed = t + tau;
      }
    }
  }
  const driven = (time: number) => {
    let lo = 0;
    let hi = pieceCount - 1;
    if (hi < 0 || time <= pieces[0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pieces[mid * 4] <= time) lo = mid;
      else hi = mid - 1;
    }
    const start = pieces[lo * 4];
    const before = pieces[lo * 4 + 1];
    const v = pieces[lo * 4 + 2];
    const a = pieces[lo * 4 + 3];
    const more = lo + 1 < pieceCount;
    const tau = more ? Math.min(time - start, pieces[(lo + 1) * 4] - start) : time - start;
    return more || v !== 0 || a !== 0 ? before + v * tau + (a * tau * tau) / 2 : before;
  };
  return { entries, driven };
}

/**
 * The timeline's cells are the cells the motion reaches, each at the tick its centre gets there
 * (rounded up): at that tick the robot has driven as many metres as cells, one tick earlier not
 * yet (read forward from the motion, which rounding does not disturb as a reached time near a
 * stop would be).
 */
function checkTimelineAgrees(
  floor: Floor,
  robot: RobotWork,
  execution: ExecutionRecord,
  { entries, driven }: MotionRead,
  report: (message: string) => void,
): void {
  const timeline = execution.robots[robot.id].timeline;
  const stepS = execution.step_s;
  const waypoints = timeline.length / 3;
  if (waypoints !== entries.length) {
    report(`Robot ${robot.id}'s timeline has ${waypoints} cells but its motion reaches ${entries.length}`);
    return;
  }
  for (let k = 0; k < waypoints; k++) {
    const step = timeline[3 * k];
    const x = timeline[3 * k + 1];
    const y = timeline[3 * k + 2];
    const cell = entries.cell[k];
    const reached = entries.t[k];
    const late = k > 0 && driven(step * stepS) < k - POSITION_TOLERANCE_M;
    const early = k > 0 && driven((step - 1) * stepS) > k + POSITION_TOLERANCE_M;
    if (floor.cellAt(x, y) !== cell || late || early) {
      report(
        `Robot ${robot.id}'s timeline has (${x}, ${y}) at step ${step}; its motion reaches ${floor.describe(cell)} at ${reached.toFixed(3)} s`,
      );
      return;
    }
  }
}
