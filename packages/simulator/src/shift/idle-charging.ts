import type { Floor, RobotWork, WorkItem } from '@fleetlab/warehouse';
import { detourMargin } from '../execution/battery-rule.ts';
import type { ExecutionParameters } from '../execution/execution-parameters.ts';
import { Mode, type FloorTraffic } from '../execution/floor-traffic.ts';
import type { WorkCycle } from '../execution/work-cycle.ts';
import type { BookedOrder } from './order-book.ts';

/**
 * Below this share of a charge left, an idle robot parked at its station charges while a charger
 * is free: idle time is the cheapest time to charge, and a robot that starts its next orders
 * with more than half a charge seldom has to break off for a charge when orders pile up.
 */
export const IDLE_CHARGE_BELOW_SHARE = 0.5;

const CHARGE: WorkItem = { kind: 'charge' };

/**
 * Opportunity charging: an idle robot parked at its station (with some charge used) charges
 * when it could not do the demand mix's longest order from there (out and back, with the battery
 * rule's detour margin), queueing if it must, or when it has less than IDLE_CHARGE_BELOW_SHARE
 * of a charge left and a charger is free. So an idle robot that is not charging can take any
 * order it could take full. The longest order is per station: the most metres any pair of the mix
 * needs from the station and back, and the longest drive out, over the pairs its robots can do
 * at all.
 */
export class IdleCharging {
  /** Per station, the most metres an order of the mix needs from the station and back, and the longest drive out and delivery. */
  private readonly longestNeed: Float64Array;
  private readonly longestLegs: Float64Array;

  constructor(
    floor: Floor,
    private readonly robots: readonly RobotWork[],
    private readonly params: ExecutionParameters,
    orders: readonly BookedOrder[],
  ) {
    this.longestNeed = new Float64Array(floor.stationIds.length);
    this.longestLegs = new Float64Array(floor.stationIds.length);
    const seen = new Set<number>();
    for (const { work } of orders) {
      const key = work.pickupCell * floor.cellCount + work.dropoffCell;
      if (seen.has(key)) continue;
      seen.add(key);
      floor.stationCells.forEach((home, station) => {
        const legs = floor.distance(home, work.pickupCell) + floor.distance(work.pickupCell, work.dropoffCell);
        const need = legs + floor.distance(work.dropoffCell, home);
        if (need > params.maxDistance) return;
        this.longestNeed[station] = Math.max(this.longestNeed[station], need);
        this.longestLegs[station] = Math.max(this.longestLegs[station], legs);
      });
    }
  }

  /** Sends the idle robots parked at their station that need it to charge. */
  apply(work: WorkCycle, state: FloorTraffic, step: number): void {
    const { maxDistance, replays } = this.params;
    for (let robot = 0; robot < this.robots.length; robot++) {
      if (state.mode[robot] !== Mode.Parked || !work.isIdle(robot)) continue;
      const used = work.usedSinceCharge(robot);
      if (used <= 0) continue;
      const station = this.robots[robot].station;
      const ready =
        used + this.longestNeed[station] + detourMargin(this.longestLegs[station], work.detourRate(robot), replays) <=
        maxDistance;
      const low = maxDistance - used < IDLE_CHARGE_BELOW_SHARE * maxDistance;
      if (!ready || (low && work.chargerFree(station, step))) work.appendWork(robot, [CHARGE], step);
    }
  }
}
