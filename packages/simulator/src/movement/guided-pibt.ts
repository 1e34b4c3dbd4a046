import { type Floor, headingOfStep, restHeading } from '@fleetlab/warehouse';
import { NO_DUE, Phase, type FloorTraffic } from '../execution/floor-traffic.ts';
import { GuidePaths } from './guide-paths.ts';
import type { GuideStart, GuideTurnCosts } from './guide-search.ts';
import type { PreferredWalk } from './movement-policies.ts';
import { PriorityInheritancePolicy, STUCK_BOOST, URGENT_PRIORITY } from './priority-inheritance.ts';

/**
 * A robot pushed off its guide path gets a new one from where it stands, at most this often (in
 * steps): the new path sees the traffic as it is now. More often gains nothing measurable on the
 * benchmark floors and costs searches.
 */
const REPLAN_EVERY_STEPS = 10;
/**
 * Robots per free cell from which a robot with acceleration and turns takes guide paths round
 * the traffic rather than its least-time walk whenever another robot is on the move. Measured
 * (npm run bench:simulator, drive-unit and amr): on the bench's crowded floors (t1 and t2 0.034,
 * xl1 0.056, d5k 0.117, dense 0.2, d20k 0.236) the least-time walk, blind to the traffic, has
 * robots pushed aside and driving beyond their plan's metres (d5k: 12.6% against points' 4.9%),
 * which takes charges the plan never had; on the sparse ones (s1-l1, 0.011-0.013) guide paths
 * only add turns (s1 drive-unit 1.118x -> 1.202x free flow, m2 and l1 amr 1.25x -> 1.37x). At
 * 0.05 (t1 and t2 sparse) t1 took 1 and 2 extra charges against 0 and 1.
 */
const CROWDED_ROBOTS_PER_FREE_CELL = 0.03;

/**
 * Robots per free cell below which the guide paths of robots with acceleration and turns count
 * what each change of direction costs them (`GuideSearch`, `guideTurnCosts`). Guide paths blind to
 * turns zigzag across open floor where the crowding costs break ties between walks of equal
 * length, and every zig costs a stop and a turn: on xl1 (0.056) drive units turned at speed
 * 15,612 times in the discrete run, where their plan's walks turn about 6 times a delivery. With
 * turns counted (npm run bench:simulator, the same plans; simulation seed 1 unless said): xl1
 * drive-unit 1.472 -> 1.351x its plan (seed 2: 1.478 -> 1.332-1.357), amr 1.440 -> 1.334; t1
 * drive-unit 1.081 -> 1.027 (seed 2: 1.094 -> 1.032), amr 1.136 -> 1.069 (seed 2: 1.142 -> 1.052);
 * t2 drive-unit 1.083 -> 1.036 (seed 2: 1.087 -> 1.035). On the crowded floors turns matter less
 * than keeping to the lane of one's direction, which changing lanes for a sixteenth of a step of
 * crowding does at the cost of two turns: d5k (0.117) ran 1.298-1.333 -> 1.377-1.413 over seeds
 * 1-3 with 4 points more metres driven beyond the plan, d20k (0.236) 2.299 -> 2.325 with 1,080
 * charges beyond the plan against 422, and its guide searches (four headings a cell) took the
 * simulation from 29 s to 80-92 s; dense (0.2) and hotspot (0.187) moved both ways by seed.
 */
const TURN_AWARE_BELOW_ROBOTS_PER_FREE_CELL = 0.1;

/**
 * Robots per free cell below which point robots follow the least crowded of their shortest walks
 * rather than guide paths round the traffic: on such a floor a detour costs a point robot more
 * than the wait it saves. Measured (npm run bench:simulator -- --max-iterations 200 --time-limit
 * 60, the same plans, simulation seed 1; executed s): xl1 (0.056) 768 -> 763 (seeds 2 and 3: 767
 * -> 764; over six other plans a mean of 768.2 -> 766.5, one of them 768 -> 775), t1 (0.034)
 * 4,737 -> 4,720, t2 4,746 -> 4,732, l1 993 -> 988, m2 627 -> 625, s2 1,180 -> 1,176, m1 488 ->
 * 489, s1 91 both. On the crowded floors the guide paths' detours pay or
 * cost nothing: with shortest walks dense (0.2) ran 1,047 -> 1,303, d5k (0.117) 2,399 -> 2,394.
 * Robots with acceleration and turns keep guide paths everywhere (shortest walks: xl1 drive-unit
 * 1.351 -> 1.401x its plan, m1 1.062 -> 1.106x).
 */
