import {
  ActivityWriter,
  ChargerPool,
  chargersAt,
  type Floor,
  type FloorClock,
  type FloorParameters,
  HEADING_STEPS,
  headingOfStep,
  quarterTurns,
  robotsPerStation,
  type RobotWork,
  stepsFor,
  timelineVisits,
  type ActivityKind,
} from '@fleetlab/warehouse';
import { SimulationCancelledError, SimulationError } from '../errors.ts';
import type { DockHold } from '../execution/dock-metering.ts';
import type { ExecutorOutcome } from '../execution/executor.ts';
import type { ExecutedStop, RecordedStops } from '../execution/disruptions.ts';
import { DOCK_QUEUE_REACH_CELLS } from '../execution/dock-queue.ts';
import type { ExecutedCharge, ExecutedDelivery, ExecutedRobot } from '../execution/recorder.ts';
import { MotionWriter } from './motion-writer.ts';
import { leastTimeOver, MotionState, StraightRun } from './straight-run.ts';

/** Where a robot stops on its cells: a place of its work, or the end of its day. */
interface Stop {
  index: number;
  kind: 'pickup' | 'dropoff' | 'charge' | 'end';
  delivery: number;
  /** The discrete run's step it stopped there. */
  step: number;
  /** A pickup's or dropoff's id. */
  place?: string;
  /**
   * In a shift, when its discrete self was last given work before this stop (0: never): a robot
   * standing on a pickup when an order is handed to it must not start on it any sooner, though it
   * leaves no cell to do so.
   */
  notBeforeS: number;
}

/**
 * A delay or breakdown of the discrete run: the robot stood still on cell `index` of its cells
 * for `seconds`, from discrete step `step`.
 */
interface Pause {
  index: number;
  step: number;
  seconds: number;
  kind: 'delay' | 'breakdown' | 'dock';
  /** A hold for a dropoff (`DockHold`): its cell, and how many of its visits end before the robot sets out. */
  dockCell: number;
  leftBefore: number;
}

/** What a robot does next when its own event comes. */
enum Mode {
  /** Deciding at a cell centre, standing. */
  Decide,
  Turning,
  /** Standing, its next cell not yet free. */
  Waiting,
  Running,
  /** Standing at a place until its tick comes (the leg's time rounded up to whole ticks). */
  Padding,
  /** Standing until the moment its discrete self was given the work it goes on with (a shift's dispatch). */
  Held,
  /** Standing for a delay or a breakdown. */
  Paused,
  /** Held on its cell until its dropoff's cell has seen enough visits end (`DockMetering`). */
  DockHeld,
  Handling,
  /** At its station, its arrival tick due: claims a charger then. */
  ToQueue,
  Queued,
  Charging,
  Done,
}

/** One robot in the continuous run. */
interface Mover {
  robot: number;
  cells: Int32Array;
  /** Per index of `cells`, the absolute index of its visit in the cell's order (-1: a station cell, a depot). */
  visit: Int32Array;
  stops: Stop[];
  stop: number;
  /** Its delays and breakdowns in the discrete run, in order, and the next one to stand for. */
  pauses: Pause[];
  pause: number;
  /** The stops it stood for, in ticks (the record's `delays` and `breakdowns`). */
  delays: ExecutedStop[];
  breakdowns: ExecutedStop[];
  index: number;
  heading: number;
  mode: Mode;
  /** Tick the current leg set out (its end is rounded up to whole ticks from here, as the plan's legs are). */
  legStartTick: number;
  loaded: boolean;
  /** The straight run under way: from `runFrom` to at most `runTo`, allowed as far as `authority`. */
  runFrom: number;
  runTo: number;
  authority: number;
  pieces: StraightRun;
  /** Index of the next cell centre the run reaches. */
  nextReach: number;
  /** Time the robot stopped to wait (Waiting). */
  waitingSince: number;
  /** The dock whose queue it waits in (`dockQueuedAt`, read as it stops to wait), or null. */
  waitingFor: string | null;
  /** Set while it starts a rotation's joint move (`startRotation`). */
  rotating: boolean;
  /** While it turns before a straight run: when the turn ends (-1 while it turns at a place). */
  turnEnd: number;
  /** Index of the cell it follows into or rotates into (not its own yet: no limit beyond it until it is), or -1. */
  followed: number;
  /**
   * Per index of `cells`, the moment before which the robot may not leave that cell (0: none):
   * in a shift, when its discrete self, standing there, was given the work it goes on with. Empty in a day's run.
   */
  holdUntil: Float64Array;
  // The record.
  motion: MotionWriter;
  timeline: number[];
  activities: ActivityWriter;
  deliveries: ExecutedDelivery[];
  charges: ExecutedCharge[];
  waitingS: number;
  queuedS: number;
  dockQueueS: number;
  distance: number;
  finishTick: number;
  endTick: number;
  pickupTick: number;
  pickupFrom: number;
  legFromCell: number;
  /** Tick it stood on the pickup of a delivery the discrete run had not done by its end (-1: none). */
  openPickupTick: number;
}

/** The continuous run: per robot what `ExecutedRobot` holds (in ticks) and its motion segments; the heat map and queues in seconds. */
export interface TimedRun {
  robots: (ExecutedRobot & { motion: number[]; openPickupStep: number })[];
  /** The delays and breakdowns the robots stood for, in ticks (absent: the discrete run had none). */
  disruptions?: RecordedStops;
  waitS: Float64Array;
  queueSByStation: Float64Array;
  /** Seconds robots waited in a dock's queue, per pickup or dropoff id, and per cell they stood on (of `waitS`). */
  dockQueueSByPlace: Map<string, number>;
  dockWaitS: Float64Array;
  /** Ticks until the last robot's last action ends. */
  ticks: number;
}

/** Seconds a robot granted a cell ahead of its release reaches the cell's centre after the holder's predicted release, at the least. */
const EARLY_MARGIN_S = 0.001;
/** Metres before a cell centre within which a running robot's limit moves on only once the centre is reached. */
const NEAR_CENTRE_M = 0.02;
/** Slack for comparing a moment with one computed to meet it (so a robot woken at its moment finds it met). */
const TIME_SLACK_S = 1e-9;

