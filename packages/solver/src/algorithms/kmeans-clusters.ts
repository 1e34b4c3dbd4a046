import { solveRectangularAssignment } from '../assignment.ts';
import { canServe, legBetween, startToPickup } from '../delivery-legs.ts';
import { usableRobots } from '../lower-bound.ts';
import { orderRoute } from '../route-order.ts';
import type { Routes } from '../plan-builder.ts';
import type { AlgorithmContext } from './context.ts';

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
  const routes: Routes = problem.robots.map(() => []);
  if (n === 0) return routes;
  const usable = usableRobots(problem);
  const k = Math.min(usable.length, n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    xs[j] = problem.nodeX[problem.deliveries[j].pickupNode];
    ys[j] = problem.nodeY[problem.deliveries[j].pickupNode];
  }
  // k-means++ seeding.
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
  const work = new Float64Array(n);
  let totalWork = 0;
  for (let j = 0; j < n; j++) {
    work[j] = problem.deliveryLength[j] + legBetween(problem, j, j);
    totalWork += work[j];
  }
  // Slightly above the average share, so that the capacitated assignment always places everything.
  const capacity = (totalWork / k) * 1.05;
  const group = new Int32Array(n).fill(-1);
  const sizes = new Int32Array(k);
  const loads = new Float64Array(k);
  const pairs = new Float64Array(n * k);
  const order = new Int32Array(n * k);
  for (let iteration = 0; iteration < LLOYD_ITERATIONS; iteration++) {
    context.checkCancelled();
    // Capacitated assignment: closest (point, centre) pairs first, skipping full centres.
    for (let j = 0; j < n; j++) {
      for (let c = 0; c < k; c++) pairs[j * k + c] = (xs[j] - cx[c]) ** 2 + (ys[j] - cy[c]) ** 2;
    }
    for (let m = 0; m < n * k; m++) order[m] = m;
    order.sort((a, b) => pairs[a] - pairs[b] || a - b);
    group.fill(-1);
    sizes.fill(0);
    loads.fill(0);
    let placed = 0;
    for (let m = 0; m < order.length && placed < n; m++) {
      const j = Math.floor(order[m] / k);
      const c = order[m] % k;
      if (group[j] >= 0 || (sizes[c] > 0 && loads[c] + work[j] > capacity)) continue;
      group[j] = c;
      sizes[c]++;
      loads[c] += work[j];
      placed++;
    }
    // Whatever no group had room for goes to the least loaded group.
    for (let j = 0; j < n; j++) {
      if (group[j] >= 0) continue;
      let lightest = 0;
      for (let c = 1; c < k; c++) if (loads[c] < loads[lightest]) lightest = c;
      group[j] = lightest;
      sizes[lightest]++;
      loads[lightest] += work[j];
    }
    let moved = 0;
    for (let c = 0; c < k; c++) {
      let sx = 0;
      let sy = 0;
      for (let j = 0; j < n; j++) {
        if (group[j] === c) {
          sx += xs[j];
          sy += ys[j];
        }
      }
      if (sizes[c] > 0) {
        const nx = sx / sizes[c];
        const ny = sy / sizes[c];
        moved += Math.abs(nx - cx[c]) + Math.abs(ny - cy[c]);
        cx[c] = nx;
        cy[c] = ny;
      }
    }
    if (moved < 1e-9) break;
  }
  // Match groups to robots: cost = distance from the robot's start to the group's nearest pickup,
  // or forbidden when the robot cannot do one of the group's deliveries.
  const members: number[][] = Array.from({ length: k }, () => []);
  for (let j = 0; j < n; j++) members[group[j]].push(j);
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
  for (let r = 0; r < robotCount; r++) {
    context.checkCancelled();
    routes[r] = orderRoute(problem, r, routes[r], () => {
      context.checkCancelled();
      return false;
    });
  }
  return routes;
}
