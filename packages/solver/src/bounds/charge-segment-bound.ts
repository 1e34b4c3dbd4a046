import { maximumMatching } from '../assignment/maximum-matching.ts';
import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import { canServe } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

/** Deliveries above which the bound is not tried (its pair and triple tests grow as n^2 and n^3). */
const MAX_DELIVERIES = 120;

/**
 * A lower bound for fleets whose charges hold at most two deliveries (the argument):
 *
 * 1. A charge segment is what a robot drives on one charge: from its start (the first) or its
 *    home station after a recharge, through some deliveries, keeping the way home after each
 *    within the charge. When no three deliveries fit one segment from any robot's start or home
 *    (checked exhaustively), every segment holds one or two, and the two-delivery segments pair
 *    off deliveries that fit together: a matching of the graph joining each pair that fits some
 *    segment. So any plan has at least K = n - nu segments, nu the maximum matching's size
 *    (Edmonds' blossom algorithm, `maximumMatching`).
 * 2. A robot with s segments recharges s - 1 times; each closed segment (ended by the drive home
 *    to recharge) drives at least its cheapest one-delivery round trip from home, the last at
 *    least its cheapest drive to a pickup and on to the dropoff (a segment of two drives at
 *    least as far as one of its deliveries alone, by the triangle inequality). So it finishes no
 *    earlier than (s - 1) * recharge_time + ((s - 1) * closed + open) / v.
 * 3. The robots' segments add up to K at least, so the makespan M is at least the smallest M at
 *    which the segments the robots can fit by M add up to K.
 * Where batteries let a charge hold three deliveries or more, the bound is 0 (the battery-aware
 * bound covers those); it matters where charges are short against the trips.
 */
export function chargeSegmentBound(problem: Problem): number {
  const n = problem.deliveryCount;
  if (n === 0 || n > MAX_DELIVERIES || problem.robotCount === 0) return 0;
  const limit = problem.maxDistance + SAFE_SLACK;
  const fronts = segmentFronts(problem);
  const fits = (order: readonly number[]) => fronts.some((front) => segmentFits(problem, front, order, limit));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        if (
          fits([i, j, k]) ||
          fits([i, k, j]) ||
          fits([j, i, k]) ||
          fits([j, k, i]) ||
          fits([k, i, j]) ||
          fits([k, j, i])
        )
          return 0;
      }
    }
  }
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (fits([i, j]) || fits([j, i])) {
        neighbours[i].push(j);
        neighbours[j].push(i);
      }
    }
  }
  const mate = maximumMatching(neighbours);
  let matched = 0;
  for (let v = 0; v < n; v++) if (mate[v] > v) matched++;
  return smallestMakespanFor(problem, n - matched);
}

/** Where a segment may start: each robot's start (its first segment) and home (after a recharge), with the robot. */
interface SegmentFront {
  robot: number;
  place: number;
}

function segmentFronts(problem: Problem): SegmentFront[] {
  const fronts: SegmentFront[] = [];
  const seen = new Set<string>();
  problem.robots.forEach((_, r) => {
    for (const place of [problem.startPlace[r], problem.homePlace[r]]) {
      const key = `${problem.robotClass[r]}:${place}`;
      if (seen.has(key)) continue;
      seen.add(key);
      fronts.push({ robot: r, place });
    }
  });
  return fronts;
}

/** Whether robot `front.robot` can do `order` in one segment from `front.place`, keeping the way home after every dropoff. */
function segmentFits(problem: Problem, front: SegmentFront, order: readonly number[], limit: number): boolean {
  const { placeDistance, placeCount } = problem;
  const home = problem.homePlace[front.robot];
  let at = front.place;
  let driven = 0;
  for (const j of order) {
    if (!canServe(problem, front.robot, j)) return false;
    const pickup = problem.pickupPlace[j];
    const dropoff = problem.dropoffPlace[j];
    driven += placeDistance[at * placeCount + pickup] + problem.deliveryLength[j];
    if (driven + placeDistance[dropoff * placeCount + home] > limit) return false;
    at = dropoff;
  }
  return true;
}

/** Step 3: the least M at which the robots' segments within M add up to `segments`. */
function smallestMakespanFor(problem: Problem, segments: number): number {
  const { placeDistance, placeCount, speed, rechargeSeconds } = problem;
  const between = (a: number, b: number) => placeDistance[a * placeCount + b];
  const figures: { open: number; cycle: number }[] = [];
  for (let r = 0; r < problem.robotCount; r++) {
    let closed = Infinity;
    let open = Infinity;
    for (let j = 0; j < problem.deliveryCount; j++) {
      if (!canServe(problem, r, j)) continue;
      const pickup = problem.pickupPlace[j];
      const dropoff = problem.dropoffPlace[j];
      const home = problem.homePlace[r];
      const length = problem.deliveryLength[j];
      closed = Math.min(closed, between(home, pickup) + length + between(dropoff, home));
      open = Math.min(open, Math.min(between(problem.startPlace[r], pickup), between(home, pickup)) + length);
    }
    if (open < Infinity) figures.push({ open: open / speed, cycle: rechargeSeconds + closed / speed });
  }
  const within = (makespan: number) => {
    let count = 0;
    for (const { open, cycle } of figures)
      if (makespan >= open) count += 1 + Math.floor((makespan - open) / cycle + 1e-9);
    return count;
  };
  // The least M is one of the robots' finishes open + c * cycle; try them in order.
  const candidates: number[] = [];
  for (const { open, cycle } of figures) for (let c = 0; c < segments; c++) candidates.push(open + c * cycle);
  candidates.sort((a, b) => a - b);
  for (const makespan of candidates) if (within(makespan) >= segments) return makespan * (1 - 1e-9);
  return 0;
}
