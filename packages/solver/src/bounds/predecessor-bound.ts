import { AscendingHeap } from '../data-structures/ascending-heap.ts';
import type { PlaceGroups } from './place-groups.ts';
import { distancesFrom, type Problem } from '../problem/problem.ts';
import {
  solveTransportation,
  type TransportationProblem,
  type TransportationSolution,
  type TransportationStart,
} from '../assignment/transportation.ts';

/**
 * A, the predecessor assignment of the model's bound: each delivery's pickup gets a distinct
 * predecessor (a usable robot's start or another delivery's dropoff) at the least total
 * distance predecessor -> pickup. Returns a lower bound on A that is A itself whenever the
 * pricing below converges (it does on every instance we know; the value is then the optimum).
 *
 * 1. By places. A cost depends on two places only, so the n x (n + robots) assignment is the
 *    transportation problem from pickup places (supply: the deliveries starting there) to
 *    predecessor places (capacity: the deliveries ending there plus the usable robots starting
 *    there) with cost dist(predecessor place, pickup place). A delivery may not precede itself;
 *    that matters only when a pickup place holds a single delivery and its dropoff place holds
 *    nothing else, and that one arc is left out. Any other flow splits into deliveries without a
 *    self-pair (if the single unit sent to a one-slot place is that slot's own delivery, swap it
 *    with another delivery of its pickup place), so both problems have the same optimum.
 * 2. Candidates. Each pickup place starts with its `candidates` nearest predecessor places, the
 *    `candidates` nearest of those with room for its whole supply, and an overflow column at a
 *    cost no augmenting path can beat, so the sparse problem is always feasible (and, when A
 *    is, the overflow stays unused at the optimum). It is solved by successive shortest paths
 *    (transportation.ts) for its prices.
 * 3. Repair and pricing. With column prices w <= 0 (a place with spare capacity has price 0),
 *    u_q = min over ALL predecessor places p of (dist(p, q) - w_p), so u_q + w_p <= cost for
 *    every pair, and by weak duality sum_q supply_q u_q + sum_p capacity_p w_p <= A whatever w
 *    is (for an optimal assignment, sum of costs >= sum of u + sum of w over used columns >= sum
 *    of u + sum of all w, unused ones being <= 0; the overflow column only relaxes the problem).
 *    That pass costs pickup places x predecessor places. The pairs it finds below the sparse row price are added as candidates and the
 *    problem re-solved from the previous solution, at most `pricingRounds` times; when none is
 *    left, the sparse prices are optimal for the whole problem. The best bound of all rounds
 *    is kept.
 */
export interface PredecessorBoundOptions {
  /** Predecessor places each pickup place starts with (default 32). */
  candidates?: number;
  /** Re-solves with the pairs the prices show to be missing (default 30; 0: the first prices, repaired). */
  pricingRounds?: number;
  /**
   * Arcs from a dropoff through a home station, priced (detour-capacity-bound.ts): such an arc
   * costs `through[q * dropoffPlaces + d]` (pickup place q, dropoff place d, `PlaceGroups`
   * orders) less `price`, and a pickup takes the cheaper of it and the direct arc. The figure is
   * then A(price), and `stationArcs` counts the units the solution sends through a station.
   */
  stationArcs?: { through: Float64Array; price: number };
}

export interface PredecessorBound {
  /** A lower bound on A in metres (0 when there is nothing to assign). */
  distance_m: number;
  /** True when the prices were optimal over all pairs, so `distance_m` is A itself. */
  exact: boolean;
  /** Transportation problems solved. */
  solves: number;
  /** The dual behind `distance_m` (null when there is nothing to assign). */
  prices: PlacePrices | null;
  /** With `stationArcs`: the units the last solution sends through a station (else 0). */
  stationArcs: number;
}