/**
 * A shift's discrete run, whose work was handed out as it ran: what the timing needs besides its
 * cells. A robot may not leave the cell its discrete self stood on when the dispatcher changed its
 * work (`ExecutedRobot.workGivenSteps`) before that moment, nor start on a stop there (a pickup
 * it stands on when the order is handed to it): what it does next, it did not know before. So no
 * leg of an order starts before the dispatcher gave it out, never before its release.
 */
export interface DispatchedRun {
  /** Per robot, the step it stood on the pickup of a delivery it had not done when the run ended (-1: none). */
  openPickupSteps: readonly number[];
  /** Called every few thousand events with the share of `horizonS` timed so far (at most 1). */
  onProgress?: (fraction: number) => void;
  /** Polled every few thousand events; true ends the timing with SimulationCancelledError. */
  shouldStop?: () => boolean;
  /** Seconds the progress is a share of (the shift's length). */
  horizonS: number;
}

/** Events between two looks at `DispatchedRun.shouldStop` and reports of progress. */
const WATCH_EVERY_EVENTS = 8192;

/**
 * Times a discrete run (the order robots take cells in, one cell a step at top speed) with the
 * robots' kinematics, after Hönig et al.'s action dependency graph ("Persistent and robust
 * execution of MAPF schedules in warehouses", RA-L 2019): each robot keeps its cells, stops,
 * handling and charges; a robot may reach a cell's centre only once every robot that took it
 * before it (in the discrete run) has left it, i.e. reached the centre of its next cell. Robots
 * drive with movement authority, as moving-block train signalling does: a robot accelerates,
 * cruises and brakes so that it can always stop at the last cell it may enter, and goes on when
 * that limit moves ahead. The block moves with the committed run of the robot ahead: a cell
 * counts as entered before it is left if the robot cannot reach its centre before the latest
 * time the one ahead leaves it (`grantedEarly`), so followers slow rather than stop. A robot
 * stops before every turn and turns in place; at each place it turns to the place's rest
 * heading and waits for the next whole tick (the plan rounds each leg up to ticks), then handles, queues and charges (chargers first come, first served by arrival tick).
 * A robot alone so drives exactly its plan (free flow). Station cells are depots, outside the
 * order. A rotation of the discrete run (3+ robots moving round in one step) moves as one
 * (`startRotation`); otherwise the dependencies follow the discrete run's steps, so the run always
 * ends; should it not, the robots left waiting are reported.
 */
