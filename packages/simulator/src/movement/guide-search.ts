import type { Floor } from '@fleetlab/warehouse';

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

const RIGID_CAP = 16 * UNIT;
const MAX_STEP_COST = UNIT + Math.max(GUIDE_COSTS.lane.cap, GUIDE_COSTS.open.cap) + GUIDE_COSTS.near.cap + RIGID_CAP;

/**
 * A* on the floor under the guide costs (`GUIDE_COSTS`), with the walk length to the goal as its
 * heuristic: every step costs at least one step, so it never overestimates and the first time
 * the goal is taken off the open list its cost is the least. Costs are whole units, so the open
 * list is a ring of buckets by f (Dial's queue): a step raises f by at most one step more than
 * its own cost, so that many buckets suffice and each push and pop is O(1). Ties go to the node
 * pushed last (deepest first). The walk never passes through a station cell, like every walk on
 * the floor.
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
  private readonly nodeCell: Int32Array;
  private readonly nodeG: Int32Array;
  private readonly nodeNext: Int32Array;
  private round = 0;

  constructor(
    private readonly floor: Floor,
    /** 1 on a cell a broken-down robot blocks (`FloorTraffic.blockedCell`): walks go round it. */
    private readonly blocked: Uint8Array | null = null,
  ) {
    const cells = floor.cellCount;
    this.g = new Int32Array(cells);
    this.depth = new Int32Array(cells);
    this.parent = new Int32Array(cells);
    this.seen = new Int32Array(cells);
    this.closed = new Int32Array(cells);
    this.lane = new Uint8Array(cells);
    for (let cell = 0; cell < cells; cell++) {
      let free = 0;
      for (let k = 0; k < 4; k++) if (floor.neighbours[cell * 4 + k] >= 0) free++;
      this.lane[cell] = free <= 2 ? 1 : 0;
    }
    // Empty between runs: each run empties the buckets it used (`run`).
    this.bucketHead = new Int32Array(MAX_STEP_COST + UNIT + 1).fill(-1);
    // Each cell is closed once and relaxes each of its 4 edges once: at most 4 pushes per cell.
    this.nodeCell = new Int32Array(4 * cells + 1);
    this.nodeG = new Int32Array(4 * cells + 1);
    this.nodeNext = new Int32Array(4 * cells + 1);
  }

  /**
   * Writes the cheapest walk from `from` to `goal` (both included) into `path` and returns its
   * length in cells; with `shortest`, the cheapest of the shortest walks (no step away from the goal).
   */
  run(from: number, goal: number, traffic: GuideTraffic, path: Int32Array, shortest = false): number {
    const { floor, g, depth, parent, seen, closed, lane, bucketHead, nodeCell, nodeG, nodeNext } = this;
    const { flow, load, nearFlow, nearLoad, rigidFlow } = traffic;
    const { lane: laneCosts, open: openCosts, near: nearCosts } = GUIDE_COSTS;
    const rigidCost = shortest ? RIGID_CONTRAFLOW.shortest : RIGID_CONTRAFLOW.other;
    const { neighbours, stationAt } = floor;
    const blocked = this.blocked;
    const field = floor.distanceField(goal);
    const ring = bucketHead.length;
    const round = ++this.round;
    seen[from] = round;
    g[from] = 0;
    depth[from] = 0;
    parent[from] = -1;
    let f = field[from] * UNIT;
    // The bucket of f, kept as f goes up: every open node's f lies in [f, f + ring) (a step adds
    // at most ring - 1 to f), so a node's bucket is its f's distance above f past `slot`.
    let slot = f % ring;
    // The f values pushed run from the first to `highest`: only their buckets need emptying after.
    const lowest = f;
    let highest = f;
    nodeCell[0] = from;
    nodeG[0] = 0;
    nodeNext[0] = -1;
    bucketHead[slot] = 0;
    let nodes = 1;
    let open = 1;
    while (open > 0) {
      while (bucketHead[slot] < 0) {
        f++;
        if (++slot === ring) slot = 0;
      }
      const node = bucketHead[slot];
      bucketHead[slot] = nodeNext[node];
      open--;
      const cell = nodeCell[node];
      if (closed[cell] === round || nodeG[node] !== g[cell]) continue;
      closed[cell] = round;
      if (cell === goal) break;
      const near = depth[cell] < NEAR_STEPS;
      const base = g[cell] + UNIT;
      const nextDepth = depth[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const next = neighbours[cell * 4 + k];
        if (next < 0 || closed[next] === round || (shortest && field[next] !== field[cell] - 1)) continue;
        // A station cell is a depot: a walk may end there, never pass through it.
        if (next !== goal && stationAt[next] >= 0) continue;
        if (blocked !== null && blocked[next] === 1) continue;
        const against = next * 4 + (k ^ 1);
        const costs = lane[next] ? laneCosts : openCosts;
        const crowding = costs.contraflow * flow[against] + costs.load * load[next];
        let cost = base + Math.min(crowding, costs.cap);
        if (near) {
          const soon = nearCosts.contraflow * nearFlow[against] + nearCosts.load * nearLoad[next];
          cost += Math.min(soon, nearCosts.cap);
        }
        const rigid = rigidFlow[against];
        if (rigid > 0) cost += Math.min(rigid * rigidCost, RIGID_CAP);
        if (seen[next] === round && g[next] <= cost) continue;
        seen[next] = round;
        g[next] = cost;
        depth[next] = nextDepth;
        parent[next] = cell;
        const nextF = cost + field[next] * UNIT;
        if (nextF > highest) highest = nextF;
        let bucket = slot + nextF - f;
        if (bucket >= ring) bucket -= ring;
        nodeCell[nodes] = next;
        nodeG[nodes] = cost;
        nodeNext[nodes] = bucketHead[bucket];
        bucketHead[bucket] = nodes++;
        open++;
      }
    }
    // Buckets of f from `lowest` to `highest` (all of them once that spans the ring) may hold nodes left open.
    if (highest - lowest + 1 >= ring) bucketHead.fill(-1);
    else for (let value = lowest; value <= highest; value++) bucketHead[value % ring] = -1;
    if (closed[goal] !== round) {
      // Goals are checked reachable when they are set, so only a broken-down robot cuts one off:
      // the robot keeps the floor's walk and waits for the repair.
      const walk = floor.walk(from, goal);
      path.set(walk);
      return walk.length;
    }
    let length = 0;
    for (let cell = goal; cell !== -1; cell = parent[cell]) path[length++] = cell;
    path.subarray(0, length).reverse();
    return length;
  }
}
