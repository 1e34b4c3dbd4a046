import { UNREACHABLE, type Floor } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import { GuidedPibtPolicy } from './guided-pibt.ts';
import type { GuideTurnCosts } from './guide-search.ts';
import { KeepClearPassages } from './keep-clear.ts';
import type { PreferredWalk } from './movement-policies.ts';

/** Steps an operation looks ahead: each robot plans this many moves and waits, and drives the first. */
export const OPERATION_STEPS = 3;

/**
 * How often one robot may be planned in one robot's turn (the turn's robot itself and every
 * robot evicted, each time it is evicted): bounds the work of a step, as EPIBT's revisit limit
 * does. `TURN_BUDGET` caps the plans of one turn (a jam of evictions that all fail ends there).
 */
export const MAX_VISITS = 12;
const TURN_BUDGET = 400;

/** Cost units per step of an operation's key: the guide's steps to go, then the tie breaks below. */
const OCCUPIED_NOW = 0.25;
const TIE_BREAK = 0.1;
/**
 * What a cell costs an operation, in steps, at a later step where a robot settled this step plans
 * to stand: only the next step must be free, the later ones steer. Measured (xl1, dense, d5k,
 * d20k, hotspot; same plans and seed): as hard limits with eviction, as EPIBT has them, the
 * later steps evicted robots that PIBT leaves alone, which drove metres the batteries did not
 * have (d20k: 305 extra charges, 1,387 s of delay against guided's 660 s); at 1 step, the
 * later steps only break ties and d20k ran 0 extra charges and 605 s of delay.
 */
const CLAIMED_LATER_STEPS = 1;

/**
 * Movement that plans a few steps ahead (after Yukhnevich and Andreychuk, "Enhancing PIBT via
 * multi-action operations", the League of Robot Runners 2024 winner): PIBT over operations of
 * `OPERATION_STEPS` steps (every sequence of moves and waits) instead of single moves, on the
 * guided policy's guide paths, ranks and battery rules.
 *
 * Each step every active robot starts with the operation "stay" reserved in a space-time table
 * (one layer per step ahead). In priority order each robot takes the cheapest of its operations
 * whose next step runs into no robot settled this step. An operation's cost is the sum of its
 * guide's steps to go after each of its steps (progress made sooner counts more), plus
 * `CLAIMED_LATER_STEPS` for each later step on a cell a settled robot plans to stand on then, so
 * a robot does not walk into the way of where a higher robot is going. The robots its next step
 * runs into (reserved on that cell, or swapping cells with it) are evicted and plan again, each in
 * turn (off the evicting robot's guide path when they can, as under guided); when one of them
 * finds nothing, everything since is undone and the robot tries its next operation. A robot is planned at most `MAX_VISITS` times in one turn
 * (`TURN_BUDGET` plans in all), and a robot its turn leaves standing short of its goal gets one
 * more turn. Once a robot's turn ends, it and every robot the turn moved are settled. Only the
 * first step of each operation is driven; the next step plans afresh.
 *
 * Where PIBT ranks a pushed robot's cells by the next step alone, here it ranks whole
 * operations: in a one-lane aisle, for a robot whose goal lies past the pusher, backing out ahead
 * of the pusher adds to its steps to go at every step, while a side pocket costs one step in and
 * one out, so it takes the pocket and comes out behind the pusher. A follower moves in the same step as its
 * leader, as in PIBT. "Stay" never runs into a settled robot (eviction keeps the next step free of
 * conflicts), so every robot always has an operation. Robots short of charge only wait or step
 * closer at every step of an operation. Floors with keep-clear cells run the guided policy's
 * steps.
 */
