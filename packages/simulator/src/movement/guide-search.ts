import { type Floor, HEADING_OF_FLOOR_DIRECTION, quarterTurns } from '@fleetlab/warehouse';

/** Cost units per step: the guide search counts in sixteenths of a step, so its costs stay whole numbers. */
export const UNIT = 16;

/** What crowding adds to one step, by how many other robots' guide paths run against it or through its cell. */
interface CrowdingWeights {
  /** Per robot whose guide path takes the same edge the other way (the two would meet head-on). */
  contraflow: number;
  /** Per robot whose guide path still passes through the cell. */
  load: number;
  /** The most one step can cost on top of the step itself. */
  cap: number;
}

/**
 * How much the other robots' guide paths weigh, in cost units (UNIT = one step), chosen by
 * measurement on the benchmark floors (`npm run bench:simulator -- --compare-policies`):
 *
 * - `lane`: in a one-lane aisle (a cell with at most two free neighbours) robots cannot pass, so
 *   meeting one head-on means one of them backs out: each opposing guide path costs 2 steps a
 *   cell, up to 8, enough to send a robot round by another aisle.
 * - `open`: where robots can pass, the costs only break ties between walks of equal length
 *   (1/8 step per opposing path, 1/16 per path through the cell, at most a step), which is what
 *   puts opposite streams on opposite lanes of a two-lane aisle at no extra distance.
 * - `near`: robots within `NEAR_STEPS` of a cell on their guide path are about to be there: the
 *   first `NEAR_STEPS` steps of a new guide path avoid running into them (4 steps per opposing
 *   robot, half a step per robot about to pass the cell, at most 4 steps), so a robot leaving a
 *   dropoff does not walk into the one about to arrive.
 */
export const GUIDE_COSTS = {
  lane: { contraflow: 2 * UNIT, load: UNIT / 4, cap: 8 * UNIT },
  open: { contraflow: UNIT / 8, load: UNIT / 16, cap: UNIT },
  near: { contraflow: 4 * UNIT, load: UNIT / 2, cap: 4 * UNIT },
} as const satisfies Record<string, CrowdingWeights>;

/**
 * Per robot short of charge whose guide path takes an edge the other way: such a robot never
 * steps aside, so meeting it head-on in a lane can jam for good. Robots short of charge keep to
 * their shortest walks, and the least crowded of those avoids them at this cost a cell.
 */
export const RIGID_CONTRAFLOW = { shortest: 16 * UNIT, other: 2 * UNIT };

/** How many cells ahead of each robot count as "about to pass" (`GUIDE_COSTS.near`). */
export const NEAR_STEPS = 4;

/** The traffic the guide paths add up to: per directed edge and per cell, for whole remaining paths and for the next `NEAR_STEPS` cells. */
export interface GuideTraffic {
  /** Paths leaving each cell in each direction (`cell * 4 + k`, k as in `Floor.neighbours`). */
  flow: Int32Array;
  /** Paths entering each cell. */
  load: Int32Array;
  nearFlow: Int32Array;
  nearLoad: Int32Array;
  /** Paths of robots short of charge leaving each cell in each direction. */
  rigidFlow: Int32Array;
}

/**
 * What a change of direction costs a robot with acceleration and turns, in cost units: the
 * seconds its manoeuvre takes beyond top speed (`MotionHolds` charges the discrete run the same).
 */
export interface GuideTurnCosts {
  /** Braking before the turn and starting after it, for a robot at speed. */
  change: number;
  /** Each quarter turn in place. */
  quarter: number;
}

/** Where a turn-aware guide path sets out from: the robot's heading (`HEADING_STEPS` order) and whether it is at speed. */
export interface GuideStart {
  heading: number;
  moving: boolean;
}

const RIGID_CAP = 16 * UNIT;
const { lane: LANE, open: OPEN, near: NEAR } = GUIDE_COSTS;
const MAX_STEP_COST = UNIT + Math.max(GUIDE_COSTS.lane.cap, GUIDE_COSTS.open.cap) + GUIDE_COSTS.near.cap + RIGID_CAP;

