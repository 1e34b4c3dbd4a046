import type { Floor } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import { KeepClearPassages } from './keep-clear.ts';
import type { MovementPolicy } from './movement-policy.ts';

/** Priority of a robot stuck for a period (times the periods): PIBT clears its way. */
export const STUCK_BOOST = 1e6;
/** Priority of a robot short of charge: it outranks every other, the least slack first. */
export const URGENT_PRIORITY = 1e9;
/**
 * Added to a stuck robot's boost when it has no charge to spare (`state.tight`): it may only wait
 * or move closer, so where it meets stuck robots that may step back (a one-lane aisle, robots
 * heading in on one side, a robot short of charge heading out), they make way for it; ranked
 * by their periods alone, the robots stuck longest kept pushing against it and nobody moved.
 */
export const TIGHT_STUCK_ABOVE = 1e15;

/**
 * PIBT (Okumura et al., "Priority inheritance with backtracking for iterative multi-agent path
 * finding", AIJ 2022): each step, robots in priority order pick the neighbouring cell (or their
 * own) with the least cost to go; a robot that wants an occupied cell lends its priority to the
 * occupant, which must move first, and backtracks when the occupant cannot. No vertex or swap
 * conflict by construction, O(robots) per step, and a robot's priority grows while it is kept
 * from its goal, so every robot eventually gets through.
 *
 * What "cost to go" means is the one thing the policies built on it choose (`costToGo`): the
 * walk length to the goal for plain PIBT, the way along a congestion-aware guide path for the
 * guided policy. A tight robot's rule is always on the true walk length, whatever the policy.
 * Keep-clear cells are entered only with a way out claimed (`KeepClearPassages`), and robots
 * driving through them move before the priority order starts.
 */
export abstract class PriorityInheritancePolicy implements MovementPolicy {
  protected readonly priority: Float64Array;
  /** Each level of the recursion's candidate cells, best first: `order[level * 5 + i]`. */
  private readonly order: Int32Array;
  private readonly keys = new Float64Array(5);
  private level = 0;
  /** The robot deciding at each level of the recursion: `deciding[level - 1]` pushed the robot at `level`. */
  private readonly deciding: Int32Array;
  private readonly passages: KeepClearPassages | null;
  /** The last order of `sortByPriority` (`sortedCount` robots), where the next sort starts from. */
  private readonly sorted: Int32Array;
  private sortedCount = 0;
  /** Per robot, its index in the active list being sorted plus 1 (0: not active). */
  private readonly activeRank: Int32Array;
  /** Per robot standing aside, the distance field it may be pushed at most a step further along (`standAside`). */
  private readonly near: (Int32Array | undefined)[];

  constructor(
    protected readonly floor: Floor,
    protected readonly state: FloorTraffic,
    protected readonly random: () => number,
  ) {
    this.priority = new Float64Array(state.n);
    // A push chain visits each robot at most once a step: n + 1 levels suffice.
    this.order = new Int32Array(5 * (state.n + 1));
    this.deciding = new Int32Array(state.n + 1);
    this.sorted = new Int32Array(state.n);
    this.activeRank = new Int32Array(state.n);
    this.near = new Array(state.n);
    this.passages = KeepClearPassages.needed(floor)
      ? new KeepClearPassages(floor, state, (robot) => this.move(robot))
      : null;
  }

  /** Steps the robot still needs from `cell` to its goal, as this policy routes it (smaller is better). */
  protected abstract costToGo(robot: number, cell: number): number;

  /** Steps added to a cell's cost for a robot that `pusher` pushes (default none). */
  protected pushedCost(_robot: number, _pusher: number, _cell: number): number {
    return 0;
  }

  chooseMoves(active: number[]): void {
    this.passages?.driveThrough(active);
    this.sortByPriority(active);
    for (const robot of active) if (this.state.next[robot] === -1) this.move(robot);
  }

  /**
   * Sorts `active` by priority, highest first, robots of equal priority in their order in
   * `active`: what a stable sort does, every step for hundreds of robots. Priorities change
   * little from one step to the next (the robots kept from their goals all gain one), so the last
   * step's order, less the robots no longer active and with the newly active after it, is nearly
   * sorted already, and an insertion sort from it costs about a pass.
   */
  protected sortByPriority(active: number[]): void {
    const { priority, sorted, activeRank } = this;
    for (let i = 0; i < active.length; i++) activeRank[active[i]] = i + 1;
    // The last order, kept to the robots still active (each marked off as it is kept), then the rest.
    let count = 0;
    for (let i = 0; i < this.sortedCount; i++) {
      const robot = sorted[i];
      if (activeRank[robot] > 0) {
        sorted[count++] = robot;
        activeRank[robot] = -activeRank[robot];
      }
    }
    for (const robot of active) if (activeRank[robot] > 0) sorted[count++] = robot;
    for (const robot of active) activeRank[robot] = Math.abs(activeRank[robot]);
    // Insertion sort: higher priority first, then the earlier in `active`.
    for (let i = 1; i < count; i++) {
      const robot = sorted[i];
      const key = priority[robot];
      const rank = activeRank[robot];
      let at = i;
      while (at > 0) {
        const before = sorted[at - 1];
        if (priority[before] > key || (priority[before] === key && activeRank[before] < rank)) break;
        sorted[at] = before;
        at--;
      }
      sorted[at] = robot;
    }
    for (let i = 0; i < count; i++) {
      active[i] = sorted[i];
      activeRank[sorted[i]] = 0;
    }
    this.sortedCount = count;
  }

