import type {
  DisruptionSettings,
  Floor,
  FreeFlowRobot,
  RobotKinematics,
  RobotWork,
  TrafficPolicyName,
} from '@fleetlab/warehouse';
import { SimulationCancelledError, TrafficJamError } from '../errors.ts';
import type { MovementPolicy } from '../movement/movement-policy.ts';
import { createMovementPolicy, guideTurnCosts, type PreferredWalk } from '../movement/movement-policies.ts';
import type { LegMetres } from './battery-rule.ts';
import type { ExecutionParameters } from './execution-parameters.ts';
import { FloorTraffic, Mode, Phase } from './floor-traffic.ts';
import { MotionHolds } from './motion-holds.ts';
import { ProgressWatch } from './progress-watch.ts';
import { DOCK_QUEUE_REACH_CELLS } from './dock-queue.ts';
import { type DockHold, DockMetering } from './dock-metering.ts';
import { Recorder, type ExecutedRobot } from './recorder.ts';
import { StopsOnFloor } from './stops-on-floor.ts';
import type { RecordedStops } from './disruptions.ts';
import { WorkCycle } from './work-cycle.ts';

export interface ExecutorOutcome {
  robots: ExecutedRobot[];
  /** Waiting steps per cell. */
  waitSteps: Float64Array;
  queueStepsByStation: Float64Array;
  /** Steps robots waited in a dock's queue, per pickup or dropoff id, and per cell they stood on (of `waitSteps`). */
  dockQueueSteps: ReadonlyMap<string, number>;
  dockWaitSteps: Float64Array;
  steps: number;
  deadlocksResolved: number;
  /** The run's delays and breakdowns (absent: it had none). */
  disruptions?: RecordedStops;
  /** Per robot, its holds on its pickups (`DockMetering`; absent: a shift's run). */
  dockHolds?: DockHold[][];
}

/**
 * A shift run: work is handed out while the run goes on and the run ends at `endStep`, whatever
 * work is left.
 */
export interface ShiftRun {
  endStep: number;
  /**
   * Called once the run is wired, with the robots' work and state; returns what the dispatcher
   * does at each step, before the work cycle's events and the moves.
   */
  dispatcher(run: { work: WorkCycle; state: FloorTraffic }): (step: number) => void;
  /** A robot broke down (`FloorTraffic.repairedAt` says until when): told at the next step, before the dispatcher's step. */
  brokeDown?(robot: number, step: number): void;
}

export interface ExecutorOptions {
  /** How robots move (`TRAFFIC_POLICIES`). */
  policy: TrafficPolicyName;
  /** Each robot alone on the floor (`freeFlow`): the plan's clock, which the robots' due steps come from (null: a shift). */
  planned: readonly FreeFlowRobot[] | null;
  random: () => number;
  onProgress?: (fraction: number) => void;
  shouldStop?: () => boolean;
  /** Steps the run may take before it is declared stuck. */
  stepBudget: number;
  /** A shift: the dispatcher and the end of the run. Absent: the run ends when every robot's work is done. */
  shift?: ShiftRun;
  /** Random delays and breakdowns, drawn from `seed` (absent: none). */
  disruptions?: { settings: DisruptionSettings; seed: number };
  /**
   * Robots with acceleration and turns (the run is the order robots take cells in, timed later
   * by their kinematics): the walk each robot prefers to a goal (its least-time walk). Absent
   * for points.
   */
  preferredWalk?: PreferredWalk;
  /** With `preferredWalk`: the metres of those walks, which the battery rule counts. */
  legMetres?: LegMetres;
  /** With `preferredWalk`: the robots' kinematics, whose turns and starts the run's order pays for (`MotionHolds`). */
  kinematics?: RobotKinematics;
  /** A robot short of charge takes its plan's next charge sooner (`WorkCycle`'s `replanCharges`); `robots`' work is then reordered: pass copies. */
  replanCharges?: boolean;
}

/**
 * A robot's slack for its plan is its charge less the metres it drove since charging and the
 * metres its plan still needs on this charge (to its goal, through the charge's remaining
 * deliveries, home). Below URGENT_SLACK_M it outranks every robot with more to spare, so it is
 * not pushed about and keeps to its plan's charges.
 */
const URGENT_SLACK_M = 20;
/**
 * A robot's slack for the delivery under way is its charge less the metres driven and those to
 * finish the delivery and get home. Below this it never moves away from its goal (a step away
 * costs 2 m of slack, one driven and one more to drive), so it can always finish and get home;
 * it may then need a charge before its next delivery, which the battery rule adds.
 */