/**
 * A feasible dual of the assignment, place by place: u_q + w_p <= dist(p, q) for every
 * predecessor place p and pickup place q a plan can join (the one forbidden self-pair aside), and
 * w_p <= 0. Any delivery-level assignment reads it delivery by delivery (a delivery's pickup
 * takes its place's u, each predecessor its place's w), still feasible (drive-items-lp-bound.ts).
 */
export interface PlacePrices {
  /** u per pickup place, in `PlaceGroups.pickupNodes` order. */
  pickup: Float64Array;
  /** w per predecessor place, in `predecessorNodes` order. */
  predecessor: Float64Array;
  /** Node of each predecessor place: the dropoff places (`PlaceGroups.dropoffNodes` order), then robot starts. */
  predecessorNodes: readonly number[];
}

const DEFAULT_CANDIDATES = 32;
const DEFAULT_PRICING_ROUNDS = 30;

export function predecessorAssignmentBound(
  problem: Problem,
  groups: PlaceGroups,
  usableRobots: readonly number[],
  options: PredecessorBoundOptions = {},
  poll?: () => void,
): PredecessorBound {
  const candidates = Math.max(1, options.candidates ?? DEFAULT_CANDIDATES);
  const pricingRounds = Math.max(0, options.pricingRounds ?? DEFAULT_PRICING_ROUNDS);
  const rows = groups.pickupNodes.length;
  if (rows === 0) return { distance_m: 0, exact: true, solves: 0, prices: null, stationArcs: 0 };

  const columns = predecessorPlaces(problem, groups, usableRobots);
  const pairs = placePairCosts(problem, groups, columns, options.stationArcs);
  const { cost, places, overflowCost } = pairs;
  const overflow = places;
  const chosen = nearestCandidates(pairs, columns.capacity, groups.pickupCounts, candidates);

  const supplies = Int32Array.from(groups.pickupCounts);
  let totalSupply = 0;
  for (const s of supplies) totalSupply += s;
  // Priced arcs may cost less than 0: every arc of the problem costs `price` more (so A grows by
  // price x the deliveries), taken off the figure again.
  const shift = options.stationArcs ? options.stationArcs.price * totalSupply : 0;
  const capacities = Int32Array.from([...columns.capacity, totalSupply]);
  const stamp = new Int32Array(places).fill(-1);
  const rowPotential = new Float64Array(rows);
  let bound = -Infinity;
  let best: PlacePrices | null = null;
  let previous: TransportationStart | undefined;
  for (let solves = 1; ; solves++) {
    // Each row: the overflow arc, then its candidates in the order they were chosen, so a
    // re-solve starts from the previous solution (its arcs are a prefix of the new ones).
    const arcStart = new Int32Array(rows + 1);
    for (let q = 0; q < rows; q++) arcStart[q + 1] = arcStart[q] + chosen[q].length + 1;
    const arcColumn = new Int32Array(arcStart[rows]);
    const arcCost = new Float64Array(arcStart[rows]);
    for (let q = 0; q < rows; q++) {
      let a = arcStart[q];
      arcColumn[a] = overflow;
      arcCost[a++] = overflowCost;
      for (const p of chosen[q]) {
        arcColumn[a] = p;
        arcCost[a++] = cost[q * places + p];
      }
    }
    const transportation = { supplies, capacities, arcStart, arcColumn, arcCost };
    const solution = solveTransportation(transportation, poll, previous);
    previous = { problem: transportation, solution };
    const addMissing = solves <= pricingRounds ? candidates : 0;
    const { dual, missing } = priceEveryPair(pairs, transportation, solution, chosen, stamp, addMissing, rowPotential);
    poll?.();
    if (dual > bound || best === null) {
      bound = dual;
      best = {
        pickup: rowPotential.slice(),
        predecessor: solution.columnPrices.slice(0, places),
        predecessorNodes: columns.nodes,
      };
    }
    if (missing === 0 || solves > pricingRounds) {
      const exact = missing === 0;
      return {
        distance_m: (exact ? Math.min(dual, solution.cost) : bound) - shift,
        exact,
        solves,
        prices: best,
        stationArcs: pairs.viaStation ? unitsThroughStations(pairs.viaStation, places, transportation, solution) : 0,
      };
    }
  }
}