export class LookaheadPibtPolicy extends GuidedPibtPolicy {
  private readonly cells: number;
  /** `held[(t - 1) * cells + cell]`: the robot reserved to stand on the cell after t steps, or -1 (home cells are depots and never held). */
  private readonly held: Int32Array;
  /** `path[robot * OPERATION_STEPS + t - 1]`: where the robot's reserved operation has it after t steps. */
  private readonly path: Int32Array;
  private readonly hasPath: Uint8Array;
  private readonly settled: Uint8Array;
  private readonly onStack: Uint8Array;
  private readonly visits: Uint8Array;
  /** Every robot of each station: only they may stand on its cell, together. */
  private readonly stationRobots: number[][];
  // The undo journal: each robot whose reservation changed, with what it had before.
  private journalRobot: Int32Array;
  private journalHad: Uint8Array;
  private journalPath: Int32Array;
  private journalLength = 0;
  /** Per recursion level: the operations' cells, their keys and the conflicts of the one tried. */
  private readonly levels: { cells: Int32Array; keys: Float64Array; conflicts: Int32Array }[] = [];
  private depth = 0;
  /** Robots planned in the current turn (their visits count) and the plans the turn may still make. */
  private readonly touched: number[] = [];
  private budget = 0;
  private readonly operationCount = 5 ** OPERATION_STEPS;
  private readonly withPassages: boolean;
  private readonly walk = new Int32Array(OPERATION_STEPS + 1);
  /** `memoCost[cell]` is the planning robot's cost to go from the cell when `memoStamp[cell]` is `memo`. */
  private readonly memoStamp: Int32Array;
  private readonly memoCost: Float64Array;
  private memo = 0;
  private tieSeed = 0;

  constructor(
    floor: Floor,
    state: FloorTraffic,
    random: () => number,
    preferredWalk?: PreferredWalk,
    turns?: GuideTurnCosts,
  ) {
    super(floor, state, random, preferredWalk, turns);
    this.cells = floor.cellCount;
    this.held = new Int32Array(OPERATION_STEPS * floor.cellCount).fill(-1);
    this.path = new Int32Array(OPERATION_STEPS * state.n);
    this.hasPath = new Uint8Array(state.n);
    this.settled = new Uint8Array(state.n);
    this.onStack = new Uint8Array(state.n);
    this.visits = new Uint8Array(state.n);
    this.stationRobots = Array.from({ length: floor.stationIds.length }, () => []);
    state.robots.forEach((robot, index) => this.stationRobots[robot.station].push(index));
    const journal = 4 * state.n;
    this.journalRobot = new Int32Array(journal);
    this.journalHad = new Uint8Array(journal);
    this.journalPath = new Int32Array(journal * OPERATION_STEPS);
    this.withPassages = KeepClearPassages.needed(floor);
    this.memoStamp = new Int32Array(floor.cellCount);
    this.memoCost = new Float64Array(floor.cellCount);
  }

  override chooseMoves(active: number[]): void {
    if (this.withPassages) {
      super.chooseMoves(active);
      return;
    }
    this.updateGuides(active);
    const { state } = this;
    this.sortByPriority(active);
    // Everyone stays: a table free of conflicts, which each robot's turn keeps so.
    for (const robot of active) {
      this.settled[robot] = state.next[robot] !== -1 ? 1 : 0;
      this.hasPath[robot] = 0;
      this.reserveStay(robot);
    }
    for (const robot of active) {
      if (this.settled[robot]) continue;
      // Each turn starts with fresh visits for the robots not settled (the settled may not be touched).
      for (const other of this.touched) this.visits[other] = 0;
      this.touched.length = 0;
      this.journalLength = 0;
      this.budget = TURN_BUDGET;
      this.planOperation(robot, -1);
      if (this.path[robot * OPERATION_STEPS] === state.pos[robot] && state.pos[robot] !== state.goal[robot]) {
        // Its turn left it standing short of its goal: one more, with fresh visits, budget and ties.
        for (const other of this.touched) this.visits[other] = 0;
        this.touched.length = 0;
        this.budget = TURN_BUDGET;
        this.planOperation(robot, -1);
      }
      this.settled[robot] = 1;
      for (let k = 0; k < this.journalLength; k++) this.settled[this.journalRobot[k]] = 1;
    }
    for (const other of this.touched) this.visits[other] = 0;
    this.touched.length = 0;
    const steps = OPERATION_STEPS;
    for (const robot of active) {
      if (state.next[robot] === -1) state.reserve(robot, this.path[robot * steps]);
    }
    for (const robot of active) this.unreserve(robot);
    this.endStep();
  }