const TIGHT_SLACK_M = 2;
/**
 * Periods without progress (`ProgressWatch`) after which a tight robot on its way to a pickup or
 * a dropoff charges first (`WorkCycle.chargeFirst`). Measured on hotspot with points (greedy's
 * plan, seeds 1-3): turning after 3 periods the days ran 1,733-1,850 s, after 2 1,562-1,625 s,
 * after 1 1,307-1,467 s (with no robot turning, 1,385-1,498 s and 2-3 replays of the day): every
 * period is a robot standing stuck. Loaded robots waiting a period longer than empty ones ran
 * 1,373-1,601 s.
 */
const TIGHT_STUCK_PERIODS = 1;
const POLL_EVERY_STEPS = 128;

/** The parts of one run, wired together. */
interface Run {
  floor: Floor;
  robots: readonly RobotWork[];
  params: ExecutionParameters;
  state: FloorTraffic;
  recorder: Recorder;
  work: WorkCycle;
  policy: MovementPolicy;
  watch: ProgressWatch;
  /** Delays and breakdowns, or null when the run has none. */
  stops: StopsOnFloor | null;
  random: () => number;
  /** Holds loaded robots on their pickups while their dropoffs are busy (null: a shift's run, or none). */
  metering: DockMetering | null;
  /** Per robot, the dock it queues for in the step under way (`dockQueuedFor`), reused every step. */
  dockQueue: (string | null)[];
  /**
   * Whether robots with no work left keep to the tight rule on their way home too. In a shift
   * most drives home are of idle robots, which traffic may push about for long; a day's plans
   * run as they always have.
   */
  guardHomeward: boolean;
}

/**
 * Runs every robot's order of work at once on the floor, one step at a time: the work cycle's
 * events (charges ending, queues moving on, handling ending), then the movement policy's moves
 * for every robot on the floor, then the consequences (distance, waiting, arrivals, batteries,
 * progress). Station cells are depots: the station's own robots may stand there together
 * (parked, queued or charging robots leave the floor's traffic); no other robot ever enters them.
 * A robot that cannot get through for long ends the run with an error naming it.
 */
export function executeOnFloor(
  floor: Floor,
  robots: RobotWork[],
  params: ExecutionParameters,
  options: ExecutorOptions,
): ExecutorOutcome {
  const state = new FloorTraffic(floor, robots);
  const recorder = new Recorder(floor, robots);
  const watch = new ProgressWatch(state, floor.width + floor.height + 4, 10 * (floor.width + floor.height) + 500);
  // A day's guide paths count what turns cost robots with models. A shift's do not: its
  // dispatcher reads this run's clock, and turn-aware paths made this run faster than the timed
  // floor can follow (xl1, drive units, 1 h at 1,200/h: 1,243 -> 1,161 delivered, P95 107 -> 291 s,
  // the dispatcher's own P95 100 -> 71 s; docs/measurements.md, "Guide paths that count turns").
  const turns = options.kinematics && !options.shift ? guideTurnCosts(options.kinematics, params.stepS) : undefined;
  const policy = createMovementPolicy(options.policy, floor, state, options.random, options.preferredWalk, turns);
  const stops = options.disruptions
    ? new StopsOnFloor(
        floor,
        state,
        watch,
        policy,
        options.disruptions.settings,
        params.stepS,
        options.disruptions.seed,
        (robot) => params.maxDistance - work.used[robot] - work.metresStillNeeded(robot, false),
      )
    : null;
  const work = new WorkCycle(
    floor,
    robots,
    params,
    state,
    recorder,
    (robot) => {
      stops?.steer(robot);
      watch.reset(robot);
      policy.newGoal(robot);
      // Held for its dropoff, it has nowhere to be: it yields to every robot. On one-way aisles
      // never pushed further from its dropoff than a step (its way round the block could be long).
      const held = work.heldAt(robot);
      if (held >= 0) policy.standAside(robot, floor.oneWayIds.length > 0 ? floor.distanceField(held) : undefined);
    },
    options.planned,
    options.legMetres,
    options.replanCharges,
  );
  const { shift } = options;
  const run: Run = {
    floor,
    robots,
    params,
    state,
    recorder,
    work,
    policy,
    watch,
    stops,
    random: options.random,
    // Robots with a model only: a point's visit is a step, and holding points cost more than it
    // saved (d20k 5,133 -> 5,262 s at DockMetering's spare, 5,144 s at 80 steps; dense unchanged).
    // A shift has no plan to say which dropoffs are busy all day.
    metering:
      options.planned && options.kinematics
        ? DockMetering.ofPlan(floor, state, robots, options.planned, params.handlingSteps + 2)
        : null,
    dockQueue: robots.map(() => null),
    guardHomeward: shift !== undefined,
  };
  work.metering = run.metering;
  const dispatch = shift?.dispatcher({ work, state });
  const holds = options.kinematics ? new MotionHolds(floor, robots, options.kinematics, params.stepS) : null;
  work.startAll();
  const active: number[] = [];
  const movedFrom: number[] = [];
  let step = 0;
  for (; shift ? step < shift.endStep : work.finishedCount < robots.length; step++) {
    if (step % POLL_EVERY_STEPS === 0) {
      if (options.shouldStop?.()) throw new SimulationCancelledError();
      options.onProgress?.(progressOf(work, step, shift));
    }
    if (step > options.stepBudget + (stops?.disruptions.stopSteps ?? 0)) throw stuckError(run, step);
    state.step = step;
    if (stops && shift?.brokeDown) for (const robot of stops.takeBreakdowns()) shift.brokeDown(robot, step);
    // A shift's dispatcher goes first, so a charge it sends a robot at its station to queues with
    // the step's other arrivals before the chargers are handed out.
    dispatch?.(step);
    run.metering?.countHeading();
    work.releaseHeld(step);
    work.runEvents(step);
    if (!dispatch && work.finishedCount >= robots.length) break;
    active.length = 0;
    for (let robot = 0; robot < robots.length; robot++) {
      if (state.mode[robot] === Mode.Moving || state.mode[robot] === Mode.Handling) active.push(robot);
    }
    for (const robot of active) if (state.mode[robot] === Mode.Handling) state.reserve(robot, state.pos[robot]);
    stops?.beforeMoves(active, step);
    guardBatteries(run, active);
    stops?.steerActive(active);
    policy.chooseMoves(active);
    if (holds) {
      holds.holdBeforeMoves(state, active);
      movedFrom.length = 0;
      for (const robot of active) movedFrom.push(state.pos[robot]);
    }
    applyMoves(run, active, step);
    holds?.afterMoves(state, active, movedFrom);
    work.countQueues();
    recorder.cells(step + 1, state.pos);
    stops?.markHeld();
    afterMoves(run, active, step + 1);
  }
  stops?.finish(step);
  options.onProgress?.(1);
  return {
    robots: recorder.finish(),
    waitSteps: recorder.waitSteps,
    queueStepsByStation: recorder.queueStepsByStation,
    dockQueueSteps: recorder.dockQueueSteps,
    dockWaitSteps: recorder.dockWaitSteps,
    steps: step,
    deadlocksResolved: watch.deadlocksResolved,
    ...(stops ? { disruptions: stops.disruptions } : {}),
    ...(run.metering ? { dockHolds: run.metering.holds } : {}),
  };
}

