import type { Problem } from '@fleetlab/solver';
import type { Floor, FloorParameters, PlanResultsRecord, PlanStepRecord, RobotWork } from '@fleetlab/warehouse';
import { round2 } from '@fleetlab/warehouse';
import type { ExecutedRobot } from '../execution/recorder.ts';
import type { OrderBook } from './order-book.ts';

/**
 * A shift as the model's result format (robot id -> steps), built from what happened, so a
 * client that reads plans reads a shift alike: each robot's deliveries in the order done and a
 * recharge step for each charge it started. A delivery step's path is [from, pickup, dropoff]
 * (from: the robot's start place, its station after parking or charging, else the last
 * dropoff; left out when it is the pickup itself), `completion_time` when its dropoff was
 * reached, `total_distance` the metres really driven since the last charge, `odometer_m` since
 * the shift's start, and `order_id` and `release_s` its order's. A recharge step's path is
 * [from, station], its completion the charge's end, `queued_s` the wait for a charger. With the
 * environment's stored navigation graph (`graphLegs`), each leg lists the graph's nodes along it
 * instead, every hop an edge of that graph, as the plans of a day do; the figures stay the floor's.
 */
export function shiftResults(
  floor: Floor,
  robots: readonly RobotWork[],
  executed: readonly ExecutedRobot[],
  book: OrderBook,
  parameters: FloorParameters,
  graphLegs: Problem['graphLegs'] = null,
): PlanResultsRecord {
  /** The places a step stops at, joined by the graph's nodes between them when there is a stored graph. */
  const drawn = (stops: string[]): string[] =>
    graphLegs
      ? stops.slice(1).reduce((path, to, k) => path.concat(graphLegs.leg(stops[k], to).slice(1)), [stops[0]])
      : stops;
  const { batteryCapacity: capacity, maxDistance, stepS } = parameters;
  const battery = (sinceCharge: number) =>
    round2(Math.min(capacity, Math.max(0, capacity * (1 - sinceCharge / maxDistance))));
  const results: PlanResultsRecord = {};
  robots.forEach((robot, r) => {
    const station = floor.stationIds[robot.station];
    const run = executed[r];
    const events = [
      ...run.deliveries.map((delivery) => ({ step: delivery.doneStep, delivery, charge: null })),
      ...run.charges
        .filter((charge) => charge.startStep >= 0)
        .map((charge) => ({ step: charge.arriveStep, delivery: null, charge })),
    ].sort((a, b) => a.step - b.step);
    const steps: PlanStepRecord[] = [];
    let place = floor.cellOf(robot.id) === robot.startCell ? robot.id : station;
    let odometerAtCharge = 0;
    for (const { delivery, charge } of events) {
      if (delivery) {
        // Set out from its station (parked or charged there), unless it has stood there since the start.
        const fromStation =
          delivery.fromCell === robot.homeCell && !(steps.length === 0 && robot.startCell === robot.homeCell);
        const from = fromStation ? station : place;
        const order = book.orderOf(delivery);
        const sinceCharge = delivery.odometer - odometerAtCharge;
        steps.push({
          task: [delivery.pickup, delivery.dropoff],
          path: drawn(
            from === delivery.pickup ? [delivery.pickup, delivery.dropoff] : [from, delivery.pickup, delivery.dropoff],
          ),
          total_distance: round2(sinceCharge),
          odometer_m: round2(delivery.odometer),
          completion_time: round2(delivery.doneStep * stepS),
          battery_remaining: battery(sinceCharge),
          battery_capacity: capacity,
          max_distance: maxDistance,
          order_id: order.id,
          release_s: order.releaseS,
        });
        place = delivery.dropoff;
      } else if (charge) {
        const queuedS = (charge.startStep - charge.arriveStep) * stepS;
        steps.push({
          task: 'recharge',
          path: drawn(place === station ? [station] : [place, station]),
          total_distance: round2(charge.odometer - odometerAtCharge),
          odometer_m: round2(charge.odometer),
          completion_time: round2(charge.endStep * stepS),
          battery_remaining: capacity,
          battery_capacity: capacity,
          max_distance: maxDistance,
          recharge_time: parameters.rechargeMinutes,
          ...(queuedS > 0 ? { queued_s: round2(queuedS) } : {}),
        });
        odometerAtCharge = charge.odometer;
        place = station;
      }
    }
    results[robot.id] = steps;
  });
  return results;
}