/**
 * A* on the floor under the guide costs (`GUIDE_COSTS`), with the walk length to the goal as its
 * heuristic: every step costs at least one step, so it never overestimates and the first time
 * the goal is taken off the open list its cost is the least. Costs are whole units, so the open
 * list is a ring of buckets by f (Dial's queue): a step raises f by at most one step more than
 * its own cost, so that many buckets suffice and each push and pop is O(1). Ties go to the node
 * pushed last (deepest first). The walk never passes through a station cell, like every walk on
 * the floor.
 *
 * For robots with acceleration and turns (`turns`), a search given the robot's heading runs over
 * (cell, heading) and each change of direction costs what the manoeuvre costs the robot: on a
 * cell-only search the crowding costs that break ties between walks of equal length made guide
 * paths zigzag across open floor, and every zig costs a drive unit a stop and a turn.
 */
export class GuideSearch {
  private readonly g: Int32Array;
  private readonly depth: Int32Array;
  private readonly parent: Int32Array;
  private readonly seen: Int32Array;
  private readonly closed: Int32Array;
  /** 1 for a cell of a one-lane aisle: at most two free neighbours. */
  private readonly lane: Uint8Array;
  private readonly bucketHead: Int32Array;
  private readonly nodeState: Int32Array;
  private readonly nodeG: Int32Array;
  private readonly nodeNext: Int32Array;
  /** Whether the last `run` reached its goal (false: a broken-down robot cut it off, and the floor's walk was written). */
  reached = true;
  private round = 0;

  constructor(
    private readonly floor: Floor,
    /** 1 on a cell a broken-down robot blocks (`FloorTraffic.blockedCell`): walks go round it. */
    private readonly blocked: Uint8Array | null = null,
    /** Robots with acceleration and turns: what a change of direction costs (null: points, turns are free). */
    private readonly turns: GuideTurnCosts | null = null,
  ) {
    const cells = floor.cellCount;
    // With turns a node is a cell and the heading the robot entered it with (cell * 4 + heading).
    const states = turns ? 4 * cells : cells;
    this.g = new Int32Array(states);
    this.depth = new Int32Array(states);
    this.parent = new Int32Array(states);
    this.seen = new Int32Array(states);
    this.closed = new Int32Array(states);
    this.lane = new Uint8Array(cells);
    for (let cell = 0; cell < cells; cell++) {
      let free = 0;
      for (let k = 0; k < 4; k++) if (floor.neighbours[cell * 4 + k] >= 0) free++;
      this.lane[cell] = free <= 2 ? 1 : 0;
    }
    // Empty between runs: each run empties the buckets it used (`run`).
    const turnCap = turns ? turns.change + 2 * turns.quarter : 0;
    this.bucketHead = new Int32Array(MAX_STEP_COST + turnCap + UNIT + 1).fill(-1);
    // Each node is closed once and relaxes each of its 4 edges once: at most 4 pushes per node.
    this.nodeState = new Int32Array(4 * states + 1);
    this.nodeG = new Int32Array(4 * states + 1);
    this.nodeNext = new Int32Array(4 * states + 1);
  }

  /** What crowding adds to the step from `cell` to `next` (direction k), `near` the robot. */
  private crowdingCost(traffic: GuideTraffic, next: number, k: number, near: boolean, rigidCost: number): number {
    const against = next * 4 + (k ^ 1);
    let cost = this.lane[next]
      ? Math.min(LANE.contraflow * traffic.flow[against] + LANE.load * traffic.load[next], LANE.cap)
      : Math.min(OPEN.contraflow * traffic.flow[against] + OPEN.load * traffic.load[next], OPEN.cap);
    if (near)
      cost += Math.min(NEAR.contraflow * traffic.nearFlow[against] + NEAR.load * traffic.nearLoad[next], NEAR.cap);
    const rigid = traffic.rigidFlow[against];
    if (rigid > 0) cost += Math.min(rigid * rigidCost, RIGID_CAP);
    return cost;
  }