/** The share of the run done: of the deliveries, or of a shift's steps. */
function progressOf(work: WorkCycle, step: number, shift: ShiftRun | undefined): number {
  if (shift) return shift.endStep === 0 ? 1 : step / shift.endStep;
  return work.deliveriesTotal === 0 ? 1 : work.deliveriesDone / work.deliveriesTotal;
}

/**
 * The dock `robot` queues for this step, or null: it stays where it is, heading for a pickup or
 * dropoff that another robot visiting it holds or steps onto (on its way in, handling or on its
 * way out), and stands within `DOCK_QUEUE_REACH_CELLS` of it.
 * Read before the moves, on the cells robots held through the step.
 */
function dockQueuedFor({ state, work }: Run, robot: number): string | null {
  const from = state.pos[robot];
  if (state.next[robot] !== from || state.mode[robot] !== Mode.Moving) return null;
  const goal = state.goal[robot];
  // Standing on it, or the one stepping onto it this step.
  const holder = state.occupant[goal] >= 0 ? state.occupant[goal] : state.reservedBy[goal];
  if (holder < 0 || holder === robot || !work.visits(holder, goal)) return null;
  if (state.field[robot][from] > DOCK_QUEUE_REACH_CELLS) return null;
  return work.goalPlace(robot);
}

