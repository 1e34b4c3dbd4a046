import {
  type ExecutionRecord,
  type Floor,
  type FloorParameters,
  MOTION_SEGMENT_LENGTH,
  motionStateValues,
  quarterTurns,
  type RobotWork,
} from '@fleetlab/warehouse';

/** Metres a segment's end may miss the next one's start by: positions, speeds and times are recorded to 3 decimals. */
const POSITION_TOLERANCE_M = 0.02;
const SPEED_TOLERANCE = 0.005;
/** Seconds two holdings of a cell may seem to overlap by through rounding. */
const TIME_TOLERANCE_S = 0.01;

const STATE = Object.fromEntries(motionStateValues.map((name, index) => [name, index])) as Record<
  (typeof motionStateValues)[number],
  number
>;

/** A robot's centre reaching a cell's centre. */
interface Entry {
  cell: number;
  t: number;
  /** When it set out from the cell before (it drove the edge between from then until `t`). */
  departed: number;
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
  const holdings: { robot: string; cell: number; from: number; to: number }[] = [];
  const traversals = new Map<number, { robot: string; forward: boolean; from: number; to: number }[]>();
  for (const robot of robots) {
    const record = execution.robots[robot.id];
    if (!record) continue;
    const read = checkRobotMotion(floor, robot, parameters, record.motion, report);
    if (!read) continue;
    const { entries } = read;
    checkTimelineAgrees(floor, robot, execution, read, report);
    entries.forEach((entry, k) => {
      const next = entries[k + 1];
      const to = next ? next.t : Infinity;
      if (floor.stationAt[entry.cell] < 0) holdings.push({ robot: robot.id, cell: entry.cell, from: entry.t, to });
      if (next) {
        const low = Math.min(entry.cell, next.cell);
        const key = low * floor.cellCount + Math.max(entry.cell, next.cell);
        const list = traversals.get(key) ?? [];
        traversals.set(key, list);
        list.push({ robot: robot.id, forward: entry.cell === low, from: next.departed, to: next.t });
      }
    });
  }
  holdings.sort((a, b) => a.cell - b.cell || a.from - b.from);
  for (let k = 1; k < holdings.length; k++) {
    const [before, after] = [holdings[k - 1], holdings[k]];
    if (before.cell === after.cell && after.from < before.to - TIME_TOLERANCE_S) {
      report(
        `Robots ${before.robot} and ${after.robot} both hold ${floor.describe(after.cell)}: ${after.robot} reaches it at ${after.from.toFixed(3)} s, ${before.to === Infinity ? `where ${before.robot} stands from ${before.from.toFixed(3)} s on` : `before ${before.robot} leaves it at ${before.to.toFixed(3)} s`}`,
      );
    }
  }
  for (const [key, list] of traversals) {
    list.sort((a, b) => a.from - b.from);
    const latestEnd = { true: -Infinity, false: -Infinity } as Record<string, number>;
    const latestRobot = { true: '', false: '' } as Record<string, string>;
    for (const drive of list) {
      const other = String(!drive.forward);
      if (latestEnd[other] > drive.from + TIME_TOLERANCE_S) {
        const a = Math.floor(key / floor.cellCount);
        const b = key % floor.cellCount;
        report(
          `Robots ${latestRobot[other]} and ${drive.robot} drive between ${floor.describe(a)} and ${floor.describe(b)} in opposite directions at once (around ${drive.from.toFixed(3)} s)`,
        );
        break;
      }
      if (drive.to > latestEnd[String(drive.forward)]) {
        latestEnd[String(drive.forward)] = drive.to;
        latestRobot[String(drive.forward)] = drive.robot;
      }
    }
  }
}

/** A robot's motion read: the cells its centre reaches, and the metres it has driven at any time. */
interface MotionRead {
  entries: Entry[];
  driven: (t: number) => number;
}

/** One robot's segments; returns the cells its centre reaches and when (null when the motion is unreadable). */
function checkRobotMotion(
  floor: Floor,
  robot: RobotWork,
  parameters: FloorParameters,
  motion: readonly number[] | undefined,
  report: (message: string) => void,
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
  const entries: Entry[] = [{ cell: robot.startCell, t: 0, departed: 0 }];
  // When the robot last set out from the cell it last reached (it drives the edge to the next one from then).
  let departed = 0;
  // Per segment: its start, the metres driven before it, its speed and acceleration.
  const pieces: [number, number, number, number][] = [];
  for (let k = 0; k < motion.length; k += L) {
    const [t, x, y, headingDeg, v, a, state] = motion.slice(k, k + L);
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
    const [, nx, ny, nextHeading, nv] = motion.slice(k + L, k + 2 * L);
    const heading = headingDeg / 90;
    const [dx, dy] = [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ][heading];
    const along = v * dt + (a * dt * dt) / 2;
    // Metres driven so far: one a cell reached, plus how far past the last one the segment starts
    // (anchored at each cell, so the record's rounding does not add up over a day).
    const lastReached = entries[entries.length - 1].cell;
    const past = (x - floor.x(lastReached)) * dx + (y - floor.y(lastReached)) * dy;
    pieces.push([t, entries.length - 1 + Math.max(0, past), v, a]);
    const [ex, ey] = [x + dx * along, y + dy * along];
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
      const previousCell = entries[entries.length - 1].cell;
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
        const previous = entries[entries.length - 1].cell;
        const [cx, cy] = dx !== 0 ? [n, floor.y(previous)] : [floor.x(previous), n];
        const cell = cx >= 0 && cy >= 0 && cx < floor.width && cy < floor.height ? floor.cellAt(cx, cy) : -1;
        if (cell < 0 || floor.blocked[cell]) return fail(k, `drives onto (${cx}, ${cy}), which is not free floor`);
        if (![0, 1, 2, 3].some((d) => floor.neighbours[previous * 4 + d] === cell))
          return fail(
            k,
            `drives from ${floor.describe(previous)} to ${floor.describe(cell)}, not a move the floor allows (a neighbour, along one-way aisles)`,
          );
        const station = floor.stationAt[cell];
        if (station >= 0 && station !== robot.station)
          return fail(k, `enters station ${floor.stationIds[station]}'s cell, which only that station's robots may`);
        entries.push({ cell, t: t + tau, departed });
        departed = t + tau;
      }
    }
  }
  const driven = (time: number) => {
    let lo = 0;
    let hi = pieces.length - 1;
    if (hi < 0 || time <= pieces[0][0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pieces[mid][0] <= time) lo = mid;
      else hi = mid - 1;
    }
    const [start, before, v, a] = pieces[lo];
    const tau = lo + 1 < pieces.length ? Math.min(time - start, pieces[lo + 1][0] - start) : time - start;
    return lo + 1 < pieces.length || v !== 0 || a !== 0 ? before + v * tau + (a * tau * tau) / 2 : before;
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
    const [step, x, y] = [timeline[3 * k], timeline[3 * k + 1], timeline[3 * k + 2]];
    const entry = entries[k];
    const late = k > 0 && driven(step * stepS) < k - POSITION_TOLERANCE_M;
    const early = k > 0 && driven((step - 1) * stepS) > k + POSITION_TOLERANCE_M;
    if (floor.cellAt(x, y) !== entry.cell || late || early) {
      report(
        `Robot ${robot.id}'s timeline has (${x}, ${y}) at step ${step}; its motion reaches ${floor.describe(entry.cell)} at ${entry.t.toFixed(3)} s`,
      );
      return;
    }
  }
}
