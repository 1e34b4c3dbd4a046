import type { DeliveryWork, Floor } from '@fleetlab/warehouse';
import { SimulationError } from '../errors.ts';

/**
 * Metres a robot keeps back for detours when it decides on the floor whether a delivery still
 * fits its charge. The plan already leaves a reserve of every charge for traffic; on top of it a
 * robot that traffic has been pushing about expects more of the same: it keeps back what its
 * detours so far (driven against the plan's walks, `detourRate`: on this charge for points, over
 * the day for robots with models, `WorkCycle.detourRate`) would add to the delivery's legs. (Half again on top charged early for nothing: with the pipeline's plans
 * (`npm run bench:simulator -- --pipeline --max-iterations 300`), t2 took a charge its plan did not
 * have and finished 1.157x its plan, 1.020x without; the other floors ran the same.) A robot
 * alone on the floor drives its shortest walks,
 * so it keeps nothing back and follows its plan's charges exactly. When robots short of charge
 * still jam (they never step aside), the day is replayed keeping 20% of the legs plus 10 m more,
 * doubled at each replay.
 */
export function detourMargin(legs: number, detourRate: number, replays: number): number {
  const expected = Math.ceil(Math.max(0, detourRate - 1) * legs);
  if (replays === 0) return expected;
  const scale = 2 ** (replays - 1);
  return expected + Math.ceil(0.2 * legs * scale) + 10 * scale;
}

/**
 * The replays' margin of a robot that can bring its plan's next charge forward (robots with
 * acceleration and turns, `WorkCycle`'s `replanCharges`): twice what its detours so far say to
 * expect on the whole of what it needs (pickup, dropoff and home), and the old rule's 20% plus
 * 10 m on that, doubled at each replay. Such a robot charges sooner for it, not beyond its plan.
 * With the old replays' margin, d20k with amr still jammed after 3 replays (robots within 2 m of
 * their charge, which never step aside, at a dropoff); with this one it ran at the second. Not
 * from the start: there it sent robots on tight batteries to charge so early that their plan's
 * last charge ran out (t1 and t2 with amr 2-3 charges beyond the plan, d5k 6).
 */
export function replayMarginChargingSooner(need: number, detourRate: number, replays: number): number {
  return Math.ceil(2 * Math.max(0, detourRate - 1) * need) + detourMargin(need, 1, replays);
}

export type ChargeDecision = 'go' | 'charge-first';

/** Metres of the plan's walk between two cells: the floor's shortest walk for points, the least-time walk otherwise. */
export type LegMetres = (from: number, to: number) => number;

/**
 * Whether a robot at `position` with `usedSinceCharge` metres on its charge may start `item` now
 * under the battery rule (`decideCharge` says 'go'): the pickup, the dropoff and home fit its
 * charge with the detour margin, or, just charged, without it.
 */
export function fitsCharge(
  legMetres: LegMetres,
  position: number,
  homeCell: number,
  usedSinceCharge: number,
  maxDistance: number,
  item: Pick<DeliveryWork, 'pickupCell' | 'dropoffCell'>,
  detourRate: number,
  replays: number,
  chargeSooner = false,
): boolean {
  const legs = legMetres(position, item.pickupCell) + legMetres(item.pickupCell, item.dropoffCell);
  const need = legs + legMetres(item.dropoffCell, homeCell);
  const margin =
    chargeSooner && replays > 0
      ? replayMarginChargingSooner(need, detourRate, replays)
      : detourMargin(legs, detourRate, replays);
  if (usedSinceCharge + need + margin <= maxDistance) return true;
  return usedSinceCharge <= 0 && need <= maxDistance;
}

/**
 * The battery rule of the solve model, on the distances really driven: a robot starts a
 * delivery only if, after driving to the pickup and the dropoff, it can still reach its home
 * station. Otherwise it charges first (an extra charge). A robot that has just charged (or starts
 * the day full) goes whenever the strict rule holds, margin or not; when even that fails the plan
 * cannot run on this floor, which is an error naming the delivery.
 */
export function decideCharge(
  floor: Floor,
  legMetres: LegMetres,
  robotId: string,
  position: number,
  homeCell: number,
  usedSinceCharge: number,
  maxDistance: number,
  item: DeliveryWork,
  detourRate: number,
  replays: number,
  chargeSooner = false,
): ChargeDecision {
  if (fitsCharge(legMetres, position, homeCell, usedSinceCharge, maxDistance, item, detourRate, replays, chargeSooner))
    return 'go';
  if (usedSinceCharge > 0) return 'charge-first';
  const need =
    legMetres(position, item.pickupCell) +
    legMetres(item.pickupCell, item.dropoffCell) +
    legMetres(item.dropoffCell, homeCell);
  throw new SimulationError(
    `Robot ${robotId} cannot run delivery ${item.pickup} -> ${item.dropoff} on the floor: it needs ${need} m from ` +
      `${floor.describe(position)} to the pickup, the dropoff and back to its station, but a charge covers ${maxDistance} m`,
  );
}