const POINT_SHORTEST_WALKS_BELOW_ROBOTS_PER_FREE_CELL = 0.1;

/**
 * A stuck robot's priority starts here, above every robot short of charge: when a one-lane aisle
 * fills with robots going both ways, late in a day when most robots are short of charge for their
 * plan, only a stuck robot that may push them (tight ones still never step away) clears it.
 */
const STUCK_ABOVE_URGENT = 1000 * URGENT_PRIORITY;

/**
 * What a cell on the pusher's guide path costs a pushed robot, in steps: a robot pushed along the
 * path of the one behind it is pushed again next step, one pushed off to the side lets it pass.
 * Measured with the same plans and seeds (xl1, dense, d5k, d20k, t2, l1; seeds 1 and 2): one
 * step cut the metres driven beyond the plan by 5-10% and finished each day 0.2-3.6% sooner; two
 * or more sent pushed robots away from their goals and finished later.
 */
const PUSHED_ONTO_PATH_STEPS = 1;

/**
 * Congestion-aware movement: PIBT that follows guide paths (`GuidePaths`) instead of shortest
 * walks. A robot's guide path is chosen when it gets a goal, around the traffic the other
 * robots' guide paths will make, and chosen again when it has been pushed off it; PIBT ranks a
 * robot's moves by the way to its goal along that path. Robots behind their plan start each goal
 * with a head start in priority. Every PIBT guarantee stands: no conflicts, priorities that grow
 * while a robot is kept from its goal, stuck robots boosted through. A robot short of charge
 * follows the least crowded of its shortest walks, away from the others short of charge (they
 * cannot step aside for each other), so it spends no metre on a detour it cannot afford.
 */
export class GuidedPibtPolicy extends PriorityInheritancePolicy {
  protected readonly guides: GuidePaths;
  /** 1 for a robot with a new goal and no guide path to it yet: it gets one when it next moves. */
  private readonly unplanned: Uint8Array;
  /**
   * 1 for a robot that gets the least crowded of its shortest walks when it next moves: reported
   * short of charge since the last moves were chosen (the executor reports them every step,
   * before the moves), or tight and stuck (`stuck`).
   */
  private readonly short: Uint8Array;
  /** 1 while the robot's guide path is one of its shortest walks. */
  private readonly shortest: Uint8Array;
  private readonly sincePlanned: Int32Array;
  /** Steps each robot ran behind its plan when it last got a goal the plan has a step for. */
  private readonly lateness: Float64Array;
  /** The cell each robot stood on when its passed edges were last taken off (-1: never). */
  private readonly advancedAt: Int32Array;
  /** With turn costs: each robot's heading (`HEADING_STEPS` order), that of its last move or its place's rest heading. */
  private readonly heading: Int8Array | null;
  /** 1 for a robot that moved in the last step (it is at speed: a turn costs it braking and starting). */
  private readonly moving: Uint8Array;

  constructor(
    floor: Floor,
    state: FloorTraffic,
    random: () => number,
    /** Robots with acceleration and turns: the walk a new goal's guide path starts as (their least-time walk). */
    private readonly preferredWalk?: PreferredWalk,
    /** Robots with acceleration and turns: what a change of direction costs their guide paths. */
    turns?: GuideTurnCosts,
  ) {
    super(floor, state, random);
    const turnAware = turns !== undefined && state.n < TURN_AWARE_BELOW_ROBOTS_PER_FREE_CELL * floor.freeCellCount();
    this.guides = new GuidePaths(floor, state.n, state.blockedCell, turnAware ? turns : null);
    this.heading = turnAware ? Int8Array.from(state.pos, (cell) => restHeading(floor, cell)) : null;
    this.moving = new Uint8Array(state.n);
    this.unplanned = new Uint8Array(state.n).fill(1);
    this.crowded = state.n >= CROWDED_ROBOTS_PER_FREE_CELL * floor.freeCellCount();
    this.shortestWalks =
      preferredWalk === undefined && state.n < POINT_SHORTEST_WALKS_BELOW_ROBOTS_PER_FREE_CELL * floor.freeCellCount();
    this.short = new Uint8Array(state.n);
    this.shortest = new Uint8Array(state.n);
    this.sincePlanned = new Int32Array(state.n);
    this.lateness = new Float64Array(state.n);
    this.advancedAt = new Int32Array(state.n).fill(-1);
  }

