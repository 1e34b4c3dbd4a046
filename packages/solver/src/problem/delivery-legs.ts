import type { Problem } from './problem.ts';

/**
 * Delivery-level distances, read from the place table: the battery schedule, the route
 * evaluator, the moves and the constructions read them only through here, so the problem never
 * holds a table per pair of deliveries or per (robot, delivery).
 */

/** The empty drive between two deliveries: from the dropoff of delivery `from` to the pickup of delivery `to`. */
export function legBetween(problem: Problem, from: number, to: number): number {
  return problem.placeDistance[problem.dropoffPlace[from] * problem.placeCount + problem.pickupPlace[to]];
}

/** Robot `robot`'s drive to the pickup of delivery `to`: from its start when `previous` < 0, else from the dropoff of `previous`. */
export function legTo(problem: Problem, robot: number, previous: number, to: number): number {
  return previous < 0 ? startToPickup(problem, robot, to) : legBetween(problem, previous, to);
}

/** From robot `robot`'s start to the pickup of delivery j. */
export function startToPickup(problem: Problem, robot: number, j: number): number {
  return problem.placeDistance[problem.startPlace[robot] * problem.placeCount + problem.pickupPlace[j]];
}

/** From robot `robot`'s home station to the pickup of delivery j. */
export function homeToPickup(problem: Problem, robot: number, j: number): number {
  return problem.placeDistance[problem.homePlace[robot] * problem.placeCount + problem.pickupPlace[j]];
}

/** From the dropoff of delivery j to robot `robot`'s home station. */
export function dropoffToHome(problem: Problem, robot: number, j: number): number {
  return problem.placeDistance[problem.dropoffPlace[j] * problem.placeCount + problem.homePlace[robot]];
}

/*
 * The same legs' times, in drive metres (seconds x top speed, `Problem.placeDrive`): a route's
 * time is its drive metres / speed plus handling and recharges. For a point robot these read
 * the very same numbers as the distances above.
 */

/** The empty drive between two deliveries, in drive metres. */
export function driveBetween(problem: Problem, from: number, to: number): number {
  return problem.placeDrive[problem.dropoffPlace[from] * problem.placeCount + problem.pickupPlace[to]];
}

/** Robot `robot`'s drive to the pickup of delivery `to`, in drive metres: from its start when `previous` < 0. */
export function driveTo(problem: Problem, robot: number, previous: number, to: number): number {
  return previous < 0 ? startToPickupDrive(problem, robot, to) : driveBetween(problem, previous, to);
}

/** From robot `robot`'s start to the pickup of delivery j, in drive metres. */
export function startToPickupDrive(problem: Problem, robot: number, j: number): number {
  return problem.placeDrive[problem.startPlace[robot] * problem.placeCount + problem.pickupPlace[j]];
}

/** From robot `robot`'s home station to the pickup of delivery j, in drive metres. */
export function homeToPickupDrive(problem: Problem, robot: number, j: number): number {
  return problem.placeDrive[problem.homePlace[robot] * problem.placeCount + problem.pickupPlace[j]];
}

/** From the dropoff of delivery j to robot `robot`'s home station, in drive metres. */
export function dropoffToHomeDrive(problem: Problem, robot: number, j: number): number {
  return problem.placeDrive[problem.dropoffPlace[j] * problem.placeCount + problem.homePlace[robot]];
}

/** The length of every delivery together (pickup to dropoff), the work no plan can avoid. */
export function totalDeliveryLength(problem: Problem): number {
  let lengths = 0;
  for (let j = 0; j < problem.deliveryCount; j++) lengths += problem.deliveryLength[j];
  return lengths;
}

/** Whether robot `robot` can do delivery j at all (from its start or its station, within one charge). */
export function canServe(problem: Problem, robot: number, j: number): boolean {
  return problem.servable[problem.robotClass[robot] * problem.deliveryClassCount + problem.deliveryClass[j]] === 1;
}

/** Whether robot `robot` can do at least one of the deliveries. */
export function canServeAny(problem: Problem, robot: number): boolean {
  const classes = problem.deliveryClassCount;
  const base = problem.robotClass[robot] * classes;
  for (let k = 0; k < classes; k++) if (problem.servable[base + k] === 1) return true;
  return false;
}

/**
 * Seconds of handling in a route of `deliveries` deliveries up to its last dropoff: at every
 * pickup and at every dropoff but the last (the last delivery is done on arrival). It depends on
 * the count alone, never on the order or the recharges.
 */
export function handlingTime(problem: Problem, deliveries: number): number {
  return deliveries > 0 ? (2 * deliveries - 1) * problem.handlingSeconds : 0;
}

/**
 * The part of robot `robot`'s finish that no order or recharge choice changes, for a route of
 * `deliveries` deliveries: the handling, and the time before a handed-over robot starts. Every
 * evaluator adds it to the route's drive-and-charge finish (an empty route finishes at 0).
 */
export function fixedTime(problem: Problem, robot: number, deliveries: number): number {
  return deliveries > 0 ? problem.readyS[robot] + handlingTime(problem, deliveries) : 0;
}

/** Metres robot `robot` has already driven on its present charge when it starts (0 at the start of a day). */
export function initialUsed(problem: Problem, robot: number): number {
  return problem.initialUsed[robot];
}