  /** The robot's turn (or its eviction by `pusher`): true when it reserved an operation that runs into no settled robot and every robot it evicted found one too. */
  private planOperation(robot: number, pusher: number): boolean {
    if (this.visits[robot] >= MAX_VISITS || this.budget <= 0) return false;
    if (this.visits[robot]++ === 0) this.touched.push(robot);
    this.budget--;
    const level = this.levelBuffers(this.depth++);
    const count = this.operations(robot, pusher, level.cells, level.keys);
    const steps = OPERATION_STEPS;
    this.onStack[robot] = 1;
    let found = false;
    for (let i = 0; i < count && !found; i++) {
      const operation = (level.keys[i] % 1024) * steps;
      const conflicts = this.conflicts(robot, level.cells, operation, level.conflicts);
      if (conflicts < 0) continue;
      const mark = this.journalLength;
      for (let k = 0; k < conflicts; k++) this.evict(level.conflicts[k]);
      this.record(robot);
      this.unreserve(robot);
      for (let t = 0; t < steps; t++) this.path[robot * steps + t] = level.cells[operation + t];
      this.reserve(robot);
      found = true;
      for (let k = 0; k < conflicts && found; k++) {
        const other = level.conflicts[k];
        // An earlier evicted robot's new operation may have evicted it again and it may have planned since.
        if (!this.hasPath[other]) found = this.planOperation(other, robot);
      }
      if (!found) this.undo(mark);
    }
    this.onStack[robot] = 0;
    this.depth--;
    return found;
  }

  /**
   * The robot's operations from where it stands, cheapest first, into `cells` (OPERATION_STEPS
   * cells each); `keys[i] % 1024` is the i-th cheapest operation's index. Returns how many.
   */
  private operations(robot: number, pusher: number, cells: Int32Array, keys: Float64Array): number {
    this.walk[0] = this.state.pos[robot];
    this.memo++;
    this.tieSeed = Math.floor(this.random() * 2 ** 32);
    return this.extend(robot, pusher, 1, 0, cells, keys, 0);
  }

  private extend(
    robot: number,
    pusher: number,
    t: number,
    cost: number,
    cells: Int32Array,
    keys: Float64Array,
    count: number,
  ): number {
    const { floor, state, walk } = this;
    const from = walk[t - 1];
    const distance = state.field[robot];
    const station = state.robots[robot].station;
    for (let k = -1; k < 4; k++) {
      const cell = k < 0 ? from : floor.neighbours[from * 4 + k];
      if (cell < 0) continue;
      const cellStation = floor.stationAt[cell];
      if (cellStation >= 0 && cellStation !== station) continue;
      // A robot with no charge to spare only waits or moves closer, at every step (the PIBT rule).
      if (
        state.tight[robot] &&
        cell !== from &&
        (distance[cell] > distance[from] || (distance[cell] === 1 && state.occupant[state.goal[robot]] !== -1))
      )
        continue;
      // Each cell's cost to go once per planning (the operations pass the same few cells many times).
      if (this.memoStamp[cell] !== this.memo) {
        this.memoStamp[cell] = this.memo;
        this.memoCost[cell] = this.costToGo(robot, cell);
      }
      const togo = this.memoCost[cell];
      if (togo >= UNREACHABLE) continue;
      let stepCost = togo;
      if (pusher >= 0 && cell !== from && t === 1) stepCost += this.pushedCost(robot, pusher, cell);
      if (t === 1 && cell !== from && state.occupant[cell] !== -1) stepCost += OCCUPIED_NOW;
      if (t >= 2 && !state.isHome(robot, cell)) {
        const other = this.held[(t - 1) * this.cells + cell];
        if (other !== -1 && other !== robot && this.settled[other]) stepCost += CLAIMED_LATER_STEPS;
      }
      walk[t] = cell;
      if (t < OPERATION_STEPS) {
        count = this.extend(robot, pusher, t + 1, cost + stepCost, cells, keys, count);
        continue;
      }
      // Ties broken by a seeded draw per planning, spread over the operations by a multiplicative hash.
      const key = cost + stepCost + TIE_BREAK * (((this.tieSeed + count * 0x9e3779b1) >>> 0) / 2 ** 32);
      for (let s = 1; s <= OPERATION_STEPS; s++) cells[count * OPERATION_STEPS + s - 1] = walk[s];
      // Sortable as one number: the key in 1/4096 step, then the operation's index.
      keys[count] = Math.round(key * 4096) * 1024 + count;
      count++;
    }
    if (t === 1) keys.subarray(0, count).sort();
    return count;
  }