  override chooseMoves(active: number[]): void {
    this.updateGuides(active);
    super.chooseMoves(active);
    this.endStep();
  }

  /** Before the moves: passed edges stop counting, and robots with a new goal, short of charge or pushed off their path get a new guide path. */
  protected updateGuides(active: readonly number[]): void {
    const { state, guides, floor, heading } = this;
    // Every robot, not only the active ones: one that parked on its goal has passed its last edges
    // too. Only a robot that moved can have passed more (a new guide path starts where it stands),
    // and its move says its heading.
    for (let robot = 0; robot < state.n; robot++) {
      const cell = state.pos[robot];
      const before = this.advancedAt[robot];
      this.moving[robot] = 0;
      if (cell === before) continue;
      if (heading !== null && before >= 0) {
        const direction = headingOfStep(floor.x(cell) - floor.x(before), floor.y(cell) - floor.y(before));
        if (direction >= 0) {
          heading[robot] = direction;
          this.moving[robot] = 1;
        }
      }
      this.advancedAt[robot] = cell;
      guides.advance(robot, cell);
    }
    for (const robot of active) {
      const short = (this.shortestWalks && state.phase[robot] !== Phase.ToHome) || this.short[robot] === 1;
      if (this.unplanned[robot] || (short && !this.shortest[robot])) this.plan(robot, short);
      else if (++this.sincePlanned[robot] >= REPLAN_EVERY_STEPS) {
        const cell = state.pos[robot];
        if (cell !== state.goal[robot] && !guides.isOnPath(robot, cell)) this.plan(robot, short);
      }
    }
  }

  /** After the moves: robots still short of charge are reported again before the next ones. */
  protected endStep(): void {
    this.short.fill(0);
  }

  /**
   * A new goal: the robot gets a guide path when it next moves, and starts with its projected
   * finish as priority (PIBT's count of steps kept from the goal then adds to it): the steps it
   * runs behind its plan less the steps its plan finishes before the latest robot's (least laxity
   * first). The makespan is the latest robot's finish, so the robots that would finish last go
   * first, and a robot whose plan ends early gives way while it has time to spare: on greedy's
   * uneven plans d5k ran 1.054-1.056x its plan over three seeds with lateness alone, 1.029-1.030x
   * with its finish (xl1 1.046-1.083x, 1.041-1.042x). An extra charge keeps the lateness the
   * robot had; the drive home after the last task gets none (those robots yield to everyone).
   */
  override newGoal(robot: number): void {
    super.newGoal(robot);
    const { state } = this;
    const due = state.due[robot];
    if (due !== NO_DUE) this.lateness[robot] = Math.max(0, state.step + state.field[robot][state.pos[robot]] - due);
    if (state.phase[robot] !== Phase.ToHome) this.priority[robot] += this.lateness[robot] - this.slackOf(robot);
    this.unplanned[robot] = 1;
  }

  /** The latest of the robots' planned finishes (-1: not yet read). */
  private latestFinish = -1;

  /** Steps the robot's plan finishes before the latest robot's (0 without a plan's clock). */
  private slackOf(robot: number): number {
    const { finishDue } = this.state;
    if (finishDue[robot] === NO_DUE) return 0;
    if (this.latestFinish < 0) this.latestFinish = Math.max(0, ...finishDue);
    return this.latestFinish - finishDue[robot];
  }

  /**
   * Short of charge: the robot outranks the others (unless stuck) and its guide path becomes the
   * least crowded of its shortest walks, so it spends no metre on a detour but still keeps to the
   * lane of its direction.
   */
  override urgent(robot: number, slack: number): void {
    // A stuck robot keeps its boost until it gets through.
    if (this.priority[robot] < STUCK_ABOVE_URGENT) super.urgent(robot, slack);
    this.short[robot] = 1;
  }

