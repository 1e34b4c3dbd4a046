import { UNREACHABLE, type Floor } from '@fleetlab/warehouse';
import { GuideSearch, type GuideStart, type GuideTraffic, type GuideTurnCosts, NEAR_STEPS } from './guide-search.ts';

/** Offsets of a cell's three figures in a robot's distance-to-path search (`GuidePaths.toPath`). */
const MARK = 0;
const REACH = 1;
const TOGO = 2;

/**
 * Congestion-aware guide paths (after Chen, Harabor, Li and Stuckey, "Traffic flow optimisation
 * for lifelong multi-agent path finding", AAAI 2024), one per robot, and the traffic they add up
 * to. A robot's guide path is the cheapest walk to its goal when each step costs one step plus
 * what the other robots' remaining guide paths make of it (`GuideSearch`, `GUIDE_COSTS`): robots
 * going opposite ways take different lanes and different one-lane aisles, and a robot leaving a
 * goal steps aside from the one about to arrive. As a robot walks its guide path the edges behind
 * it stop counting.
 *
 * A robot's cost to go from a cell is its distance to the guide path plus the steps left along
 * the path from the cell where it joins (ties join nearer the goal). It is 0 only at the goal and
 * every other cell has a neighbour one less, so PIBT following it reaches the goal as it would on
 * walk lengths. It comes from a breadth-first search out of every path cell, run lazily: a robot
 * on its path only asks about its neighbours, so the search rarely goes past the cells next to
 * the path. Like every walk on the floor it never passes through a station cell.
 */
export class GuidePaths {
  private readonly traffic: GuideTraffic;
  private readonly paths: Int32Array[];
  private readonly length: Int32Array;
  /** 1 for a robot whose guide path is a shortest walk it will not leave (short of charge). */
  private readonly rigid: Uint8Array;
  /**
   * 1 for a robot following a given walk (`follow`): one longer than the shortest (a least-time
   * walk takes fewer turns) must not be cut short, so a cell off it costs at least what standing
   * on the path where the robot was costs, plus the way back (`costToGo`).
   */
  private readonly strict: Uint8Array;
  /** Index in its path of the last path cell each robot stood on: edges before it no longer count. */
  private readonly progress: Int32Array;
  // Each robot's lazy distance-to-path search, in `toPath[robot]` at 3 * cell: a cell marked with
  // the robot's current stamp (+MARK) holds its distance to the path (+REACH) and the steps left
  // from the path cell it joins (+TOGO), side by side so that a look at a cell reads one place in
  // memory, not three (PIBT asks every robot about 5 cells a step); `queue` holds the search's
  // frontier between `head` and `tail`.
  private readonly stamp: Int32Array;
  private readonly toPath: Int32Array[];
  private readonly queue: Int32Array[];
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly search: GuideSearch;

  constructor(
    private readonly floor: Floor,
    robotCount: number,
    /** 1 on a cell a broken-down robot blocks: guide paths go round it. */
    blocked: Uint8Array | null = null,
    /** Robots with acceleration and turns: what a change of direction costs a guide path (`GuideSearch`). */
    turns: GuideTurnCosts | null = null,
  ) {
    const cells = floor.cellCount;
    this.traffic = {
      flow: new Int32Array(cells * 4),
      load: new Int32Array(cells),
      nearFlow: new Int32Array(cells * 4),
      nearLoad: new Int32Array(cells),
      rigidFlow: new Int32Array(cells * 4),
    };
    this.rigid = new Uint8Array(robotCount);
    this.strict = new Uint8Array(robotCount);
    this.paths = Array.from({ length: robotCount }, () => new Int32Array(0));
    this.length = new Int32Array(robotCount);
    this.progress = new Int32Array(robotCount);
    this.stamp = new Int32Array(robotCount);
    this.toPath = new Array(robotCount);
    this.queue = new Array(robotCount);
    this.head = new Int32Array(robotCount);
    this.tail = new Int32Array(robotCount);
    this.search = new GuideSearch(floor, blocked, turns);
  }

