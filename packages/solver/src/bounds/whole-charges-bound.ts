import { EPSILON } from '../problem/battery-tolerance.ts';
import { onDriveTimes, type Problem } from '../problem/problem.ts';
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

/** Weights tried between the two resources of `wholeChargesOnDriveTimes` (any weight gives a valid bound). */
const RESOURCE_WEIGHTS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/**
 * Whole charges on the clock of a robot with acceleration and turns (0 for a point robot, whose
 * clock `wholeChargesBound` reads). A robot's productive driving has two measures: P_r in metres
 * (batteries follow them) and D_r in drive metres (its least time x speed; D_r >= P_r, as no
 * leg is driven faster than top speed). As in `wholeChargesBound`, with c recharges that find
 * the battery not full:
 * 1. its charges: P_r <= (c + 1) * max_distance - used - reserve - c * detour (metres);
 * 2. its time: D_r + h_r * v <= (M - ready - c * recharge_time) * v - c * detour' (detour' the
 *    least a recharge adds in drive metres, h_r its handling), so P_r <= D_r is below it too.
 * Over the fleet the P_r add up to at least W (the model's least metres) and the D_r + h_r v to
 * at least W' + (2n - N) * handling * v (W' the model's least drive on the legs' times; every
 * delivery's handling but each robot's last dropoff's). Two sums over one choice of c per robot
 * are not one knapsack, so each weight mu in [0, 1] gives a necessary condition of one sum:
 * sum_r max over c of (mu * min(1, 2) + (1 - mu) * 2) >= mu * W + (1 - mu) * (W' + handling),
 * and the bound is the largest, over the weights tried, of the least M that meets it.
 */
export function wholeChargesOnDriveTimes(problem: Problem, fleetDriving: number, fleetDrive: number): number {
  const usable = usableRobots(problem);
  if (problem.pointRobot || problem.deliveryCount === 0 || usable.length === 0) return 0;
  const metres = robotChargeFigures(problem, usable);
  const drives = robotChargeFigures(onDriveTimes(problem), usable);
  const handlingDrive =
    Math.max(0, 2 * problem.deliveryCount - usable.length) * problem.handlingSeconds * problem.speed;
  let best = 0;
  for (const weight of RESOURCE_WEIGHTS) {
    const target = weight * fleetDriving + (1 - weight) * (fleetDrive + handlingDrive);
    if (target <= EPSILON) continue;
    const fleetCapacity = (makespan: number) => {
      let total = 0;
      for (let i = 0; i < metres.length; i++)
        total += weightedCapacity(problem, metres[i], drives[i], weight, makespan);
      return total;
    };
    const least = leastMakespan(fleetCapacity, target, target / (usable.length * problem.speed));
    best = Math.max(best, least);
  }
  return best;
}

/** The least M (a relative 1e-9 below) with `capacity(M) >= target`, `capacity` rising in M; 0 when none is found. */
function leastMakespan(capacity: (makespan: number) => number, target: number, start: number): number {
  let high = Math.max(start, Number.MIN_VALUE);
  for (let doubling = 0; capacity(high) < target; doubling++) {
    if (doubling > 60) return 0;
    high *= 2;
  }
  let low = 0;
  for (let step = 0; step < 60 && high - low > 1e-9 * high; step++) {
    const middle = (low + high) / 2;
    if (capacity(middle) >= target) high = middle;
    else low = middle;
  }
  return low * (1 - 1e-9);
}

/**
 * max over c of mu * min(charges(c), time(c)) + (1 - mu) * time(c), each part at least 0: a
 * rising and a falling line, so the most is at c = 0 or where they cross.
 */
function weightedCapacity(
  problem: Problem,
  metres: RobotChargeFigures,
  drives: RobotChargeFigures,
  weight: number,
  makespan: number,
): number {
  const { maxDistance, rechargeSeconds, speed } = problem;
  const time = makespan - problem.readyS[metres.robot];
  if (time <= 0) return 0;
  const first = maxDistance - problem.initialUsed[metres.robot] - metres.reserve;
  const byCharge = (c: number) => first + c * (maxDistance - metres.detour);
  const byTime = (c: number) => (time - c * rechargeSeconds) * speed - c * drives.detour;
  const value = (c: number) =>
    weight * Math.max(0, Math.min(byCharge(c), byTime(c))) + (1 - weight) * Math.max(0, byTime(c));
  if (maxDistance - metres.detour <= 0) return value(0);
  const crossing = (time * speed - first) / (maxDistance - metres.detour + rechargeSeconds * speed + drives.detour);
  const c = Math.max(0, Math.floor(crossing));
  return Math.max(value(0), value(c), value(c + 1));
}
