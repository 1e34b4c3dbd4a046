import { EPSILON } from '../problem/battery-tolerance.ts';
import type { Problem } from '../problem/problem.ts';
import { usableRobots } from './lower-bound.ts';
import { type RobotChargeFigures, robotChargeFigures } from './robot-charge-figures.ts';

/**
 * Whole charges: a robot whose work exceeds a charge pays a whole recharge for it, with the
 * recharge's time and its detour through the station, however little of the next charge it uses.
 *
 * The argument. Let P_r be robot r's productive driving in a plan: each delivery's length and
 * the drive to its pickup from its previous dropoff (or r's start), as if no recharge came
 * between. Pickups get distinct predecessors this way, so the P_r add up to at least W, the
 * model bound's least fleet driving (lower-bound.ts). Let c be r's recharges before its last
 * delivery that find its battery not full (a recharge at a full battery adds no driving). Then
 * 1. its charges: its drive up to its last dropoff is at most (c + 1) charges less what it had
 *    used at the start, less the way home it must keep after the last dropoff (`reserve`); each
 *    recharge adds at least `detour` to that drive beyond P_r (robot-charge-figures.ts), so
 *    P_r <= (c + 1) * max_distance - used - reserve - c * detour;
 * 2. its time: it drives all of that and recharges c times before the makespan M, so
 *    P_r <= (M - ready - c * recharge_time) * speed - c * detour.
 * So P_r <= cap_r(M) = max over c >= 0 of the smaller of the two, and M is at least the least
 * M with sum_r cap_r(M) >= W (cap_r never falls as M grows, so bisection finds it). The fleet's
 * average (the model bound) lets a robot use part of a charge; this makes every robot that
 * needs more than one pay the whole next one.
 */
export function wholeChargesBound(problem: Problem, fleetDriving: number): number {
  const usable = usableRobots(problem);
  if (problem.deliveryCount === 0 || usable.length === 0 || fleetDriving <= EPSILON) return 0;
  const figures = robotChargeFigures(problem, usable);
  const fleetCapacity = (makespan: number) => {
    let total = 0;
    for (const robot of figures) total += drivingCapacity(problem, robot, makespan);
    return total;
  };
  let high = fleetDriving / (usable.length * problem.speed);
  for (let doubling = 0; fleetCapacity(high) < fleetDriving; doubling++) {
    // No M lets the fleet drive W: the figures rule every plan out, which cannot be, so say nothing.
    if (doubling > 60) return 0;
    high *= 2;
  }
  let low = 0;
  for (let step = 0; step < 60 && high - low > 1e-9 * high; step++) {
    const middle = (low + high) / 2;
    if (fleetCapacity(middle) >= fleetDriving) high = middle;
    else low = middle;
  }
  return low * (1 - 1e-9);
}

/** cap_r(M) of the argument: the most productive driving robot r can fit before `makespan`. */
function drivingCapacity(problem: Problem, figures: RobotChargeFigures, makespan: number): number {
  const { maxDistance, rechargeSeconds, speed } = problem;
  const { robot, reserve, detour } = figures;
  const time = makespan - problem.readyS[robot];
  if (time <= 0) return 0;
  const first = maxDistance - problem.initialUsed[robot] - reserve;
  const byCharge = (c: number) => first + c * (maxDistance - detour);
  const byTime = (c: number) => (time - c * rechargeSeconds) * speed - c * detour;
  const capacity = (c: number) => Math.max(0, Math.min(byCharge(c), byTime(c)));
  // The smaller of a rising and a falling line in c is largest where they cross.
  if (maxDistance - detour <= 0) return capacity(0);
  const crossing = (time * speed - first) / (maxDistance + rechargeSeconds * speed);
  const c = Math.max(0, Math.floor(crossing));
  return Math.max(capacity(0), capacity(c), capacity(c + 1));
}