  /**
   * Gives the robot a new guide path from `from` to `goal`, in place of whatever it had left; with
   * `shortest`, one of the shortest walks; with `start`, the robot's heading and whether it is at
   * speed (turns then cost what they cost it). False when a broken-down robot cut the goal off:
   * the path is then the floor's walk, through the broken-down robot's cell.
   */
  plan(robot: number, from: number, goal: number, shortest = false, start: GuideStart | null = null): boolean {
    this.release(robot);
    if (this.paths[robot].length === 0) this.allocate(robot);
    const path = this.paths[robot];
    const length = this.search.run(from, goal, this.traffic, path, shortest, start);
    this.length[robot] = length;
    this.progress[robot] = 0;
    this.rigid[robot] = shortest ? 1 : 0;
    this.strict[robot] = 0;
    this.count(robot, 0, length - 1, 1, false);
    this.count(robot, 0, NEAR_STEPS, 1, true);
    this.seedDistances(robot);
    return this.search.reached;
  }

  /**
   * Gives the robot `cells` (from where it stands to its goal) as its guide path, in place of
   * whatever it had left: a robot with acceleration and turns follows its least-time walk.
   */
  follow(robot: number, cells: readonly number[]): void {
    this.release(robot);
    if (this.paths[robot].length === 0) this.allocate(robot);
    this.paths[robot].set(cells);
    this.length[robot] = cells.length;
    this.progress[robot] = 0;
    this.rigid[robot] = 0;
    this.strict[robot] = 1;
    this.count(robot, 0, cells.length - 1, 1, false);
    this.count(robot, 0, NEAR_STEPS, 1, true);
    this.seedDistances(robot);
  }

  /**
   * Whether the robot is alone on the move: no other robot has a guide path left to walk. The
   * robot's own remaining path comes off the traffic first (it is about to get a new one).
   */
  aloneOnTheMove(robot: number): boolean {
    this.release(robot);
    for (let other = 0; other < this.length.length; other++)
      if (other !== robot && this.length[other] - 1 > this.progress[other]) return false;
    return true;
  }

  /** Takes the robot's remaining guide path off the traffic: it no longer follows one. */
  release(robot: number): void {
    const progress = this.progress[robot];
    this.count(robot, progress, this.length[robot] - 1, -1, false);
    this.count(robot, progress, progress + NEAR_STEPS, -1, true);
    this.length[robot] = 0;
    this.progress[robot] = 0;
  }

  /** Whether any robot but `robot` follows a shortest walk it will not leave (short of charge). */
  othersRigid(robot: number): boolean {
    for (let other = 0; other < this.rigid.length; other++)
      if (other !== robot && this.rigid[other] && this.length[other] > 0) return true;
    return false;
  }

  /** Whether the robot follows a guide path and `cell` is on it. */
  isOnPath(robot: number, cell: number): boolean {
    if (this.length[robot] === 0) return false;
    const toPath = this.toPath[robot];
    return toPath[3 * cell + MARK] === this.stamp[robot] && toPath[3 * cell + REACH] === 0;
  }

  /** The robot stands on `cell`: if that is further along its path, the edges it has passed stop counting. */
  advance(robot: number, cell: number): void {
    if (!this.isOnPath(robot, cell)) return;
    const index = this.length[robot] - 1 - this.toPath[robot][3 * cell + TOGO];
    const before = this.progress[robot];
    if (index <= before) return;
    this.count(robot, before, index, -1, false);
    // The near window slides from [before, before + NEAR_STEPS) to [index, index + NEAR_STEPS).
    this.count(robot, before, Math.min(index, before + NEAR_STEPS), -1, true);
    this.count(robot, Math.max(before + NEAR_STEPS, index), index + NEAR_STEPS, 1, true);
    this.progress[robot] = index;
  }