export function timeDiscreteRun(
  floor: Floor,
  robots: readonly RobotWork[],
  parameters: FloorParameters,
  clock: FloorClock,
  discrete: ExecutorOutcome,
  discreteStepS: number,
  dispatched?: DispatchedRun,
): TimedRun {
  const tick = parameters.stepS;
  const model = parameters.robotModel;
  const limits = { topSpeed: model.topSpeed, acceleration: model.acceleration, braking: model.braking };
  /** A run planned only to read a time off it (a leader's run after its turn, a stop's run), never kept. */
  const scratch = new StraightRun();
  const movers = robots.map((robot, r) =>
    moverOf(
      floor,
      clock,
      robot,
      r,
      discrete.robots[r],
      discrete.steps,
      discreteStepS,
      dispatched,
      dispatched?.openPickupSteps[r] ?? -1,
      discrete.disruptions,
      discrete.dockHolds?.[r],
    ),
  );
  /** Whether the robot may not yet leave cell `index` at `time` (a shift's dispatch holds it there). */
  const heldAt = (mover: Mover, index: number, time: number) => mover.holdUntil[index] > time + TIME_SLACK_S;
  const { visitRobot, visitIndex, turn, visitEnd } = visitOrders(floor, movers);
  /** Each cell's first visit: `turn[cell]` less this is how many of its visits have ended. */
  const visitStart = turn.slice();
  /** Per dropoff cell, the robots held until enough of its visits end. */
  const dockHeld = new Map<number, Mover[]>();
  const dockHoldOver = (mover: Mover) => {
    const pause = mover.pauses[mover.pause];
    return turn[pause.dockCell] - visitStart[pause.dockCell] >= pause.leftBefore;
  };
  const perStation = robotsPerStation(floor, robots);
  const pool = new ChargerPool(
    perStation.map((count, station) => chargersAt(parameters, count, floor.stationChargers[station])),
  );
  const waitS = new Float64Array(floor.cellCount);
  const queueSByStation = new Float64Array(floor.stationIds.length);
  const dockQueueSByPlace = new Map<string, number>();
  const dockWaitS = new Float64Array(floor.cellCount);
  const events = new EventQueue(movers.length);
  const at = (mover: Mover, time: number) => {
    events.push(time, mover.robot);
  };
  const ticksOf = (mover: Mover, time: number) => mover.legStartTick + stepsFor(time - mover.legStartTick * tick, tick);
  const tickAt = (time: number) => stepsFor(time, tick);
  const activity = (mover: Mover, time: number, kind: ActivityKind) => mover.activities.set(tickAt(time), kind);
  const driving = (mover: Mover): ActivityKind => (mover.loaded ? 'drive_loaded' : 'drive_empty');
  const segment = (mover: Mover, time: number, x: number, y: number, speed: number, accel: number, state: number) =>
    mover.motion.write(time, x, y, mover.heading, speed, accel, state);
  const standAt = (mover: Mover, time: number, state: number = MotionState.stopped) => {
    const cell = mover.cells[mover.index];
    segment(mover, time, floor.x(cell), floor.y(cell), 0, 0, state);
  };
  const writePieces = (mover: Mover, until: number) => {
    const start = mover.cells[mover.runFrom];
    const [dx, dy] = HEADING_STEPS[mover.heading];
    const { pieces } = mover;
    for (let k = 0; k < pieces.count; k++) {
      if (pieces.t(k) >= until) break;
      segment(
        mover,
        pieces.t(k),
        floor.x(start) + dx * pieces.x(k),
        floor.y(start) + dy * pieces.x(k),
        pieces.v(k),
        pieces.a(k),
        pieces.state(k),
      );
    }
  };
  /**
   * The dock a robot stopping to wait queues for, or null: its next stop is a pickup or dropoff
   * within `DOCK_QUEUE_REACH_CELLS` of its walk ahead, and another robot stands there for its own
   * visit, handling or on its way out (as the discrete run counts it).
   */
  const dockQueuedAt = (mover: Mover): string | null => {
    const stop = mover.stops[mover.stop];
    if (stop?.place === undefined || stop.index - mover.index > DOCK_QUEUE_REACH_CELLS) return null;
    const cell = mover.cells[stop.index];
    const visit = turn[cell];
    if (visit < 0 || visit >= visitEnd[cell]) return null;
    const holder = movers[visitRobot[visit]];
    if (holder === mover || holder.cells[holder.index] !== cell) return null;
    // Handling there, or on its way out: the stop it stands at, or the one it just finished.
    const standsAtPlace = (k: number) => holder.stops[k]?.place !== undefined && holder.stops[k].index === holder.index;
    return standsAtPlace(holder.stop) || standsAtPlace(holder.stop - 1) ? stop.place : null;
  };
  const granted = (mover: Mover, index: number) => {
    const visit = mover.visit[index];
    return visit < 0 || turn[mover.cells[index]] === visit;
  };
  /**
   * Following: a robot standing before cell `index` whose holder has set out from it along the
   * same line, from standstill, may set out too, to stop on the cell: with the same kinematics
   * it stays at least a cell behind, so it reaches the cell's centre no sooner than the holder
   * reaches the next one's (releases the cell). This is what the discrete run's "follow into a
   * cell as its robot leaves it" is in continuous time.
   */
  const followable = (mover: Mover, index: number) => {
    const visit = mover.visit[index];
    const cell = mover.cells[index];
    if (visit < 0 || turn[cell] !== visit - 1) return false;
    const holder = movers[visitRobot[turn[cell]]];
    if (holder.mode !== Mode.Running || holder.index !== holder.runFrom || holder.cells[holder.runFrom] !== cell)
      return false;
    return holder.cells[holder.runFrom + 1] - cell === cell - mover.cells[index - 1];
  };
  /** The holder of `cell` sets out from it: the next robot in the cell's order, waiting before it, may follow. */
  const setOut = (cell: number, time: number) => {
    if (floor.stationAt[cell] >= 0 || turn[cell] + 1 >= visitEnd[cell]) return;
    const next = movers[visitRobot[turn[cell] + 1]];
    if (next.mode === Mode.Waiting) at(next, time);
  };
  /**
   * A rotation of the discrete run (robots each moving into the next one's cell in one step): each
   * waits for the cell the next one holds, so none can be first. Once all of them stand ready
   * (turned, waiting), they move together, each a cell from standstill: with the same kinematics
   * each reaches its new cell's centre as the one ahead reaches the next, so no cell is held twice.
   */
  /** The robots of the rotation `startRotation` is following, reused (it runs whenever a robot starts to wait). */
  const members: Mover[] = [];
  const startRotation = (mover: Mover, time: number) => {
    members.length = 0;
    let link = mover;
    for (let hops = 0; hops <= movers.length; hops++) {
      if (link.mode !== Mode.Waiting || link.index + 1 >= link.cells.length) return;
      const cell = link.cells[link.index + 1];
      const visit = link.visit[link.index + 1];
      if (visit < 0 || turn[cell] !== visit - 1) return;
      const holder = movers[visitRobot[turn[cell]]];
      if (holder.cells[holder.index] !== cell) return;
      members.push(link);
      link = holder;
      if (link === mover) {
        for (const member of members) {
          member.rotating = true;
          at(member, time);
        }
        return;
      }
    }
  };
  /** The robot before `mover` in the order of cell `index` while it still holds the cell (null: none, or the cell is `mover`'s). */
  const leaderOf = (mover: Mover, index: number): Mover | null => {
    const visit = mover.visit[index];
    return visit < 0 || turn[mover.cells[index]] !== visit - 1 ? null : movers[visitRobot[visit - 1]];
  };
  /**
   * When the robot before `mover` in the order of cell `index` will release it (reach its next
   * cell's centre) at the latest: the time its present run reaches there, if that run goes that
   * far; else Infinity (it has yet to stop, turn or wait first). A run is only ever re-planned to
   * a further limit, from where it is, and the quickest run to a further limit is nowhere behind
   * the one to the nearer limit, so the real release is never later than this.
   */
  const leaderRelease = (mover: Mover, index: number) => {
    const leader = leaderOf(mover, index);
    if (leader === null) return Infinity;
    const k = visitIndex[mover.visit[index] - 1];
    if (k < leader.index) return Infinity;
    // Leaving towards the cell `mover` comes from (a station cell, shared): the two would drive one edge both ways.
    if (index > 0 && leader.cells[k + 1] === mover.cells[index - 1]) return Infinity;
    if (leader.mode === Mode.Turning && leader.turnEnd >= 0) {
      // It sets out from standstill when its turn ends, at least as far as the cells already its own.
      const limit = turnedLimit(leader);
      if (k + 1 > limit) return Infinity;
      const target = limit - leader.index;
      return scratch.plan(leader.turnEnd, 0, 0, target, limits).timeAt(k + 1 - leader.index, target, leader.turnEnd);
    }
    if (leader.mode !== Mode.Running || k + 1 > leader.authority) return Infinity;
    const target = leader.authority - leader.runFrom;
    return leader.pieces.timeAt(k + 1 - leader.runFrom, target, leader.pieces.startOr(0));
  };
  /**
   * The soonest `mover` (at `x` metres along its run at speed `v`, at `time`) can reach cell
   * `index`'s centre: at full effort, or, for the last cell of its run (where it stops, so its
   * limit never moves past it), by the run that stops there.
   */
  const soonestArrival = (mover: Mover, index: number, time: number, x: number, v: number) => {
    const distance = index - mover.runFrom - x;
    if (index < mover.runTo) return time + leastTimeOver(distance, v, limits);
    return time + (index - mover.runFrom === x ? 0 : scratch.plan(0, x, v, index - mover.runFrom, limits).end(0));
  };
  /**
   * Moving block with the holder's committed run: `mover` may count cell `index` as its own
   * before the holder releases it if it cannot reach the cell's centre before the holder's latest
   * release (`soonestArrival`).
   */
  const grantedEarly = (mover: Mover, index: number, time: number, x: number, v: number) => {
    const release = leaderRelease(mover, index);
    if (release === Infinity) return false;
    return soonestArrival(mover, index, time, x, v) >= release + EARLY_MARGIN_S - TIME_SLACK_S;
  };
  /** The last cell of the straight run from where `mover` stands, facing its next cell: as far as the line goes, up to its next stop. */
  const runEndFrom = (mover: Mover) => {
    const { cells, index } = mover;
    const stop = mover.stops[mover.stop];
    const pause = mover.pauses[mover.pause];
    // A run ends where the robot next stops: a place, or a delay or breakdown it stands for.
    const stopIndex = Math.min(
      stop ? stop.index : cells.length - 1,
      pause && pause.index > index ? pause.index : Number.POSITIVE_INFINITY,
    );
    const dx = floor.x(cells[index + 1]) - floor.x(cells[index]);
    const dy = floor.y(cells[index + 1]) - floor.y(cells[index]);
    let runTo = index + 1;
    while (
      runTo < stopIndex &&
      floor.x(cells[runTo + 1]) - floor.x(cells[runTo]) === dx &&
      floor.y(cells[runTo + 1]) - floor.y(cells[runTo]) === dy
    )
      runTo++;
    return runTo;
  };
  /**
   * How far a robot turning before a run may surely go once turned: the cells of that run already
   * its own (they stay its own; its limit then can only be further).
   */
  const turnedLimit = (mover: Mover) => {
    const runTo = runEndFrom(mover);
    let reach = mover.index;
    while (reach < runTo && !heldAt(mover, reach, mover.turnEnd) && granted(mover, reach + 1)) reach++;
    return reach;
  };
  const reachAfter = (mover: Mover, from: number, time: number, x: number, v: number) => {
    let reach = from;
    while (
      reach < mover.runTo &&
      !heldAt(mover, reach, time) &&
      (granted(mover, reach + 1) || grantedEarly(mover, reach + 1, time, x, v))
    )
      reach++;
    return reach;
  };
  /** Whether the limit of `mover`'s run may move on (not past a cell it follows into before that cell is its own). */
  const extendable = (mover: Mover) =>
    mover.authority < mover.runTo && (mover.authority !== mover.followed || granted(mover, mover.authority));
  /**
   * The robot's next event: its centre reaching the next cell's, or sooner, each tick, a new look
   * at the cell beyond its limit while that cell's holder has a predicted release (braking makes
   * the robot's least time there longer, so the cell may become grantable early).
   */
  const scheduleReach = (mover: Mover, time: number) => {
    const target = mover.authority - mover.runFrom;
    const start = mover.pieces.startOr(0);
    const reach = mover.pieces.timeAt(mover.nextReach - mover.runFrom, target, start);
    const canExtend = extendable(mover);
    const looks = canExtend && leaderRelease(mover, mover.authority + 1) < Infinity;
    // The looks a tick apart, done here rather than as events while the cell's holder is running:
    // until one of them moves the limit on, nothing they read changes without this robot being
    // woken anyway (the cell released, the holder's new run), and a look that changes nothing
    // only sets the next one. The look that would move the limit on (or the reach) is the event,
    // at the very same time. A turning holder's release moves as cells ahead of it come free,
    // which wakes only it: then each look is an event.
    const ahead = looks ? leaderOf(mover, mover.authority + 1) : null;
    const lookAhead = ahead !== null && ahead.mode === Mode.Running;
    let t = time;
    for (;;) {
      let wake = looks ? Math.min(reach, t + tick) : reach;
      // Held at its limit by a shift's dispatch: the limit may move on at that moment.
      if (canExtend && heldAt(mover, mover.authority, t)) wake = Math.min(wake, mover.holdUntil[mover.authority]);
      if (reach <= wake + 1e-9 || !lookAhead || extendedLimit(mover, wake) !== mover.authority) {
        at(mover, wake);
        return;
      }
      t = wake;
    }
  };
  /** The robots next in the order of the cells `leader` will release on its run: its run changed, so may they now go on? */
  const notifyFollowers = (leader: Mover, time: number, until = leader.authority) => {
    for (let j = leader.index; j < until; j++) {
      const visit = leader.visit[j];
      if (visit < 0) continue;
      const cell = leader.cells[j];
      if (turn[cell] !== visit || visit + 1 >= visitEnd[cell]) continue;
      const next = movers[visitRobot[visit + 1]];
      if (next.mode === Mode.Waiting || next.mode === Mode.Running) at(next, time);
    }
  };
  /**
   * How far the limit of a running robot may move on at `time`, from where it is then (its own
   * limit: not at all); leaves its position and speed at `time` in `pieces.atX` and `atV`.
   */
  const extendedLimit = (mover: Mover, time: number) => {
    if (!extendable(mover)) return mover.authority;
    mover.pieces.stateAt(time, mover.authority - mover.runFrom);
    // Within a hair of a cell centre it goes on from the centre itself (at its reach event): a
    // segment starting there, slow, would put that reach in the record up to 0.02 s off (the
    // record keeps millimetres).
    if (mover.nextReach - mover.runFrom - mover.pieces.atX < NEAR_CENTRE_M) return mover.authority;
    return reachAfter(mover, mover.authority, time, mover.pieces.atX, mover.pieces.atV);
  };
  /** Moves the limit of a running robot on from where it is, if it may: true if its run changed. */
  const extend = (mover: Mover, time: number) => {
    const authority = extendedLimit(mover, time);
    if (authority === mover.authority) return false;
    const x = mover.pieces.atX;
    const v = mover.pieces.atV;
    writePieces(mover, time);
    mover.authority = authority;
    mover.pieces.plan(time, x, v, authority - mover.runFrom, limits);
    scheduleReach(mover, time);
    notifyFollowers(mover, time);
    return true;
  };
  /** A robot standing before cell `index + 1`: how soon it may set out for it ahead of its release (Infinity: not yet known). */
  const earlyStart = (mover: Mover) =>
    leaderRelease(mover, mover.index + 1) + EARLY_MARGIN_S - soonestArrival(mover, mover.index + 1, 0, 0, 0);

  /** The robot's centre reaches its next cell's: the cell behind it is free for the next robot in its order. */
  const release = (mover: Mover, index: number, time: number) => {
    const visit = mover.visit[index];
    if (visit < 0) return;
    const cell = mover.cells[index];
    turn[cell]++;
    if (turn[cell] < visitEnd[cell]) {
      const next = movers[visitRobot[turn[cell]]];
      if (next.mode === Mode.Waiting || next.mode === Mode.Running) at(next, time);
    }
    const held = dockHeld.get(cell);
    if (held !== undefined)
      for (let k = held.length - 1; k >= 0; k--) {
        if (!dockHoldOver(held[k])) continue;
        at(held[k], time);
        held.splice(k, 1);
      }
  };

  const decide = (mover: Mover, time: number) => {
    const { cells, stops } = mover;
    const stop = stops[mover.stop];
    const pause = mover.pauses[mover.pause];
    if (pause?.kind === 'dock' && pause.index === mover.index && (!stop || stop.index !== mover.index)) {
      // Held for its dropoff where its discrete self was: until the visits to the dropoff that
      // ended before it set out there have ended here too.
      if (dockHoldOver(mover)) {
        mover.pause++;
        decide(mover, time);
        return;
      }
      standAt(mover, time);
      activity(mover, time, 'dock_queued');
      mover.waitingSince = time;
      // The dropoff it waits for (a charge may come first, the load on board).
      let dropoff = mover.stop;
      while (dropoff < stops.length && stops[dropoff].kind !== 'dropoff') dropoff++;
      mover.waitingFor = stops[dropoff]?.place ?? null;
      mover.mode = Mode.DockHeld;
      const held = dockHeld.get(pause.dockCell);
      if (held === undefined) dockHeld.set(pause.dockCell, [mover]);
      else held.push(mover);
      return;
    }
    if (
      pause &&
      pause.kind !== 'dock' &&
      pause.index === mover.index &&
      (!stop || stop.index !== mover.index || pause.step <= stop.step)
    ) {
      // A delay or breakdown its discrete self stood for here: it stands as long, on whole ticks
      // (the record's stop), holding its cell; robots after it in the cells' order wait.
      mover.pause++;
      const startTick = tickAt(time);
      const endTick = startTick + Math.max(1, Math.round(pause.seconds / tick));
      (pause.kind === 'delay' ? mover.delays : mover.breakdowns).push({ startStep: startTick, endStep: endTick });
      // Standing still though nobody is in the way: not traffic delay (the record's stops say it),
      // as for a point robot.
      standAt(mover, time);
      activity(mover, time, 'stopped');
      mover.mode = Mode.Paused;
      at(mover, endTick * tick);
      return;
    }
    if (stop && stop.index === mover.index) {
      if (stop.notBeforeS > time + TIME_SLACK_S) {
        // Handed the work of this stop while standing here: it starts on it no sooner.
        standAt(mover, time);
        activity(mover, time, 'idle');
        mover.mode = Mode.Held;
        at(mover, stop.notBeforeS);
        return;
      }
      const rest = clock.restHeading(cells[mover.index]);
      if (rest !== mover.heading && model.quarterTurnS > 0) {
        const turns = quarterTurns(mover.heading, rest);
        standAt(mover, time, MotionState.turning);
        mover.heading = rest;
        mover.mode = Mode.Turning;
        mover.turnEnd = -1;
        at(mover, time + turns * model.quarterTurnS);
        return;
      }
      mover.heading = rest;
      standAt(mover, time);
      const arrival = ticksOf(mover, time);
      mover.mode = Mode.Padding;
      at(mover, arrival * tick);
      return;
    }
    if (heldAt(mover, mover.index, time)) {
      // Its discrete self was given what comes next only then: it stands (no work it knows of).
      standAt(mover, time);
      activity(mover, time, 'idle');
      mover.mode = Mode.Held;
      at(mover, mover.holdUntil[mover.index]);
      return;
    }
    const here = cells[mover.index];
    const next = cells[mover.index + 1];
    const heading = headingOfStep(floor.x(next) - floor.x(here), floor.y(next) - floor.y(here));
    if (heading !== mover.heading && model.quarterTurnS > 0) {
      const turns = quarterTurns(mover.heading, heading);
      standAt(mover, time, MotionState.turning);
      activity(mover, time, driving(mover));
      mover.heading = heading;
      mover.mode = Mode.Turning;
      mover.turnEnd = time + turns * model.quarterTurnS;
      at(mover, mover.turnEnd);
      notifyFollowers(mover, time, turnedLimit(mover));
      return;
    }
    mover.heading = heading;
    mover.runFrom = mover.index;
    mover.runTo = runEndFrom(mover);
    mover.authority = reachAfter(mover, mover.index, time, 0, 0);
    mover.followed = -1;
    if (mover.authority === mover.index && (mover.rotating || followable(mover, mover.index + 1))) {
      mover.authority = mover.index + 1;
      mover.followed = mover.authority;
    }
    mover.rotating = false;
    if (mover.authority === mover.index) {
      if (mover.mode !== Mode.Waiting) {
        standAt(mover, time);
        mover.waitingFor = dockQueuedAt(mover);
        activity(
          mover,
          time,
          mover.stop >= stops.length - 1 ? 'idle' : mover.waitingFor === null ? 'waiting' : 'dock_queued',
        );
        mover.waitingSince = time;
        mover.mode = Mode.Waiting;
        startRotation(mover, time);
      }
      return;
    }
    activity(mover, time, driving(mover));
    mover.mode = Mode.Running;
    mover.pieces.plan(time, 0, 0, mover.authority - mover.index, limits);
    mover.nextReach = mover.index + 1;
    scheduleReach(mover, time);
    setOut(here, time);
    notifyFollowers(mover, time);
  };

  /**
   * The robot's wait on its cell since `waitingSince` ends at `time`, counted on the record's
   * ticks as its activities are (so the traffic delay and the time breakdown's waiting are one
   * figure): traffic, or its dock's queue (`waitingFor`); none once its work is done.
   */
  const endWait = (mover: Mover, time: number) => {
    const waited = (tickAt(time) - tickAt(mover.waitingSince)) * tick;
    if (mover.stop >= mover.stops.length - 1) return;
    mover.waitingS += waited;
    waitS[mover.cells[mover.index]] += waited;
    if (mover.waitingFor === null) return;
    mover.dockQueueS += waited;
    dockWaitS[mover.cells[mover.index]] += waited;
    dockQueueSByPlace.set(mover.waitingFor, (dockQueueSByPlace.get(mover.waitingFor) ?? 0) + waited);
  };

  const onEvent = (mover: Mover, time: number) => {
    switch (mover.mode) {
      case Mode.Paused:
        // On its way again: what it does next says itself, and a turn to a place's rest heading
        // (which sets none) is driving, as without the stop.
        activity(mover, time, driving(mover));
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      case Mode.Turning:
      case Mode.Held:
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      case Mode.DockHeld: {
        // Woken by its own earlier visit of a cell it came back to: still held (the release that
        // ends the hold takes it off the list as it wakes it).
        if (!dockHoldOver(mover)) return;
        endWait(mover, time);
        mover.pause++;
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      }
      case Mode.Waiting: {
        // How soon it may set out ahead of the holder's release (read once: closing a rotation changes nothing it depends on).
        const start =
          !mover.rotating && !granted(mover, mover.index + 1) && !followable(mover, mover.index + 1)
            ? earlyStart(mover)
            : -Infinity;
        if (start > time + TIME_SLACK_S) {
          // Woken as the cell it stands on became its own (it followed into it): it may now close a rotation.
          startRotation(mover, time);
          // Else a new look when it may set out ahead of the holder's release.
          if (!mover.rotating && start < Infinity) at(mover, start);
          return;
        }
        endWait(mover, time);
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      }
      case Mode.Running: {
        const target = mover.authority - mover.runFrom;
        const reached = mover.nextReach;
        const reachTime = mover.pieces.timeAt(reached - mover.runFrom, target, mover.pieces.startOr(time));
        if (reachTime > time + 1e-9) {
          // Woken by a cell ahead coming free (or to look again): move the limit on from where the
          // robot is (not past a cell it only follows into until that cell is its own).
          if (!extend(mover, time)) scheduleReach(mover, time);
          return;
        }
        // Its centre reaches the next cell's.
        mover.index = reached;
        mover.distance++;
        const cell = mover.cells[reached];
        mover.timeline.push(
          Math.max(mover.timeline[mover.timeline.length - 3] + 1, tickAt(time)),
          floor.x(cell),
          floor.y(cell),
        );
        release(mover, reached - 1, time);
        if (reached < mover.authority) {
          mover.nextReach = reached + 1;
          if (!extend(mover, time)) scheduleReach(mover, time);
          return;
        }
        writePieces(mover, Infinity);
        mover.mode = Mode.Decide;
        mover.waitingSince = time;
        decide(mover, time);
        return;
      }
      case Mode.Padding: {
        const stop = mover.stops[mover.stop];
        const arrival = Math.round(time / tick);
        if (stop.kind === 'charge') {
          activity(mover, time, 'queued');
          mover.charges.push({ arriveStep: arrival, startStep: -1, endStep: -1, odometer: mover.distance });
          mover.mode = Mode.ToQueue;
          // Claims at the arrival tick, after every robot that arrives earlier or with a lower index.
          events.push(time, mover.robot, 1);
          return;
        }
        if (stop.kind === 'end') {
          mover.endTick = arrival;
          mover.mode = Mode.Done;
          activity(mover, time, 'idle');
          return;
        }
        if (stop.kind === 'pickup') {
          mover.pickupTick = arrival;
          mover.pickupFrom = mover.legFromCell;
          if (stop.delivery >= discrete.robots[mover.robot].deliveries.length) mover.openPickupTick = arrival;
        } else {
          mover.deliveries.push({
            ...discrete.robots[mover.robot].deliveries[stop.delivery],
            doneStep: arrival,
            pickupStep: mover.pickupTick,
            // In a shift a robot parked at its station between deliveries set out from there, which
            // the discrete run knows (parking is no stop here).
            fromCell: dispatched ? discrete.robots[mover.robot].deliveries[stop.delivery].fromCell : mover.pickupFrom,
            odometer: mover.distance,
          });
          mover.finishTick = arrival;
        }
        mover.legFromCell = mover.cells[mover.index];
        mover.mode = Mode.Handling;
        if (parameters.handlingSteps > 0) activity(mover, time, 'handling');
        at(mover, (arrival + parameters.handlingSteps) * tick);
        return;
      }
      case Mode.Handling: {
        const stop = mover.stops[mover.stop];
        mover.loaded = stop.kind === 'pickup';
        mover.legStartTick = Math.round(time / tick);
        mover.stop++;
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      }
      case Mode.ToQueue: {
        const charge = mover.charges[mover.charges.length - 1];
        const station = robots[mover.robot].station;
        const start = pool.claim(station, charge.arriveStep, parameters.chargeSteps);
        charge.startStep = start;
        charge.endStep = start + parameters.chargeSteps;
        const queued = (start - charge.arriveStep) * tick;
        mover.queuedS += queued;
        mover.waitingS += queued;
        waitS[mover.cells[mover.index]] += queued;
        queueSByStation[station] += queued;
        mover.mode = Mode.Charging;
        mover.activities.set(start, 'charging');
        at(mover, charge.endStep * tick);
        return;
      }
      case Mode.Charging:
        mover.legFromCell = mover.cells[mover.index];
        mover.legStartTick = Math.round(time / tick);
        mover.stop++;
        mover.mode = Mode.Decide;
        decide(mover, time);
        return;
      default:
        return;
    }
  };

  for (const mover of movers) {
    standAt(mover, 0);
    decide(mover, 0);
  }
  let handled = 0;
  while (events.size > 0) {
    const robot = events.pop();
    const time = events.time[robot];
    if (dispatched && ++handled % WATCH_EVERY_EVENTS === 0) {
      if (dispatched.shouldStop?.()) throw new SimulationCancelledError();
      dispatched.onProgress?.(Math.min(1, time / dispatched.horizonS));
    }
    onEvent(movers[robot], time);
  }
  const stuck = movers.filter((mover) => mover.mode !== Mode.Done);
  if (stuck.length > 0) {
    const describe = (mover: Mover) =>
      `${robots[mover.robot].id} at ${floor.describe(mover.cells[mover.index])} waiting for ${floor.describe(mover.cells[Math.min(mover.index + 1, mover.cells.length - 1)])}`;
    throw new SimulationError(
      `The robots' movement authorities wait on each other for good (a deadlock of the timed run): ${stuck.slice(0, 5).map(describe).join('; ')}${stuck.length > 5 ? ` and ${stuck.length - 5} more` : ''}`,
    );
  }
  let ticks = 0;
  for (const mover of movers) ticks = Math.max(ticks, mover.endTick);
  return {
    robots: movers.map((mover) => ({
      timeline: mover.timeline,
      activities: mover.activities.entries,
      deliveries: mover.deliveries,
      charges: mover.charges,
      waitingSteps: mover.waitingS / tick,
      queuedSteps: mover.queuedS / tick,
      dockQueueSteps: mover.dockQueueS / tick,
      distance: mover.distance,
      finishStep: mover.finishTick,
      extraCharges: discrete.robots[mover.robot].extraCharges,
      workGivenSteps: [],
      motion: mover.motion.segments(),
      openPickupStep: mover.openPickupTick,
    })),
    ...(discrete.disruptions
      ? {
          disruptions: {
            hasDelays: discrete.disruptions.hasDelays,
            hasBreakdowns: discrete.disruptions.hasBreakdowns,
            delays: movers.map((mover) => mover.delays),
            breakdowns: movers.map((mover) => mover.breakdowns),
          },
        }
      : {}),
    waitS,
    queueSByStation,
    dockQueueSByPlace,
    dockWaitS,
    ticks,
  };
}