  override stuck(robot: number, periods: number, coin: number): void {
    this.priority[robot] = this.tightFirst(robot) + STUCK_ABOVE_URGENT + STUCK_BOOST * (periods + coin);
    // A tight robot only waits or steps closer, so a guide path round the traffic, whose first
    // step is away, holds it where it stands for good: stuck, it takes the least crowded of its
    // shortest walks. On d20k such a robot, boxed in at a pickup, jammed the day until a replay
    // (with walks of least time, drive units: 31,668 s with 1,001 charges beyond the plan and a
    // replay before, 30,968 s with 417 and none after).
    if (this.state.tight[robot]) this.short[robot] = 1;
  }

  /** A breakdown blocked or freed cells: robots whose guide path crosses a blocked cell get a new one when they next move. */
  blockedCellsChanged(): void {
    const { state, guides } = this;
    for (let cell = 0; cell < state.blockedCell.length; cell++) {
      if (!state.blockedCell[cell]) continue;
      for (let robot = 0; robot < state.n; robot++) if (guides.isOnPath(robot, cell)) this.unplanned[robot] = 1;
    }
  }

  /** A pushed robot steps off the pusher's guide path when it can (`PUSHED_ONTO_PATH_STEPS`). */
  protected override pushedCost(_robot: number, pusher: number, cell: number): number {
    return this.guides.isOnPath(pusher, cell) ? PUSHED_ONTO_PATH_STEPS : 0;
  }

  protected costToGo(robot: number, cell: number): number {
    return this.unplanned[robot] ? this.state.field[robot][cell] : this.guides.costToGo(robot, cell);
  }

  /** Whether the floor is crowded (`CROWDED_ROBOTS_PER_FREE_CELL`): robots with models then take guide paths round the traffic. */
  private readonly crowded: boolean;
  /** Point robots on a floor below POINT_SHORTEST_WALKS_BELOW_ROBOTS_PER_FREE_CELL: every guide path is the least crowded of the shortest walks. */
  private readonly shortestWalks: boolean;

  /**
   * Where a turn-aware guide path starts: the robot's heading, and whether it is at speed. A robot
   * standing with a new goal stands at a place, turned to its rest heading (`MotionHolds`).
   */
  private startOf(robot: number): GuideStart | null {
    const { heading } = this;
    if (heading === null) return null;
    const moving = this.moving[robot] === 1;
    if (!moving && this.unplanned[robot]) heading[robot] = restHeading(this.floor, this.state.pos[robot]);
    return { heading: heading[robot], moving };
  }

  private plan(robot: number, shortest: boolean): void {
    const { pos, goal } = this.state;
    // A robot with acceleration and turns sets out along its least-time walk while no other robot
    // is on the move, so alone it drives its plan's walk (the metres its plan counted, so also
    // when short of charge). With others about it takes a guide path round the traffic like any
    // robot: following the least-time walk blind to the traffic, drive units on d5k drove 12.6%
    // beyond their plan's metres (points 4.9%), and a day that ran 1.60x free flow with 1 extra
    // charge runs 1.38-1.48x with none, by the battery rule (npm run bench:simulator --
    // --instances d5k --robot-model drive-unit). Following it only where no other guide path touched it was nearly as blind
    // (1.56x; amr 1.68x and 22 extra charges).
    const keepsWalk = this.crowded ? this.guides.aloneOnTheMove(robot) : !(shortest && this.guides.othersRigid(robot));
    if (this.preferredWalk && this.unplanned[robot] && keepsWalk)
      this.guides.follow(robot, this.preferredWalk(pos[robot], goal[robot]));
    else {
      const start = this.startOf(robot);
      // A point robot that keeps to shortest walks by choice (not short of charge) goes round a
      // broken-down robot that cuts them all off, rather than waiting out the repair.
      const byChoice = shortest && this.short[robot] === 0;
      if (!this.guides.plan(robot, pos[robot], goal[robot], shortest, start) && byChoice)
        this.guides.plan(robot, pos[robot], goal[robot], false, start);
    }
    this.unplanned[robot] = 0;
    this.shortest[robot] = shortest ? 1 : 0;
    this.sincePlanned[robot] = 0;
  }
}