  /** Steps from `cell` to the goal for a robot that follows its guide path: to the nearest path cell, then along the path. */
  costToGo(robot: number, cell: number): number {
    const toPath = this.toPath[robot];
    const stamp = this.stamp[robot];
    const at = 3 * cell;
    if (toPath[at + MARK] === stamp) return this.offPathCost(robot, toPath[at + REACH], toPath[at + TOGO]);
    const { neighbours, stationAt } = this.floor;
    const queue = this.queue[robot];
    let head = this.head[robot];
    let tail = this.tail[robot];
    while (head < tail && toPath[at + MARK] !== stamp) {
      const from = queue[head++];
      const fromReach = toPath[3 * from + REACH];
      // A station cell is a depot: the way to the path may end there, never pass through it.
      if (fromReach > 0 && stationAt[from] >= 0) continue;
      const fromTogo = toPath[3 * from + TOGO];
      for (let k = 0; k < 4; k++) {
        const next = neighbours[from * 4 + k];
        if (next < 0 || toPath[3 * next + MARK] === stamp) continue;
        toPath[3 * next + MARK] = stamp;
        toPath[3 * next + REACH] = fromReach + 1;
        toPath[3 * next + TOGO] = fromTogo;
        queue[tail++] = next;
      }
    }
    this.head[robot] = head;
    this.tail[robot] = tail;
    return toPath[at + MARK] === stamp ? this.offPathCost(robot, toPath[at + REACH], toPath[at + TOGO]) : UNREACHABLE;
  }

  /**
   * A cell `reach` steps off the path that joins it `togo` steps from the goal. Off a given walk
   * (`strict`) a cell beside the walk further on is no shortcut: it costs at least the steps left
   * from the robot's last path cell plus the way back, so a robot alone keeps to its walk, and a
   * pushed robot steps aside as readily as it backs up.
   */
  private offPathCost(robot: number, reach: number, togo: number): number {
    if (reach === 0 || !this.strict[robot]) return reach + togo;
    return reach + Math.max(togo, this.length[robot] - 1 - this.progress[robot]);
  }

  private allocate(robot: number): void {
    const cells = this.floor.cellCount;
    this.paths[robot] = new Int32Array(cells);
    this.toPath[robot] = new Int32Array(3 * cells);
    this.queue[robot] = new Int32Array(cells);
  }

  /** Starts the robot's distance-to-path search afresh from its path, the goal end first (so ties join nearer the goal). */
  private seedDistances(robot: number): void {
    const stamp = ++this.stamp[robot];
    const path = this.paths[robot];
    const length = this.length[robot];
    const toPath = this.toPath[robot];
    const queue = this.queue[robot];
    let tail = 0;
    for (let i = length - 1; i >= 0; i--) {
      const cell = path[i];
      toPath[3 * cell + MARK] = stamp;
      toPath[3 * cell + REACH] = 0;
      toPath[3 * cell + TOGO] = length - 1 - i;
      queue[tail++] = cell;
    }
    this.head[robot] = 0;
    this.tail[robot] = tail;
  }

  /** Adds (`sign` 1) or removes (-1) the robot's path steps with index in [from, to) to the whole-path or the near traffic. */
  private count(robot: number, from: number, to: number, sign: number, near: boolean): void {
    const path = this.paths[robot];
    const flow = near ? this.traffic.nearFlow : this.traffic.flow;
    const load = near ? this.traffic.nearLoad : this.traffic.load;
    const rigidFlow = !near && this.rigid[robot] ? this.traffic.rigidFlow : null;
    const end = Math.min(to, this.length[robot] - 1);
    for (let i = from; i < end; i++) {
      const step = path[i + 1] - path[i];
      // The direction k of `Floor.neighbours`: right, left, down, up.
      const edge = path[i] * 4 + (step === 1 ? 0 : step === -1 ? 1 : step > 0 ? 2 : 3);
      flow[edge] += sign;
      load[path[i + 1]] += sign;
      if (rigidFlow) rigidFlow[edge] += sign;
    }
  }
}
