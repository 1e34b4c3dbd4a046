import { EPSILON } from '../problem/battery-tolerance.ts';
import type { Problem } from '../problem/problem.ts';
import type { SharedBoundWork } from './bound-list.ts';
import { usableRobots } from './lower-bound.ts';
import { robotChargeFigures } from './robot-charge-figures.ts';

/**
 * Charger capacity: the recharges a fleet cannot avoid take their time one robot at a time on
 * each charger, so a fleet with few chargers cannot finish before they are all done.
 *
 * The argument. C, a least number of recharges that find a battery not full and come before the
 * robot's last delivery, is the larger of
 * 1. by driving (whole-charges-bound.ts, step 1, summed over the robots): the fleet's productive
 *    driving W fits in the robots' first charges (less the use at the start and the way home
 *    kept after the last dropoff), plus at most max_distance - detour per recharge, the least
 *    detour of any robot;
 * 2. by deliveries: a charge segment holds at most q_r deliveries (battery-bound.ts, step 1), so
 *    n <= sum_r q_r (c_r + 1) and C >= (n - sum_r q_r) / max q.
 * A station charges at most min(chargers, its usable robots) robots at once, so its charges fit
 * on that many lanes, L in all. Some lane holds ceil(C / L) recharges, one after the other, and
 * after the last of them its robot still drives from home to a delivery and does it. So
 * M >= ceil(C / L) * recharge_time + the least such drive. Only plans that queue at chargers
 * keep to it (the `plan` bounds of BOUNDS); routes timed as if every robot had a charger of its
 * own may finish earlier.
 */
export function chargerCapacityBound(problem: Problem, shared: SharedBoundWork): number {
  const n = problem.deliveryCount;
  const usable = usableRobots(problem);
  if (n === 0 || usable.length === 0 || problem.rechargeSeconds <= 0) return 0;
  const figures = robotChargeFigures(problem, usable);
  const { maxDistance } = problem;
  let firstCharges = 0;
  let leastDetour = Infinity;
  let afterCharge = Infinity;
  for (const { robot, reserve, detour, afterCharge: after } of figures) {
    firstCharges += Math.max(0, maxDistance - problem.initialUsed[robot] - reserve);
    leastDetour = Math.min(leastDetour, detour);
    afterCharge = Math.min(afterCharge, after);
  }
  const beyondFirst = shared.model().distance_m - firstCharges;
  const perRecharge = maxDistance - leastDetour;
  const byDriving = beyondFirst > EPSILON && perRecharge > EPSILON ? Math.ceil(beyondFirst / perRecharge - 1e-9) : 0;
  const capacity = shared.battery().segment_capacity;
  let segmentRoom = 0;
  let largest = 0;
  let everyRobotKnown = true;
  for (const robot of usable) {
    segmentRoom += capacity[robot];
    largest = Math.max(largest, capacity[robot]);
    // A capacity of 0 means the battery bound did not work one out for this robot's station.
    if (capacity[robot] < 1) everyRobotKnown = false;
  }
  const byDeliveries = everyRobotKnown ? Math.max(0, Math.ceil((n - segmentRoom) / largest)) : 0;
  const recharges = Math.max(byDriving, byDeliveries);
  if (recharges === 0) return 0;
  return (Math.ceil(recharges / chargingLanes(problem, usable)) * problem.rechargeSeconds + afterCharge) * (1 - 1e-9);
}

/** L of the argument: per station, the smaller of its chargers and its usable robots, summed. */
function chargingLanes(problem: Problem, usable: readonly number[]): number {
  const robotsAt = new Map<string, { robots: number; chargers: number }>();
  for (const robot of usable) {
    const station = problem.robots[robot].stationId;
    const entry = robotsAt.get(station) ?? { robots: 0, chargers: problem.chargersOfRobot[robot] };
    entry.robots++;
    robotsAt.set(station, entry);
  }
  let lanes = 0;
  for (const { robots, chargers } of robotsAt.values()) lanes += Math.min(robots, chargers);
  return lanes;
}
