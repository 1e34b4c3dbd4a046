import { UNREACHABLE, type DisruptionSettings, type Floor } from '@fleetlab/warehouse';
import type { MovementPolicy } from '../movement/movement-policy.ts';
import { DetourFields } from './detours.ts';
import { Disruptions } from './disruptions.ts';
import { type FloorTraffic, Mode } from './floor-traffic.ts';
import type { ProgressWatch } from './progress-watch.ts';

/**
 * How many robots deep a queue behind a stopped robot is held: a one-lane aisle's queue behind a
 * broken robot. A jam wider than this is the crowd's own, and the progress watch judges it as any
 * other. (Boosting the queue instead, as the watch does a robot kept from its goal, only has it
 * push the robots round it about: on d20k's day with delays and breakdowns, seed 1, that drove
 * robots short of charge into jams at the dropoffs that no replay cleared.)
 */
const QUEUE_DEPTH = 8;
/**
 * Metres a robot keeps to spare after a detour round a broken robot: the executor's tight rule
 * starts at 2 m of slack, and a robot pushed about on the way round needs a few more.
 */
const DETOUR_MARGIN_M = 10;

/**
 * Delays and breakdowns on the shared floor. A stopped robot keeps its cell: it is reserved there
 * before the movement policy chooses, so no policy can push it or take its cell, and whoever wants
 * through waits or goes round. A broken-down robot also blocks its cell in every robot's distance
 * field (`DetourFields`, `FloorTraffic.blockedCell`): robots follow walks round it, and a robot
 * whose goal it cuts off (a one-lane aisle, the goal itself), or whose charge cannot spare the
 * detour, waits for the repair. Robots kept by a stop (next to a stopped robot, in the queue
 * standing still behind one, or cut off from their goal) wait without the progress watch counting
 * it, so the resolver never fights a stop and a long repair never reads as a jam. A tight robot
 * (no charge to spare at all) keeps the floor's own walks.
 */
export class StopsOnFloor {
  readonly disruptions: Disruptions;
  private readonly detours: DetourFields;
  /** 1 for a robot that stands still this step for a stop. */
  private readonly stoppedNow: Uint8Array;
  /** 1 for a robot whose goal no walk round the blocked cells reaches. */
  private readonly cutOff: Uint8Array;
  /** `held[robot] === stamp` for a robot kept by a stop after the last moves, `depth` robots from the stopped one. */
  private readonly held: Int32Array;
  private readonly depth: Int32Array;
  /** Each robot's cell before the step's moves. */
  private readonly before: Int32Array;
  private stamp = 0;
  private anyStopped = false;
  private readonly queue: Int32Array;
  /** Robots that broke down since the dispatcher last heard. */
  private brokeDown: number[] = [];

  constructor(
    private readonly floor: Floor,
    private readonly state: FloorTraffic,
    private readonly watch: ProgressWatch,
    private readonly policy: MovementPolicy,
    settings: DisruptionSettings,
    stepS: number,
    seed: number,
    /** Metres the robot can still spare beyond finishing the delivery under way and getting home. */
    private readonly spareMetres: (robot: number) => number,
  ) {
    this.disruptions = new Disruptions(settings, state.n, stepS, seed);
    this.detours = new DetourFields(floor, state.blockedCell);
    this.stoppedNow = new Uint8Array(state.n);
    this.cutOff = new Uint8Array(state.n);
    this.held = new Int32Array(state.n);
    this.depth = new Int32Array(state.n);
    this.before = new Int32Array(state.n);
    this.queue = new Int32Array(state.n);
  }

  /** The robot got a goal (`state.field` is the floor's walk to it): round the blocked cells, if any. */
  steer(robot: number): void {
    if (this.detours.blockedCount > 0) this.chooseField(robot);
  }

  /**
   * Before the moves: repairs done, stops that start, and every active robot that stands still
   * for a stop reserved on its cell. Robots that broke down are kept for `takeBreakdowns`.
   */
  beforeMoves(active: readonly number[], step: number): void {
    const { state, disruptions, floor } = this;
    let changed = false;
    for (let robot = 0; robot < state.n; robot++) {
      if (state.repairedAt[robot] < 0 || step < state.repairedAt[robot]) continue;
      state.repairedAt[robot] = -1;
      disruptions.brokenDown[robot] = 0;
      this.detours.unblock(state.pos[robot]);
      changed = true;
    }
    this.anyStopped = false;
    this.stoppedNow.fill(0);
    this.before.set(state.pos);
    for (const robot of active) {
      if (state.mode[robot] !== Mode.Moving) continue;
      const cell = state.pos[robot];
      let stopped = disruptions.isStopped(robot, step);
      if (!stopped) {
        const kind = disruptions.tick(robot, step, floor.keepClear[cell] === 0);
        stopped = kind !== null;
        if (kind === 'breakdown') {
          state.repairedAt[robot] = disruptions.stoppedUntil[robot];
          // At its own station it blocks nothing: the station's robots share that cell.
          if (!state.isHome(robot, cell)) {
            this.detours.block(cell);
            changed = true;
          }
          this.brokeDown.push(robot);
        }
      }
      if (!stopped) continue;
      this.stoppedNow[robot] = 1;
      this.anyStopped = true;
      state.reserve(robot, cell);
    }
    if (!changed) return;
    for (let robot = 0; robot < state.n; robot++) if (state.mode[robot] === Mode.Moving) this.chooseField(robot);
    this.policy.blockedCellsChanged?.();
  }

