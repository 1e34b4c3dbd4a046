import type { Floor } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';

/**
 * A way out is searched over at most this many keep-clear cells: a drawn intersection is a few
 * cells, and a longer run of keep-clear cells is no intersection a robot can wait before.
 */
const MAX_RUN_CELLS = 16;

/**
 * Keep-clear cells (an intersection, a station's mouth): robots drive through and never stop on
 * one, so a robot that has to wait waits before the intersection, not in it, and traffic across
 * it keeps flowing. A robot steps onto a keep-clear cell only with its way out in hand: the run of
 * keep-clear cells beyond it and the first ordinary cell after them, each free now (empty, or its
 * robot already leaving) and claimed for it, so no other robot may step on them. From then on it
 * drives that run before any other robot moves, one cell a step, onto cells nobody else can have:
 * it never stands on a keep-clear cell two steps running. A robot claims only a run its charge
 * affords: each step away from its goal costs it 2 of its spare metres (`FloorTraffic.spare`), so
 * one with no charge to spare claims only a run that takes it closer at every cell, and one that
 * becomes short of charge on its way through still finishes and gets home.
 */
export class KeepClearPassages {
  /** Per robot, the claimed cells still ahead of it (empty when it drives through nothing). */
  private readonly ahead: number[][];
  private readonly parent: Int32Array;
  /** Per cell reached by the search, the spare metres the run to it has cost. */
  private readonly spent: Float64Array;
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private search = 0;

  constructor(
    private readonly floor: Floor,
    private readonly state: FloorTraffic,
    /** PIBT's step for a robot not yet moved: true when it found a cell. */
    private readonly push: (robot: number) => boolean,
  ) {
    this.ahead = Array.from({ length: state.n }, () => []);
    this.parent = new Int32Array(floor.cellCount);
    this.spent = new Float64Array(floor.cellCount);
    this.seen = new Int32Array(floor.cellCount);
    this.queue = new Int32Array(MAX_RUN_CELLS);
  }

  /** Whether the floor has any keep-clear cell: without one, nothing here runs. */
  static needed(floor: Floor): boolean {
    return floor.keepClear.includes(1);
  }

  /**
   * First thing each step: every robot on a keep-clear run reserves the next cell it claimed
   * (free and claimed for it alone, so nothing can stop it) and drops the claim.
   */
  driveThrough(active: readonly number[]): void {
    const { state } = this;
    for (const robot of active) {
      const cell = this.ahead[robot].shift();
      if (cell === undefined) continue;
      state.claimedBy[cell] = -1;
      state.reserve(robot, cell);
    }
  }

  /**
   * The robot considers stepping from `from` onto keep-clear `cell`: claims the way out that ranks
   * best (least `rank` at the ordinary cell it leads to, then the shortest run) and says whether
   * it found one; a robot may only enter when this says yes. A way out whose cell holds a robot
   * not yet moved this step is taken only if that robot, pushed (`push`, PIBT's own step), moves
   * off it: so robots on both sides of an intersection never wait for each other for ever.
   * Unless another robot is pushing this one off its cell, the way out must rank better than
   * `from`: a robot never crosses an intersection only to wait on its far side or come back.
   */
  claimWayOut(robot: number, from: number, cell: number, rank: (cell: number) => number, pushed: boolean): boolean {
    const { state } = this;
    const ahead = this.ahead[robot];
    for (const run of this.waysOut(robot, from, cell, rank, pushed ? Infinity : rank(from))) {
      ahead.push(...run);
      // Held while the exit's robot is pushed, so it can step neither onto the run nor behind this
      // robot. `from` may be the exit another robot driving through has claimed for a coming step
      // (this robot leaves it now): that claim is put back, not dropped.
      for (const claimed of run) state.claimedBy[claimed] = robot;
      const cellClaim = state.claimedBy[cell];
      const fromClaim = state.claimedBy[from];
      state.claimedBy[cell] = robot;
      state.claimedBy[from] = robot;
      const exit = run[run.length - 1];
      const occupant = state.occupant[exit];
      if (occupant !== -1 && state.next[occupant] === -1) this.push(occupant);
      state.claimedBy[cell] = cellClaim;
      state.claimedBy[from] = fromClaim;
      if (occupant === -1 || state.next[occupant] !== exit) return true;
      this.drop(robot);
    }
    return false;
  }

  /**
   * The runs from `cell` through free keep-clear cells (breadth first, never back through `from`)
   * to an ordinary cell that ranks below `limit`, best first: each the cells after `cell`, the
   * ordinary one last. (Pushing a robot may search again, so the runs are read out here.)
   */
  private waysOut(
    robot: number,
    from: number,
    cell: number,
    rank: (cell: number) => number,
    limit: number,
  ): number[][] {
    const { floor, state, parent, spent, seen, queue } = this;
    const spare = state.spare[robot];
    const distance = state.field[robot];
    // A step away from the goal costs 2 spare metres: one driven, one more to drive.
    const cost = (at: number, next: number) => (distance[next] >= distance[at] ? 2 : 0);
    const mark = ++this.search;
    seen[from] = mark;
    seen[cell] = mark;
    parent[cell] = -1;
    spent[cell] = cost(from, cell);
    let head = 0;
    let tail = 0;
    queue[tail++] = cell;
    const exits: { exit: number; score: number }[] = [];
    while (head < tail) {
      const at = queue[head++];
      for (let k = 0; k < 4; k++) {
        const next = floor.neighbours[at * 4 + k];
        if (next < 0 || seen[next] === mark) continue;
        seen[next] = mark;
        const spentThere = spent[at] + cost(at, next);
        if (spentThere > Math.max(0, spare)) continue;
        if (!state.canEnter(robot, next)) continue;
        parent[next] = at;
        spent[next] = spentThere;
        if (floor.keepClear[next]) {
          // Whoever stands on a keep-clear cell drives its own run first: it has already moved.
          if (tail < MAX_RUN_CELLS && this.leaving(robot, next)) queue[tail++] = next;
          continue;
        }
        const score = rank(next);
        if (score < limit) exits.push({ exit: next, score });
      }
    }
    // A stable sort: among exits of equal rank, the first found is the shortest run.
    return exits
      .sort((a, b) => a.score - b.score)
      .map(({ exit }) => {
        const run: number[] = [];
        for (let at = exit; at !== cell; at = parent[at]) run.unshift(at);
        return run;
      });
  }

  /** The robot did not step onto the keep-clear cell after all (whoever stood there could not move): its claim goes. */
  drop(robot: number): void {
    const ahead = this.ahead[robot];
    for (const cell of ahead) this.state.claimedBy[cell] = -1;
    ahead.length = 0;
  }

  /** Whoever stands on the cell now (if anyone) has already chosen to leave it this step. */
  private leaving(robot: number, cell: number): boolean {
    const occupant = this.state.occupant[cell];
    return (
      occupant === -1 || occupant === robot || (this.state.next[occupant] !== -1 && this.state.next[occupant] !== cell)
    );
  }
}