/** A robot's cells in the discrete run (waits dropped), the step it entered each, and its stops. */
function moverOf(
  floor: Floor,
  clock: FloorClock,
  robot: RobotWork,
  r: number,
  executed: ExecutedRobot,
  steps: number,
  discreteStepS: number,
  dispatched: DispatchedRun | undefined,
  openPickupStep: number,
  disruptions: RecordedStops | undefined,
  dockHolds: readonly DockHold[] | undefined,
): Mover & { enterStep: Int32Array } {
  let last = steps;
  for (let k = 0; k < executed.timeline.length; k += 3) last = Math.max(last, executed.timeline[k]);
  // The cells in order and the step each was entered, from the waypoints (not every step decoded).
  const { cells, steps: enterStep } = timelineVisits(executed.timeline, last, floor.width);
  // The cell it stood on at a step: the last entered at or before it (the first before any).
  const indexAt = (step: number) => Math.max(0, lastAtOrBefore(enterStep, step));
  const stops: (Stop & { order: number })[] = [];
  // Recorded as the run went, so in order of step.
  const givenSteps = dispatched ? executed.workGivenSteps : [];
  /** When the robot was last given work at or before discrete step `step` (0: never, or a day's run). */
  const givenBefore = (step: number) => {
    const last = lastAtOrBefore(givenSteps, step);
    return last >= 0 ? givenSteps[last] * discreteStepS : 0;
  };
  executed.deliveries.forEach((delivery, k) => {
    stops.push({
      index: indexAt(delivery.pickupStep),
      kind: 'pickup',
      delivery: k,
      step: delivery.pickupStep,
      place: delivery.pickup,
      notBeforeS: givenBefore(delivery.pickupStep),
      order: 2 * k,
    });
    stops.push({
      index: indexAt(delivery.doneStep),
      kind: 'dropoff',
      delivery: k,
      step: delivery.doneStep,
      place: delivery.dropoff,
      notBeforeS: givenBefore(delivery.doneStep),
      order: 2 * k + 1,
    });
  });
  executed.charges.forEach((charge, k) => {
    if (charge.startStep >= 0)
      stops.push({
        index: indexAt(charge.arriveStep),
        kind: 'charge',
        delivery: -1,
        step: charge.arriveStep,
        notBeforeS: givenBefore(charge.arriveStep),
        order: k,
      });
  });
  if (openPickupStep >= 0)
    stops.push({
      index: indexAt(openPickupStep),
      kind: 'pickup',
      delivery: executed.deliveries.length,
      step: openPickupStep,
      notBeforeS: givenBefore(openPickupStep),
      order: 2 * executed.deliveries.length,
    });
  stops.sort(
    (a, b) => a.step - b.step || (a.kind === 'charge' ? 1 : 0) - (b.kind === 'charge' ? 1 : 0) || a.order - b.order,
  );
  const holdUntil = new Float64Array(dispatched ? cells.length : 0);
  if (dispatched)
    for (const step of executed.workGivenSteps) {
      const index = indexAt(step);
      holdUntil[index] = Math.max(holdUntil[index], step * discreteStepS);
    }
  stops.push({ index: cells.length - 1, kind: 'end', delivery: -1, step: last, notBeforeS: 0, order: 0 });
  const pauseOf =
    (kind: Pause['kind']) =>
    (stop: ExecutedStop): Pause => ({
      index: indexAt(stop.startStep),
      step: stop.startStep,
      seconds: (stop.endStep - stop.startStep) * discreteStepS,
      kind,
      dockCell: -1,
      leftBefore: 0,
    });
  // A hold for a dropoff binds where the robot stood when it set out (pushed aside, it may have
  // stood elsewhere before).
  const dockPauses = (dockHolds ?? []).map(
    (hold): Pause => ({
      index: indexAt(hold.endStep),
      step: hold.endStep,
      seconds: 0,
      kind: 'dock',
      dockCell: hold.dockCell,
      leftBefore: hold.leftBefore,
    }),
  );
  const pauses = [
    ...(disruptions?.delays[r] ?? []).map(pauseOf('delay')),
    ...(disruptions?.breakdowns[r] ?? []).map(pauseOf('breakdown')),
    ...dockPauses,
  ].sort((a, b) => a.step - b.step);
  const start = cells[0];
  return {
    robot: r,
    cells,
    visit: new Int32Array(cells.length).fill(-1),
    enterStep,
    stops,
    stop: 0,
    pauses,
    pause: 0,
    delays: [],
    breakdowns: [],
    index: 0,
    heading: clock.restHeading(start),
    mode: Mode.Decide,
    legStartTick: 0,
    loaded: false,
    runFrom: 0,
    runTo: 0,
    authority: 0,
    pieces: new StraightRun(),
    nextReach: 0,
    waitingSince: 0,
    waitingFor: null,
    rotating: false,
    turnEnd: -1,
    followed: -1,
    holdUntil,
    motion: new MotionWriter(),
    timeline: [0, floor.x(start), floor.y(start)],
    activities: new ActivityWriter(),
    deliveries: [],
    charges: [],
    waitingS: 0,
    queuedS: 0,
    dockQueueS: 0,
    distance: 0,
    finishTick: 0,
    endTick: 0,
    pickupTick: 0,
    pickupFrom: robot.startCell,
    legFromCell: robot.startCell,
    openPickupTick: -1,
  };
}