  newGoal(robot: number): void {
    this.priority[robot] = robot / this.state.n;
    this.near[robot] = undefined;
  }

  urgent(robot: number, slack: number): void {
    this.priority[robot] = URGENT_PRIORITY - slack * 1000 + robot / this.state.n;
  }

  stuck(robot: number, periods: number, coin: number): void {
    this.priority[robot] = this.tightFirst(robot) + STUCK_BOOST * (periods + coin);
  }

  /** What a stuck robot's boost starts from: TIGHT_STUCK_ABOVE for one with no charge to spare. */
  protected tightFirst(robot: number): number {
    return this.state.tight[robot] ? TIGHT_STUCK_ABOVE : 0;
  }

  standAside(robot: number, near?: Int32Array): void {
    this.priority[robot] = robot / this.state.n;
    this.near[robot] = near;
  }

  kept(robot: number): void {
    this.priority[robot] += 1;
  }

  /** PIBT's recursive step: true when the robot found a cell, false when it must stay and whoever pushed it must look elsewhere. */
  private move(robot: number): boolean {
    const { state, floor, order, keys } = this;
    const from = state.pos[robot];
    const distance = state.field[robot];
    const base = 5 * this.level;
    const pusher = this.level > 0 ? this.deciding[this.level - 1] : -1;
    this.deciding[this.level] = robot;
    let count = 0;
    for (let k = -1; k < 4; k++) {
      const cell = k < 0 ? from : floor.neighbours[from * 4 + k];
      if (cell < 0) continue;
      // A robot with no charge to spare only waits or moves closer: it cannot afford a detour.
      // It also waits two cells out while another robot stands on its goal, so the cells around
      // the goal stay free for that robot to leave (tight robots never step aside).
      if (
        state.tight[robot] &&
        cell !== from &&
        (distance[cell] > distance[from] || (distance[cell] === 1 && state.occupant[state.goal[robot]] !== -1))
      )
        continue;
      const near = this.near[robot];
      if (near !== undefined && cell !== from && near[cell] > near[from] + 1) continue;
      // Least cost to go first; among equals a free cell, then a seeded coin. Insertion keeps the
      // cells in key order (stable, like a sort of the five).
      const pushed = pusher >= 0 && cell !== from ? this.pushedCost(robot, pusher, cell) : 0;
      const key = (this.costToGo(robot, cell) + pushed) * 4 + (state.occupant[cell] !== -1 ? 2 : 0) + this.random();
      let at = count++;
      while (at > 0 && keys[at - 1] > key) {
        keys[at] = keys[at - 1];
        order[base + at] = order[base + at - 1];
        at--;
      }
      keys[at] = key;
      order[base + at] = cell;
    }
    this.level++;
    const found = this.takeFirst(robot, from, base, count);
    this.level--;
    return found;
  }

  /** Reserves the first of the robot's ordered cells it can have (pushing its occupant on); false when it must stay. */
  private takeFirst(robot: number, from: number, base: number, count: number): boolean {
    const { state, order, passages } = this;
    for (let i = 0; i < count; i++) {
      const cell = order[base + i];
      if (!state.canEnter(robot, cell)) continue;
      if (cell !== from && state.swaps(from, cell)) continue;
      // The passages exist whenever the floor has a keep-clear cell.
      const passing = cell !== from && this.floor.keepClear[cell] === 1 && passages !== null;
      if (passing && !passages.claimWayOut(robot, from, cell, (exit) => this.costToGo(robot, exit), this.level > 1))
        continue;
      state.reserve(robot, cell);
      if (cell === from) return true;
      const other = state.occupant[cell];
      if (other !== -1 && other !== robot && state.next[other] === -1 && !this.move(other)) {
        state.release(robot, cell);
        if (passing) passages.drop(robot);
        continue;
      }
      return true;
    }
    // Nowhere to go: stay, which tells whoever pushed to look elsewhere.
    state.reserve(robot, from);
    return false;
  }
}
