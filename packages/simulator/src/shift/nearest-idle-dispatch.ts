import type { Floor, RobotWork } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import type { WorkCycle } from '../execution/work-cycle.ts';
import type { IdleCharging } from './idle-charging.ts';
import { mergeOldestFirst, type BookedOrder, type OrderBook } from './order-book.ts';
import type { ShiftDispatcher } from './shift-dispatcher.ts';

/**
 * The baseline dispatch most fleets start from: each released order goes to the nearest idle
 * robot (by the walk from where it stands to the pickup; ties to the robot first in the fleet)
 * that has the charge for it now (the battery rule, `WorkCycle.fitsCharge`). While no idle robot
 * can take it the order waits; at every step the waiting orders are offered again, oldest first,
 * so a robot that becomes idle takes the oldest waiting order it can do (or the oldest of those
 * it is the nearest idle robot to). A robot holds one order at a time; idle robots park at their
 * station and charge there by the opportunity rule (`IdleCharging`).
 */
export class NearestIdleDispatch implements ShiftDispatcher {
  readonly replans = 0;
  readonly iterations = 0;
  private waiting: BookedOrder[] = [];
  private readonly idle: number[] = [];

  constructor(
    private readonly floor: Floor,
    private readonly robots: readonly RobotWork[],
    private readonly book: OrderBook,
    private readonly work: WorkCycle,
    private readonly state: FloorTraffic,
    private readonly charging: IdleCharging,
  ) {}

  step(step: number): void {
    const { work, state, floor } = this;
    for (const order of this.book.release(step)) this.waiting.push(order);
    if (this.waiting.length > 0) {
      const idle = this.idle;
      idle.length = 0;
      for (let robot = 0; robot < this.robots.length; robot++)
        if (work.isIdle(robot) && state.repairedAt[robot] < 0) idle.push(robot);
      if (idle.length > 0) {
        const stillWaiting: BookedOrder[] = [];
        for (const order of this.waiting) {
          let best = -1;
          let bestDistance = Infinity;
          for (let k = 0; k < idle.length; k++) {
            const robot = idle[k];
            if (robot < 0 || !work.fitsCharge(robot, order.work)) continue;
            const distance = floor.distance(state.pos[robot], order.work.pickupCell);
            if (distance < bestDistance) {
              bestDistance = distance;
              best = k;
            }
          }
          if (best < 0) {
            stillWaiting.push(order);
            continue;
          }
          const robot = idle[best];
          idle[best] = -1;
          order.robot = robot;
          work.appendWork(robot, [order.work], step);
        }
        this.waiting = stillWaiting;
      }
    }
    this.charging.apply(work, state, step);
  }

  /** A broken-down robot's orders not picked up wait again, in order of release, for the next idle robot. */
  brokeDown(robot: number, step: number): void {
    const orders = this.book.takeBack(this.work, robot, step);
    if (orders.length > 0) this.waiting = mergeOldestFirst(this.waiting, orders);
  }
}
