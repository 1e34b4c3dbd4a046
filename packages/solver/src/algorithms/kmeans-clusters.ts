import { solveRectangularAssignment } from '../assignment/dense-assignment.ts';
import { canServe, legBetween, startToPickup } from '../problem/delivery-legs.ts';
import { usableRobots } from '../bounds/lower-bound.ts';
import { orderRoute } from '../moves/route-order.ts';
import type { Routes } from '../plan/plan-builder.ts';
import type { Problem } from '../problem/problem.ts';
import { KeyedHeap } from '@fleetlab/warehouse';
import { sortedOrder } from '../data-structures/sorted-order.ts';
import type { AlgorithmContext } from './context.ts';
import type { Random } from './random.ts';

const LLOYD_ITERATIONS = 25;

/**
 * kmeans (id 3): cluster the pickups into one group per robot (k-means++ seeding from the
 * seeded generator, then Lloyd iterations whose assignment step respects a capacity of
 * ceil(n / k) deliveries per group, so no robot is handed half the work), match groups to
 * robots by a linear assignment on the distance from each robot's start to the group, and
 * order each robot's group into a route. Group capacity counts work, not deliveries: each
 * delivery weighs its own length plus the return leg to its pickup from its dropoff, so a
 * group of long deliveries holds fewer of them.
 */
export function assignByKmeansClusters(context: AlgorithmContext): Routes {
  const { problem, random } = context;
  const n = problem.deliveryCount;
  const robotCount = problem.robotCount;
  if (n === 0) return problem.robots.map(() => []);
  const usable = usableRobots(problem);
  const k = Math.min(usable.length, n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    xs[j] = problem.nodeX[problem.deliveries[j].pickupNode];
    ys[j] = problem.nodeY[problem.deliveries[j].pickupNode];
  }
  const centres = seedCentres(xs, ys, k, random);
  const group = clusterByCapacity(context, xs, ys, centres);
  const routes = routesOfGroups(problem, usable, group, k);
  for (let r = 0; r < robotCount; r++) {
    context.checkCancelled();
    routes[r] = orderRoute(problem, r, routes[r], () => {
      context.checkCancelled();
      return false;
    });
  }
  return routes;
}

/** k-means++ seeding: each next centre a point drawn with probability by its squared distance to the nearest centre so far. */
function seedCentres(
  xs: Float64Array,
  ys: Float64Array,
  k: number,
  random: Random,
): { cx: Float64Array; cy: Float64Array } {
  const n = xs.length;
  const cx = new Float64Array(k);
  const cy = new Float64Array(k);
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = random.int(n);
  for (let c = 0; c < k; c++) {
    cx[c] = xs[pick];
    cy[c] = ys[pick];
    let total = 0;
    for (let j = 0; j < n; j++) {
      const d = (xs[j] - cx[c]) ** 2 + (ys[j] - cy[c]) ** 2;
      if (d < nearest[j]) nearest[j] = d;
      total += nearest[j];
    }
    if (c + 1 < k) {
      let target = random.next() * total;
      pick = n - 1;
      for (let j = 0; j < n; j++) {
        target -= nearest[j];
        if (target < 0) {
          pick = j;
          break;
        }
      }
    }
  }
  return { cx, cy };
}

/** Lloyd iterations with the capacitated assignment step, from the given centres (moved in place); each delivery's group. */
function clusterByCapacity(
  context: AlgorithmContext,
  xs: Float64Array,
  ys: Float64Array,
  { cx, cy }: { cx: Float64Array; cy: Float64Array },
): Int32Array {
  const { problem } = context;
  const n = problem.deliveryCount;
  const k = cx.length;
  const work = new Float64Array(n);
  let totalWork = 0;
  for (let j = 0; j < n; j++) {
    work[j] = problem.deliveryLength[j] + legBetween(problem, j, j);
    totalWork += work[j];
  }
  // Slightly above the average share, so that the capacitated assignment always places everything.
  const capacity = (totalWork / k) * 1.05;
  const places = groupByPickupPlace(problem);
  const group = new Int32Array(n).fill(-1);
  const sizes = new Int32Array(k);
  const loads = new Float64Array(k);
  const sumX = new Float64Array(k);
  const sumY = new Float64Array(k);
  const assignment = new CapacitatedAssignment(places, k);
  for (let iteration = 0; iteration < LLOYD_ITERATIONS; iteration++) {
    context.checkCancelled();
    assignment.assign(cx, cy, work, capacity, group, sizes, loads);
    // Whatever no group had room for goes to the least loaded group.
    for (let j = 0; j < n; j++) {
      if (group[j] >= 0) continue;
      let lightest = 0;
      for (let c = 1; c < k; c++) if (loads[c] < loads[lightest]) lightest = c;
      group[j] = lightest;
      sizes[lightest]++;
      loads[lightest] += work[j];
    }
    sumX.fill(0);
    sumY.fill(0);
    for (let j = 0; j < n; j++) {
      sumX[group[j]] += xs[j];
      sumY[group[j]] += ys[j];
    }
    let moved = 0;
    for (let c = 0; c < k; c++) {
      if (sizes[c] > 0) {
        const nx = sumX[c] / sizes[c];
        const ny = sumY[c] / sizes[c];
        moved += Math.abs(nx - cx[c]) + Math.abs(ny - cy[c]);
        cx[c] = nx;
        cy[c] = ny;
      }
    }
    if (moved < 1e-9) break;
  }
  return group;
}