/** The predecessor places (columns): dropoff places, then robot starts that are not also a dropoff place. */
interface PredecessorPlaces {
  nodes: number[];
  /** Deliveries ending there plus usable robots starting there. */
  capacity: number[];
  robotsAt: number[];
}

function predecessorPlaces(problem: Problem, groups: PlaceGroups, usableRobots: readonly number[]): PredecessorPlaces {
  const columnOfNode = new Map<number, number>();
  const nodes: number[] = [];
  const capacity: number[] = [];
  const robotsAt: number[] = [];
  groups.dropoffNodes.forEach((node, d) => {
    columnOfNode.set(node, nodes.length);
    nodes.push(node);
    capacity.push(groups.dropoffCounts[d]);
    robotsAt.push(0);
  });
  for (const r of usableRobots) {
    const node = problem.robots[r].startNode;
    let p = columnOfNode.get(node);
    if (p === undefined) {
      p = nodes.length;
      columnOfNode.set(node, p);
      nodes.push(node);
      capacity.push(0);
      robotsAt.push(0);
    }
    capacity[p]++;
    robotsAt[p]++;
  }
  return { nodes, capacity, robotsAt };
}

/** The cost of every (pickup place, predecessor place) pair and the prices derived from the largest. */
interface PlacePairCosts {
  rows: number;
  places: number;
  /** Row-major by pickup place (Infinity: unreachable or the forbidden self-pair). */
  cost: Float64Array;
  /** With priced station arcs: 1 where the pair's cost is the arc through a station. */
  viaStation: Uint8Array | null;
  /** An overflow unit costs more than any augmenting path (at most min(rows, places) forward arcs). */
  overflowCost: number;
  /** How far below its row price a pair must be to count as missing. */
  tolerance: number;
}

function placePairCosts(
  problem: Problem,
  groups: PlaceGroups,
  columns: PredecessorPlaces,
  stationArcs?: PredecessorBoundOptions['stationArcs'],
): PlacePairCosts {
  const { pickupNodes, pickupCounts } = groups;
  const rows = pickupNodes.length;
  const places = columns.nodes.length;
  const columnRows = columns.nodes.map((node) => distancesFrom(problem, node));
  // The one pair a lone delivery may not use: its own dropoff, when nothing else ends there.
  const forbidden = new Int32Array(rows).fill(-1);
  for (let k = 0; k < groups.classCounts.length; k++) {
    const q = groups.classPickup[k];
    const p = groups.classDropoff[k];
    if (pickupCounts[q] === 1 && columns.capacity[p] === 1 && columns.robotsAt[p] === 0) forbidden[q] = p;
  }
  const cost = new Float64Array(rows * places);
  const dropoffPlaces = groups.dropoffNodes.length;
  const viaStation = stationArcs ? new Uint8Array(rows * places) : null;
  let largest = 0;
  for (let p = 0; p < places; p++) {
    const distances = columnRows[p];
    for (let q = 0; q < rows; q++) {
      const selfPair = p === forbidden[q];
      let c = selfPair ? Infinity : distances[pickupNodes[q]];
      if (stationArcs && !selfPair) {
        // Dropoff places come first among the columns (`predecessorPlaces`). A walk never passes
        // through a station cell, so the way through one may be the only way.
        const through = p < dropoffPlaces ? stationArcs.through[q * dropoffPlaces + p] - stationArcs.price : Infinity;
        if (through < c && viaStation) {
          c = through;
          viaStation[q * places + p] = 1;
        }
        c += stationArcs.price;
      }
      cost[q * places + p] = c;
      if (c < Infinity && c > largest) largest = c;
    }
  }
  return {
    rows,
    places,
    cost,
    viaStation,
    overflowCost: (largest + 1) * (Math.min(rows, places) + 1),
    tolerance: 1e-9 * (largest + 1),
  };
}