  /**
   * Writes the cheapest walk from `from` to `goal` (both included) into `path` and returns its
   * length in cells; with `shortest`, the cheapest of the shortest walks (no step away from the
   * goal). With `start` (the robot's heading, `HEADING_STEPS` order, and whether it is at speed)
   * and turn costs, each change of direction costs its manoeuvre; a standing robot pays only the
   * turn for its first step.
   */
  run(
    from: number,
    goal: number,
    traffic: GuideTraffic,
    path: Int32Array,
    shortest = false,
    start: GuideStart | null = null,
  ): number {
    const { floor, g, depth, parent, seen, closed, bucketHead, nodeState, nodeG, nodeNext } = this;
    const turns = start !== null ? this.turns : null;
    // Nodes per cell: a heading each with turn costs, else the cell alone.
    const per = turns ? 4 : 1;
    const rigidCost = shortest ? RIGID_CONTRAFLOW.shortest : RIGID_CONTRAFLOW.other;
    const { neighbours, stationAt } = floor;
    const blocked = this.blocked;
    const field = floor.distanceField(goal);
    const ring = bucketHead.length;
    const round = ++this.round;
    const first = from * per + (turns && start ? start.heading : 0);
    const startChange = turns && start?.moving ? turns.change : 0;
    seen[first] = round;
    g[first] = 0;
    depth[first] = 0;
    parent[first] = -1;
    let f = field[from] * UNIT;
    // The bucket of f, kept as f goes up: every open node's f lies in [f, f + ring) (a step adds
    // at most ring - 1 to f), so a node's bucket is its f's distance above f past `slot`.
    let slot = f % ring;
    // The f values pushed run from the first to `highest`: only their buckets need emptying after.
    const lowest = f;
    let highest = f;
    nodeState[0] = first;
    nodeG[0] = 0;
    nodeNext[0] = -1;
    bucketHead[slot] = 0;
    let nodes = 1;
    let open = 1;
    let reached = -1;
    while (open > 0) {
      while (bucketHead[slot] < 0) {
        f++;
        if (++slot === ring) slot = 0;
      }
      const node = bucketHead[slot];
      bucketHead[slot] = nodeNext[node];
      open--;
      const state = nodeState[node];
      if (closed[state] === round || nodeG[node] !== g[state]) continue;
      closed[state] = round;
      const cell = turns ? state >> 2 : state;
      if (cell === goal) {
        reached = state;
        break;
      }
      const near = depth[state] < NEAR_STEPS;
      const base = g[state] + UNIT;
      const nextDepth = depth[state] + 1;
      const heading = state & 3;
      const change = state === first ? startChange : turns ? turns.change : 0;
      for (let k = 0; k < 4; k++) {
        const next = neighbours[cell * 4 + k];
        if (next < 0) continue;
        const nextHeading = turns ? HEADING_OF_FLOOR_DIRECTION[k] : 0;
        const nextState = turns ? next * 4 + nextHeading : next;
        const nextField = field[next];
        if (closed[nextState] === round || (shortest && nextField !== field[cell] - 1)) continue;
        // A station cell is a depot: a walk may end there, never pass through it.
        if (next !== goal && stationAt[next] >= 0) continue;
        if (blocked !== null && blocked[next] === 1) continue;
        let cost = base + this.crowdingCost(traffic, next, k, near, rigidCost);
        if (turns && nextHeading !== heading) cost += change + quarterTurns(heading, nextHeading) * turns.quarter;
        if (seen[nextState] === round && g[nextState] <= cost) continue;
        seen[nextState] = round;
        g[nextState] = cost;
        depth[nextState] = nextDepth;
        parent[nextState] = state;
        const nextF = cost + nextField * UNIT;
        if (nextF > highest) highest = nextF;
        let bucket = slot + nextF - f;
        if (bucket >= ring) bucket -= ring;
        nodeState[nodes] = nextState;
        nodeG[nodes] = cost;
        nodeNext[nodes] = bucketHead[bucket];
        bucketHead[bucket] = nodes++;
        open++;
      }
    }
    // Buckets of f from `lowest` to `highest` (all of them once that spans the ring) may hold nodes left open.
    if (highest - lowest + 1 >= ring) bucketHead.fill(-1);
    else {
      const from = lowest % ring;
      const to = from + (highest - lowest) + 1;
      if (to <= ring) bucketHead.fill(-1, from, to);
      else {
        bucketHead.fill(-1, from, ring);
        bucketHead.fill(-1, 0, to - ring);
      }
    }
    this.reached = reached >= 0;
    if (reached < 0) {
      // Goals are checked reachable when they are set, so only a broken-down robot cuts one off
      // (with `shortest`, every shortest walk): the robot keeps the floor's walk and waits for the
      // repair.
      const walk = floor.walk(from, goal);
      path.set(walk);
      return walk.length;
    }
    let length = 0;
    for (let state = reached; state !== -1; state = parent[state]) path[length++] = turns ? state >> 2 : state;
    for (let i = 0, j = length - 1; i < j; i++, j--) {
      const cell = path[i];
      path[i] = path[j];
      path[j] = cell;
    }
    return length;
  }
}