/**
 * Every non-station cell's visits in the order of the discrete run (by the step each robot
 * entered it): `visitRobot` per visit, the cell's visits from `visitStart[cell]` to
 * `visitEnd[cell]`, `turn[cell]` the visit whose robot may have the cell now. Fills each mover's
 * `visit`.
 */
function visitOrders(
  floor: Floor,
  movers: (Mover & { enterStep: Int32Array })[],
): { visitRobot: Int32Array; visitIndex: Int32Array; turn: Int32Array; visitEnd: Int32Array } {
  const count = new Int32Array(floor.cellCount + 1);
  for (const mover of movers) for (const cell of mover.cells) if (floor.stationAt[cell] < 0) count[cell + 1]++;
  for (let cell = 0; cell < floor.cellCount; cell++) count[cell + 1] += count[cell];
  const total = count[floor.cellCount];
  // Every visit in order of its step (a counting sort, stable: ties stay in robot order, then
  // cell order), then dealt out to its cell: each cell's visits come out ordered by step, as a
  // stable sort of them would order them, without a comparison sort per cell.
  let lastStep = 0;
  for (const mover of movers) for (const step of mover.enterStep) lastStep = Math.max(lastStep, step);
  const byStep = new Int32Array(lastStep + 2);
  for (const mover of movers)
    mover.cells.forEach((cell, index) => {
      if (floor.stationAt[cell] < 0) byStep[mover.enterStep[index] + 1]++;
    });
  for (let step = 0; step <= lastStep; step++) byStep[step + 1] += byStep[step];
  const stepRobot = new Int32Array(total);
  const stepIndex = new Int32Array(total);
  for (const mover of movers)
    mover.cells.forEach((cell, index) => {
      if (floor.stationAt[cell] >= 0) return;
      const at = byStep[mover.enterStep[index]]++;
      stepRobot[at] = mover.robot;
      stepIndex[at] = index;
    });
  const visitRobot = new Int32Array(total);
  const visitIndex = new Int32Array(total);
  const fill = count.slice(0, floor.cellCount);
  for (let k = 0; k < total; k++) {
    const mover = movers[stepRobot[k]];
    const index = stepIndex[k];
    const at = fill[mover.cells[index]]++;
    visitRobot[at] = mover.robot;
    visitIndex[at] = index;
    mover.visit[index] = at;
  }
  return { visitRobot, visitIndex, turn: count.slice(0, floor.cellCount), visitEnd: count.slice(1) };
}