/**
 * Matches groups to robots (cost: the distance from the robot's start to the group's nearest
 * pickup, forbidden when the robot cannot do one of the group's deliveries) and gives each
 * group's deliveries to its robot, or to the nearest robot that can do them. Routes unordered.
 */
function routesOfGroups(problem: Problem, usable: number[], group: Int32Array, k: number): Routes {
  const routes: Routes = problem.robots.map(() => []);
  const members: number[][] = Array.from({ length: k }, () => []);
  for (let j = 0; j < problem.deliveryCount; j++) members[group[j]].push(j);
  const match = solveRectangularAssignment(usable.length, k, (u, c) => {
    const r = usable[u];
    let best = Infinity;
    for (const j of members[c]) {
      if (!canServe(problem, r, j)) return Infinity;
      best = Math.min(best, startToPickup(problem, r, j));
    }
    return best;
  });
  const nearestCapableRobot = (j: number): number => {
    let nearest = -1;
    for (const r of usable) {
      if (!canServe(problem, r, j)) continue;
      if (nearest < 0 || startToPickup(problem, r, j) < startToPickup(problem, nearest, j)) nearest = r;
    }
    return nearest;
  };
  const owner = new Int32Array(k).fill(-1);
  match.forEach((c, u) => {
    if (c >= 0) owner[c] = usable[u];
  });
  for (let c = 0; c < k; c++) {
    for (const j of members[c]) {
      let r = owner[c];
      if (r < 0 || !canServe(problem, r, j)) r = nearestCapableRobot(j);
      routes[r].push(j);
    }
  }
  return routes;
}

/** Deliveries by pickup place (their points coincide): each place's point and its deliveries in index order. */
interface PickupPlaces {
  x: Float64Array;
  y: Float64Array;
  /** Deliveries of place q: members[memberStart[q] .. memberStart[q + 1]). */
  memberStart: Int32Array;
  members: Int32Array;
}

function groupByPickupPlace(problem: Problem): PickupPlaces {
  const n = problem.deliveryCount;
  const placeOf = new Int32Array(problem.placeCount).fill(-1);
  const counts: number[] = [];
  const nodes: number[] = [];
  const place = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const p = problem.pickupPlace[j];
    if (placeOf[p] < 0) {
      placeOf[p] = counts.length;
      counts.push(0);
      nodes.push(problem.deliveries[j].pickupNode);
    }
    place[j] = placeOf[p];
    counts[place[j]]++;
  }
  const memberStart = new Int32Array(counts.length + 1);
  for (let q = 0; q < counts.length; q++) memberStart[q + 1] = memberStart[q] + counts[q];
  const cursor = memberStart.slice(0, counts.length);
  const members = new Int32Array(n);
  for (let j = 0; j < n; j++) members[cursor[place[j]]++] = j;
  return {
    x: Float64Array.from(nodes, (node) => problem.nodeX[node]),
    y: Float64Array.from(nodes, (node) => problem.nodeY[node]),
    memberStart,
    members,
  };
}

/**
 * The capacitated assignment step: (point, centre) pairs from the closest (ties: by point
 * index, then by centre), each point to the first centre on its way that is empty or still
 * has room for its work. Points of one place share their distances, so a heap holds one pair
 * per place with points left: its next centre by distance (a place's centres are sorted only
 * once it gets past the nearest). Pairs at one distance are taken together, centre by centre,
 * each centre's points by index: the order of the attempts on each centre and of each point's
 * attempts is then the one of the full sorted list, so the outcome is too.
 * O(places x centres) per step, plus the pairs visited.
 */
class CapacitatedAssignment {
  private readonly distance: Float64Array;
  /** Per place: its centres by distance (then index) once sorted, and the rank of its current pair. */
  private readonly sortedCentres: Int32Array;
  private readonly sorted: Uint8Array;
  private readonly rank: Int32Array;
  /** Per place: its points not placed yet, in index order. */
  private readonly waiting: number[][];
  private readonly heap: KeyedHeap;
  private readonly scratch: Float64Array;
  private readonly used: Int32Array;
  private readonly batchPlace: number[] = [];
  private readonly batchCentre: number[] = [];
  private readonly batchOrder: number[] = [];
  private readonly tied: number[] = [];