/**
 * Each pickup place's first candidates: its nearest places, and the nearest of those that could
 * take its whole supply (a one-robot start cannot, so rows near the robots still see the dropoffs).
 */
function nearestCandidates(
  pairs: PlacePairCosts,
  capacity: number[],
  pickupCounts: ArrayLike<number>,
  candidates: number,
): number[][] {
  const { rows, places, cost } = pairs;
  const heap = new AscendingHeap(places);
  const scratch = new Float64Array(places);
  const chosen: number[][] = [];
  for (let q = 0; q < rows; q++) {
    const row = cost.subarray(q * places, (q + 1) * places);
    const picked = nearest(heap, row, candidates);
    for (let p = 0; p < places; p++) scratch[p] = capacity[p] >= pickupCounts[q] ? row[p] : Infinity;
    for (const p of nearest(heap, scratch, candidates)) if (!picked.includes(p)) picked.push(p);
    chosen.push(picked);
  }
  return chosen;
}

/**
 * One pass over every pair: the repaired dual (a lower bound on A whatever the prices), with each
 * row's repaired potential written to `rowPotential`, and the pairs priced below their row. Up to
 * `addMissing` of each row's most underpriced pairs join its candidates.
 */
function priceEveryPair(
  pairs: PlacePairCosts,
  transportation: TransportationProblem,
  solution: TransportationSolution,
  chosen: number[][],
  stamp: Int32Array,
  addMissing: number,
  rowPotential: Float64Array,
): { dual: number; missing: number } {
  const { rows, places, cost, overflowCost, tolerance } = pairs;
  const { supplies, capacities } = transportation;
  const { rowPrices, columnPrices } = solution;
  const overflow = places;
  let dual = 0;
  for (let p = 0; p <= places; p++) dual += capacities[p] * columnPrices[p];
  let missing = 0;
  const below: number[] = [];
  for (let q = 0; q < rows; q++) {
    for (const p of chosen[q]) stamp[p] = q;
    let best = overflowCost - columnPrices[overflow];
    const limit = rowPrices[q] - tolerance;
    const base = q * places;
    below.length = 0;
    for (let p = 0; p < places; p++) {
      const reduced = cost[base + p] - columnPrices[p];
      if (reduced < best) best = reduced;
      if (reduced < limit && stamp[p] !== q) below.push(p);
    }
    dual += supplies[q] * best;
    rowPotential[q] = best;
    missing += below.length;
    if (below.length === 0 || addMissing === 0) continue;
    // The most underpriced pairs join the row's candidates.
    below.sort((a, b) => cost[base + a] - columnPrices[a] - (cost[base + b] - columnPrices[b]));
    for (let k = 0; k < below.length && k < addMissing; k++) chosen[q].push(below[k]);
  }
  return { dual, missing };
}

/** The `count` cheapest finite entries of a cost row, cheapest first. */
function nearest(heap: AscendingHeap, costs: Float64Array, count: number): number[] {
  heap.clear();
  for (const c of costs) heap.add(c);
  const picked: number[] = [];
  while (picked.length < count && !heap.isEmpty()) {
    const p = heap.takeItem();
    if (costs[p] === Infinity) break;
    picked.push(p);
  }
  return picked;
}

/** Units the solution sends on arcs through a station. */
function unitsThroughStations(
  viaStation: Uint8Array,
  places: number,
  transportation: TransportationProblem,
  solution: TransportationSolution,
): number {
  const { arcStart, arcColumn } = transportation;
  let units = 0;
  for (let q = 0; q + 1 < arcStart.length; q++) {
    for (let a = arcStart[q]; a < arcStart[q + 1]; a++) {
      const p = arcColumn[a];
      if (p < places && viaStation[q * places + p]) units += solution.flow[a];
    }
  }
  return units;
}