  /**
   * After the battery guard: a tight robot cannot afford a detour, so it keeps the floor's walk
   * (and waits for a repair); a robot on the floor's walk that now has a blocked cell on one of its
   * shortest walks (it was pushed, or came nearer) takes the way round.
   */
  steerActive(active: readonly number[]): void {
    if (this.detours.blockedCount === 0) return;
    const { state, floor } = this;
    for (const robot of active) {
      if (state.mode[robot] !== Mode.Moving) continue;
      const walks = floor.distanceField(state.goal[robot]);
      if (state.tight[robot]) {
        if (state.field[robot] === walks) continue;
        state.field[robot] = walks;
        this.watch.reset(robot);
      } else if (state.field[robot] === walks && this.blockedOnWalk(robot, walks)) this.chooseField(robot);
    }
  }

  /** Whether the robot stood still this step for a stop. */
  isStopped(robot: number): boolean {
    return this.stoppedNow[robot] === 1;
  }

  /** The robots that broke down since the last call. */
  takeBreakdowns(): number[] {
    const robots = this.brokeDown;
    this.brokeDown = [];
    return robots;
  }

  /**
   * After the moves: marks the robots a stop keeps: those next to a stopped robot, those that
   * stood still this step within QUEUE_DEPTH robots of one, each next to the one before (a queue
   * in an aisle behind a broken robot), and those no walk round the blocked cells takes to their
   * goal. They wait for the stop to end without the progress watch counting it.
   */
  markHeld(): void {
    const { state, floor, held, depth, queue } = this;
    const stamp = ++this.stamp;
    if (!this.anyStopped && this.detours.blockedCount === 0) return;
    let tail = 0;
    for (let robot = 0; robot < state.n; robot++) {
      if (this.stoppedNow[robot]) {
        held[robot] = stamp;
        depth[robot] = 0;
        queue[tail++] = robot;
      } else if (this.cutOff[robot] && this.detours.blockedCount > 0) {
        held[robot] = stamp;
        depth[robot] = 1;
      }
    }
    for (let head = 0; head < tail; head++) {
      const from = queue[head];
      if (depth[from] >= QUEUE_DEPTH) continue;
      const cell = state.pos[from];
      for (let k = 0; k < 8; k++) {
        const next = k < 4 ? floor.neighbours[cell * 4 + k] : floor.incoming[cell * 4 + k - 4];
        if (next < 0) continue;
        const other = state.occupant[next];
        if (other < 0 || held[other] === stamp) continue;
        // Beyond the first, only robots that stood still this step queue behind.
        if (depth[from] > 0 && this.before[other] !== state.pos[other]) continue;
        held[other] = stamp;
        depth[other] = depth[from] + 1;
        queue[tail++] = other;
      }
    }
  }

  /** Whether a stop keeps the robot (`markHeld`). */
  isHeld(robot: number): boolean {
    return this.held[robot] === this.stamp;
  }

  /** The run ended at `step`. */
  finish(step: number): void {
    this.disruptions.endAt(step);
  }

  /** Whether a blocked cell lies on one of the robot's shortest walks to its goal (`walks`, the floor's field of its goal). */
  private blockedOnWalk(robot: number, walks: Int32Array): boolean {
    const { state, floor } = this;
    const cell = state.pos[robot];
    for (const blocked of this.detours.blockedCells) {
      if (walks[blocked] + floor.distanceField(blocked)[cell] === walks[cell]) return true;
    }
    return false;
  }

  /**
   * The robot's field: the floor's walk while no blocked cell lies on a shortest walk of it (so
   * most robots keep their walks and nothing is searched for them), else round the blocked cells,
   * unless it is tight or no walk round them reaches its goal.
   */
  private chooseField(robot: number): void {
    const { state, floor } = this;
    const goal = state.goal[robot];
    const cell = state.pos[robot];
    const walks = floor.distanceField(goal);
    if (this.detours.blockedCount === 0 || !this.blockedOnWalk(robot, walks)) {
      this.cutOff[robot] = 0;
      if (state.field[robot] !== walks) {
        state.field[robot] = walks;
        this.watch.reset(robot);
      }
      return;
    }
    const around = this.detours.field(goal);
    this.cutOff[robot] = around[cell] >= UNREACHABLE ? 1 : 0;
    // A detour its charge cannot spare is no way round: the robot waits for the repair instead.
    const affordable = !this.cutOff[robot] && around[cell] - walks[cell] < this.spareMetres(robot) - DETOUR_MARGIN_M;
    const field = !affordable || state.tight[robot] ? walks : around;
    if (state.field[robot] === field) return;
    state.field[robot] = field;
    this.watch.reset(robot);
  }
}