/** Every active robot steps to its chosen cell (or stays) during `step`; distance, waiting, handling and activities count. */
function applyMoves(run: Run, active: readonly number[], step: number): void {
  const { state, recorder, work, stops, dockQueue } = run;
  for (const robot of active) dockQueue[robot] = dockQueuedFor(run, robot);
  for (const robot of active) state.leave(robot, state.pos[robot]);
  for (const robot of active) {
    const from = state.pos[robot];
    const to = state.next[robot];
    state.release(robot, to);
    state.stand(robot, to);
    state.next[robot] = -1;
    const phase = state.phase[robot] as Phase;
    if (to !== from) {
      run.metering?.leftCell(from);
      state.pos[robot] = to;
      work.used[robot] += 1;
      recorder.moved(robot);
      recorder.activity(robot, step, work.isLoaded(robot) ? 'drive_loaded' : 'drive_empty');
    } else if (state.mode[robot] === Mode.Handling) {
      recorder.activity(robot, step, 'handling');
    } else if (stops?.isStopped(robot)) {
      // A delay or a breakdown: standing still, though nobody is in the way (on the way home too:
      // the activities then add up to the record's stops).
      recorder.activity(robot, step, 'stopped');
    } else if (phase !== Phase.ToHome) {
      const dock = dockQueue[robot] ?? work.heldFor(robot);
      if (dock === null) {
        recorder.blocked(robot, from);
        recorder.activity(robot, step, 'waiting');
      } else {
        recorder.dockQueued(robot, dock, from);
        recorder.activity(robot, step, 'dock_queued');
      }
    } else {
      // Its work is done: standing aside on the way home is not waiting.
      recorder.activity(robot, step, 'idle');
    }
    if (state.mode[robot] === Mode.Handling) work.handlingLeft[robot]--;
  }
}

/** Before the moves: robots short of charge for their plan rank first, and tight ones only wait or move closer. */
function guardBatteries({ state, work, policy, params, guardHomeward }: Run, active: readonly number[]): void {
  for (const robot of active) {
    if (state.mode[robot] !== Mode.Moving) continue;
    const used = work.used[robot];
    const homeward = state.phase[robot] === Phase.ToHome;
    const spare =
      homeward && !guardHomeward ? Infinity : params.maxDistance - used - work.metresStillNeeded(robot, false);
    state.spare[robot] = spare;
    // A held robot with no charge to spare sets out first (its goal then changes, and with it tight).
    if (spare < TIGHT_SLACK_M) work.releaseNow(robot, state.step);
    state.tight[robot] = spare < TIGHT_SLACK_M ? 1 : 0;
    if (homeward) continue;
    // A robot that can take its plan's next charge sooner need not keep to the plan's metres to
    // keep to its charges: it is short of charge only on its plan's last charge.
    if (work.hasChargeToBringForward(robot)) continue;
    const planSlack = params.maxDistance - used - work.metresStillNeeded(robot, true);
    if (planSlack < URGENT_SLACK_M) policy.urgent(robot, planSlack);
  }
}

/** After a step: progress, arrivals. */
function afterMoves(run: Run, active: readonly number[], arrived: number): void {
  const { state, work, policy, watch, stops } = run;
  // One robot a step charges first: two tight robots head on are stuck for as long, and once one
  // of them turns home the other can pass (both turning would cost two charges, not one).
  let chargedFirst = false;
  for (const robot of active) {
    if (state.mode[robot] !== Mode.Moving) continue;
    // A stopped robot has not tried to move: nothing to watch. Nor has one held for its dropoff.
    if (stops?.isStopped(robot) || work.heldFor(robot) !== null) continue;
    if (state.phase[robot] === Phase.ToHome) {
      // Its work is done: it yields to everyone and never holds the run up.
      if (state.pos[robot] === state.goal[robot]) work.arrived(robot, arrived);
      continue;
    }
    const progress = watch.check(robot, stops?.isHeld(robot));
    if (progress.verdict === 'stuck') {
      if (
        !chargedFirst &&
        state.tight[robot] &&
        progress.periods >= TIGHT_STUCK_PERIODS &&
        work.chargeFirst(robot, arrived)
      ) {
        chargedFirst = true;
        continue;
      }
      policy.stuck(robot, progress.periods, run.random());
    } else if (progress.verdict === 'hopeless') throw stuckError(run, arrived, robot);
    if (state.pos[robot] === state.goal[robot]) work.arrived(robot, arrived);
    else policy.kept(robot);
  }
}

function stuckError({ robots, state, floor, work }: Run, at: number, culprit?: number): TrafficJamError {
  const describe = (robot: number) =>
    `${robots[robot].id} at ${floor.describe(state.pos[robot])} heading for ${floor.describe(state.goal[robot])}`;
  const blocked = culprit === undefined ? [] : [describe(culprit)];
  for (const cell of culprit === undefined
    ? []
    : [0, 1, 2, 3].map((k) => floor.neighbours[state.pos[culprit] * 4 + k])) {
    if (cell >= 0 && state.occupant[cell] >= 0) blocked.push(describe(state.occupant[cell]));
  }
  for (let robot = 0; robot < robots.length && blocked.length < 5; robot++) {
    if (!work.finished[robot] && robot !== culprit) blocked.push(describe(robot));
  }
  return new TrafficJamError(
    `The robots cannot get past each other after ${at} steps: ${blocked.join('; ')}${work.finishedCount < robots.length - blocked.length ? ' and others' : ''}`,
  );
}
