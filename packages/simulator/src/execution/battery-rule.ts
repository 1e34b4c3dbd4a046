import type { DeliveryWork, Floor } from '@fleetlab/warehouse';
import { SimulationError } from '../errors.ts';

/**
 * Metres kept back for detours when deciding whether a delivery fits the charge: on a shared
 * floor a robot that yields drives a few cells more than the shortest walk. Without it a robot
 * could leave the dropoff unable to get home. 20% of the legs plus 10 m covers the detours
 * measured on the benchmark layouts; robots short of charge also gain right of way and stop
 * stepping aside (see the executor). Where congestion still jams them, the run is replayed
 * with the reserve scaled up (`reserveScale`).
 */
export function detourMargin(legs: number, reserveScale = 1): number {
  return Math.ceil(0.2 * legs * reserveScale) + 10 * reserveScale;
}

export type ChargeDecision = 'go' | 'charge-first';

/**
 * The battery rule of the solve model, on the distances of the floor: a robot starts a delivery
 * only if, after driving to the pickup and the dropoff, it can still reach its home station.
 * Otherwise it charges first. A robot that has just charged (or starts the day full) goes
 * whenever the strict rule holds, margin or not; when even that fails the plan cannot run on
 * this floor (grid walks are longer than the graph's straight edges), which is an error naming
 * the delivery.
 */
export function decideCharge(
  floor: Floor,
  robotId: string,
  position: number,
  homeCell: number,
  usedSinceCharge: number,
  maxDistance: number,
  item: DeliveryWork,
  reserveScale = 1,
): ChargeDecision {
  const legs = floor.distance(position, item.pickupCell) + floor.distance(item.pickupCell, item.dropoffCell);
  const need = legs + floor.distance(item.dropoffCell, homeCell);
  if (usedSinceCharge + need + detourMargin(legs, reserveScale) <= maxDistance) return 'go';
  if (usedSinceCharge > 0) return 'charge-first';
  if (need <= maxDistance) return 'go';
  throw new SimulationError(
    `Robot ${robotId} cannot run delivery ${item.pickup} -> ${item.dropoff} on the floor: it needs ${need} m from ` +
      `${floor.describe(position)} to the pickup, the dropoff and back to its station, but a charge covers ${maxDistance} m`,
  );
}