/**
 * Each robot's next event, by time, then kind, then robot index (so robots arriving at one tick
 * claim chargers in fleet order). A robot has one event at a time: scheduling another replaces
 * it, so the heap holds at most one entry a robot and no stale ones (an indexed binary heap).
 */
class EventQueue {
  /** Per robot, the time and kind of its event. */
  readonly time: Float64Array;
  private readonly kind: Uint8Array;
  /** The heap of robots, and each robot's place in it (-1: no event). */
  private readonly heap: Int32Array;
  private readonly place: Int32Array;
  size = 0;

  constructor(robots: number) {
    this.time = new Float64Array(robots);
    this.kind = new Uint8Array(robots);
    this.heap = new Int32Array(robots);
    this.place = new Int32Array(robots).fill(-1);
  }

  /** The robot's event is now at `time` (of `kind`), in place of any it had. */
  push(time: number, robot: number, kind = 0): void {
    this.time[robot] = time;
    this.kind[robot] = kind;
    let i = this.place[robot];
    if (i < 0) {
      i = this.size++;
      this.heap[i] = robot;
      this.place[robot] = i;
    }
    this.down(this.up(i));
  }

  /** Takes the first event off; returns its robot (its time stays in `time`). */
  pop(): number {
    const { heap, place } = this;
    const top = heap[0];
    place[top] = -1;
    const last = --this.size;
    if (last > 0) {
      heap[0] = heap[last];
      place[heap[0]] = 0;
      this.down(0);
    }
    return top;
  }

  private earlier(a: number, b: number): boolean {
    return before(this.time[a], a, this.kind[a], this.time[b], b, this.kind[b]);
  }

  private up(i: number): number {
    const { heap, place } = this;
    const robot = heap[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.earlier(robot, heap[parent])) break;
      heap[i] = heap[parent];
      place[heap[i]] = i;
      i = parent;
    }
    heap[i] = robot;
    place[robot] = i;
    return i;
  }

  private down(i: number): void {
    const { heap, place } = this;
    const robot = heap[i];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.earlier(heap[child + 1], heap[child])) child++;
      if (!this.earlier(heap[child], robot)) break;
      heap[i] = heap[child];
      place[heap[i]] = i;
      i = child;
    }
    heap[i] = robot;
    place[robot] = i;
  }
}

/** The index of the last of `sorted` (ascending) at or below `value`; -1 when none is. */
function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Charger claims (kind 1) after every other event of their moment, then by robot index. */
function before(t1: number, r1: number, k1: number, t2: number, r2: number, k2: number): boolean {
  if (t1 !== t2) return t1 < t2;
  if (k1 !== k2) return k1 < k2;
  return r1 < r2;
}