  constructor(
    private readonly places: PickupPlaces,
    private readonly centres: number,
  ) {
    const placeCount = places.x.length;
    this.distance = new Float64Array(placeCount * centres);
    this.sortedCentres = new Int32Array(placeCount * centres);
    this.sorted = new Uint8Array(placeCount);
    this.rank = new Int32Array(placeCount);
    this.waiting = Array.from({ length: placeCount }, () => []);
    this.heap = new KeyedHeap(placeCount);
    this.scratch = new Float64Array(centres);
    this.used = new Int32Array(centres);
  }

  assign(
    cx: Float64Array,
    cy: Float64Array,
    work: Float64Array,
    capacity: number,
    group: Int32Array,
    sizes: Int32Array,
    loads: Float64Array,
  ): void {
    const { x, y, members, memberStart } = this.places;
    const placeCount = x.length;
    const k = this.centres;
    const distance = this.distance;
    group.fill(-1);
    sizes.fill(0);
    loads.fill(0);
    this.heap.clear();
    for (let q = 0; q < placeCount; q++) {
      let nearest = 0;
      for (let c = 0; c < k; c++) {
        const d = (x[q] - cx[c]) ** 2 + (y[q] - cy[c]) ** 2;
        distance[q * k + c] = d;
        if (d < distance[q * k + nearest]) nearest = c;
      }
      this.sorted[q] = 0;
      this.rank[q] = 0;
      this.sortedCentres[q * k] = nearest;
      const waiting = this.waiting[q];
      waiting.length = 0;
      for (let i = memberStart[q]; i < memberStart[q + 1]; i++) waiting.push(members[i]);
      this.heap.push(distance[q * k + nearest], q);
    }
    const { batchPlace, batchCentre, batchOrder, tied } = this;
    while (this.heap.size > 0) {
      // Every pair at the least distance, a place's further centres at that distance included.
      const d = this.heap.topKey();
      batchPlace.length = 0;
      batchCentre.length = 0;
      while (this.heap.size > 0 && this.heap.topKey() === d) {
        const q = this.heap.pop();
        for (;;) {
          batchPlace.push(q);
          batchCentre.push(this.centreAt(q));
          if (this.rank[q] + 1 >= k || distance[q * k + this.centreAfter(q)] !== d) break;
          this.rank[q]++;
        }
      }
      batchOrder.length = 0;
      for (let t = 0; t < batchPlace.length; t++) batchOrder.push(t);
      batchOrder.sort((s, t) => batchCentre[s] - batchCentre[t] || s - t);
      for (let from = 0; from < batchOrder.length; ) {
        const c = batchCentre[batchOrder[from]];
        let to = from + 1;
        while (to < batchOrder.length && batchCentre[batchOrder[to]] === c) to++;
        tied.length = 0;
        for (let t = from; t < to; t++) for (const j of this.waiting[batchPlace[batchOrder[t]]]) tied.push(j);
        if (to - from > 1) tied.sort((s, t) => s - t);
        for (const j of tied) {
          if (group[j] >= 0 || (sizes[c] > 0 && loads[c] + work[j] > capacity)) continue;
          group[j] = c;
          sizes[c]++;
          loads[c] += work[j];
        }
        from = to;
      }
      // Places with points left move on to their next centre.
      for (let t = 0; t < batchPlace.length; t++) {
        const q = batchPlace[t];
        if (t + 1 < batchPlace.length && batchPlace[t + 1] === q) continue;
        const waiting = this.waiting[q];
        let kept = 0;
        for (const j of waiting) if (group[j] < 0) waiting[kept++] = j;
        waiting.length = kept;
        if (kept === 0 || this.rank[q] + 1 >= k) continue;
        const next = this.centreAfter(q);
        this.rank[q]++;
        this.heap.push(distance[q * k + next], q);
      }
    }
  }

  private centreAt(q: number): number {
    return this.sortedCentres[q * this.centres + this.rank[q]];
  }

  /** The centre after place q's current one, sorting its centres the first time. */
  private centreAfter(q: number): number {
    const k = this.centres;
    if (!this.sorted[q]) {
      sortedOrder(
        this.distance.subarray(q * k, (q + 1) * k),
        k,
        this.sortedCentres.subarray(q * k, (q + 1) * k),
        this.scratch,
        this.used,
      );
      this.sorted[q] = 1;
    }
    return this.sortedCentres[q * k + this.rank[q] + 1];
  }
}
