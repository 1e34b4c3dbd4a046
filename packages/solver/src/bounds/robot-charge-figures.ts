import { EPSILON } from '../problem/battery-tolerance.ts';
import { canServe } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

/** Place pairs (dropoff place x pickup place) scanned per robot class for the least detour; beyond it the detour counts as 0. */
const DETOUR_PAIR_BUDGET = 2_000_000;

/**
 * Per usable robot, the figures the charger and whole-charge bounds read (robots of one class,
 * same start and home, share them):
 * - `reserve`: the least drive home from any dropoff it can make: its last charge segment keeps
 *   that much unused, so its productive driving is at most (recharges + 1) charges less this.
 * - `detour`: the least a recharge that finds the battery not full adds to its driving: from a
 *   dropoff (or its start, unless it starts full on its station) home and on to a pickup, less
 *   the direct drive (>= 0 by the triangle inequality; 0 when the scan
 *   would pass DETOUR_PAIR_BUDGET).
 * - `afterCharge`: the least time from the end of a recharge to a delivery done: home to a
 *   pickup, its handling, on to the dropoff.
 * - `startsFull`: it starts on its station with a full battery, so a recharge before its first
 *   delivery never finds the battery not full.
 */
export interface RobotChargeFigures {
  robot: number;
  reserve: number;
  detour: number;
  afterCharge: number;
  startsFull: boolean;
}

export function robotChargeFigures(problem: Problem, usable: readonly number[]): RobotChargeFigures[] {
  const { placeDistance, placeCount } = problem;
  const between = (a: number, b: number) => placeDistance[a * placeCount + b];
  const byClass = new Map<number, RobotChargeFigures>();
  return usable.map((robot) => {
    const known = byClass.get(problem.robotClass[robot]);
    if (known) return { ...known, robot };
    const home = problem.homePlace[robot];
    const start = problem.startPlace[robot];
    const pickups = new Set<number>();
    const dropoffs = new Set<number>();
    let afterCharge = Infinity;
    for (let k = 0; k < problem.deliveryClassCount; k++) {
      const j = problem.deliveryClassFirst[k];
      if (!canServe(problem, robot, j)) continue;
      pickups.add(problem.pickupPlace[j]);
      dropoffs.add(problem.dropoffPlace[j]);
      afterCharge = Math.min(afterCharge, between(home, problem.pickupPlace[j]) + problem.deliveryLength[j]);
    }
    let reserve = Infinity;
    for (const dropoff of dropoffs) reserve = Math.min(reserve, between(dropoff, home));
    let detour = 0;
    // A recharge right at the start counts only when it finds the battery not full: the robot
    // started off its station or with part of its charge used.
    const startsFull = start === home && problem.initialUsed[robot] === 0;
    if ((dropoffs.size + 1) * pickups.size <= DETOUR_PAIR_BUDGET) {
      detour = Infinity;
      for (const from of startsFull ? dropoffs : [start, ...dropoffs]) {
        const toHome = between(from, home);
        for (const pickup of pickups) detour = Math.min(detour, toHome + between(home, pickup) - between(from, pickup));
      }
      if (detour < EPSILON) detour = 0;
    }
    const figures = {
      robot,
      reserve: Number.isFinite(reserve) ? reserve : 0,
      detour: Number.isFinite(detour) ? detour : 0,
      afterCharge: afterCharge / problem.speed + problem.handlingSeconds,
      startsFull,
    };
    byClass.set(problem.robotClass[robot], figures);
    return figures;
  });
}