  /**
   * The robots whose reserved operations the next step of the operation at `cells[operation ...]`
   * runs into (the robot reserved on its cell, the robot that would swap cells with it), into
   * `out`; -1 when one of them may not be evicted (settled, planning on the stack, or out of visits).
   */
  private conflicts(robot: number, cells: Int32Array, operation: number, out: Int32Array): number {
    const { state, held, path, hasPath, floor } = this;
    const steps = OPERATION_STEPS;
    const from = state.pos[robot];
    const cell = cells[operation];
    let count = 0;
    if (!state.isHome(robot, cell)) {
      const other = held[cell];
      if (other !== -1 && other !== robot) count = this.addConflict(other, out, count);
    }
    if (cell !== from) {
      if (floor.stationAt[cell] >= 0) {
        // A depot holds many robots: any of its robots leaving it for `from` would swap with this one.
        for (const other of this.stationRobots[floor.stationAt[cell]]) {
          if (other !== robot && hasPath[other] && state.pos[other] === cell && path[other * steps] === from)
            count = this.addConflict(other, out, count);
        }
      } else {
        const other = state.occupant[cell];
        if (other !== -1 && other !== robot && hasPath[other] && path[other * steps] === from)
          count = this.addConflict(other, out, count);
      }
    }
    return count;
  }

  /** Adds `other` (-1: none) to the conflicts once; -1 when it may not be evicted or `count` is already -1. */
  private addConflict(other: number, out: Int32Array, count: number): number {
    if (other === -1 || count < 0) return count;
    if (this.settled[other] || this.onStack[other] || this.visits[other] >= MAX_VISITS) return -1;
    for (let k = 0; k < count; k++) if (out[k] === other) return count;
    out[count] = other;
    return count + 1;
  }

  private reserveStay(robot: number): void {
    const cell = this.state.pos[robot];
    for (let t = 0; t < OPERATION_STEPS; t++) this.path[robot * OPERATION_STEPS + t] = cell;
    this.reserve(robot);
  }

  private reserve(robot: number): void {
    const steps = OPERATION_STEPS;
    for (let t = 0; t < steps; t++) {
      const cell = this.path[robot * steps + t];
      if (!this.state.isHome(robot, cell)) this.held[t * this.cells + cell] = robot;
    }
    this.hasPath[robot] = 1;
  }

  private unreserve(robot: number): void {
    if (!this.hasPath[robot]) return;
    const steps = OPERATION_STEPS;
    for (let t = 0; t < steps; t++) {
      const index = t * this.cells + this.path[robot * steps + t];
      if (this.held[index] === robot) this.held[index] = -1;
    }
    this.hasPath[robot] = 0;
  }

  private evict(robot: number): void {
    this.record(robot);
    this.unreserve(robot);
  }

  /** Journals the robot's reservation as it is, so `undo` can put it back. */
  private record(robot: number): void {
    const steps = OPERATION_STEPS;
    if (this.journalLength === this.journalRobot.length) {
      const size = 2 * this.journalRobot.length;
      const robots = new Int32Array(size);
      robots.set(this.journalRobot);
      const had = new Uint8Array(size);
      had.set(this.journalHad);
      const paths = new Int32Array(size * steps);
      paths.set(this.journalPath);
      this.journalRobot = robots;
      this.journalHad = had;
      this.journalPath = paths;
    }
    const k = this.journalLength++;
    this.journalRobot[k] = robot;
    this.journalHad[k] = this.hasPath[robot];
    for (let t = 0; t < steps; t++) this.journalPath[k * steps + t] = this.path[robot * steps + t];
  }

  /** Puts back every reservation journalled since `mark`, latest first. */
  private undo(mark: number): void {
    const steps = OPERATION_STEPS;
    while (this.journalLength > mark) {
      const k = --this.journalLength;
      const robot = this.journalRobot[k];
      this.unreserve(robot);
      for (let t = 0; t < steps; t++) this.path[robot * steps + t] = this.journalPath[k * steps + t];
      if (this.journalHad[k]) this.reserve(robot);
    }
  }

  private levelBuffers(depth: number): { cells: Int32Array; keys: Float64Array; conflicts: Int32Array } {
    while (this.levels.length <= depth)
      this.levels.push({
        cells: new Int32Array(this.operationCount * OPERATION_STEPS),
        keys: new Float64Array(this.operationCount),
        conflicts: new Int32Array(2 * OPERATION_STEPS),
      });
    return this.levels[depth];
  }
}
