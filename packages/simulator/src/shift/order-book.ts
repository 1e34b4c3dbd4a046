import { stepsFor, type DeliveryWork, type Floor } from '@fleetlab/warehouse';
import type { WorkCycle, WorkEvents } from '../execution/work-cycle.ts';
import type { ReleasedOrder } from './order-stream.ts';

/** An order of the shift and what has become of it. */
export interface BookedOrder {
  /** Index in the book (release order). */
  index: number;
  id: string;
  releaseS: number;
  /** The first step at or after its release: when a dispatcher first sees it. */
  releaseStep: number;
  /** The delivery a robot's work holds for it (one object for the whole shift). */
  work: DeliveryWork;
  /** The robot that holds it now, or -1 while none does. */
  robot: number;
  /** The step its robot stood on the pickup (-1: not yet), and reached the dropoff (-1: not yet). */
  pickupStep: number;
  doneStep: number;
}

/**
 * Every order of a shift, released step by step, and what became of each: the dispatcher notes
 * which robot holds it, the work cycle's events note its pickup and delivery. An order is open
 * while it is released and not yet picked up: a re-plan may still move it.
 */
export class OrderBook implements WorkEvents {
  readonly orders: BookedOrder[];
  /** Orders released so far (the first `released` of `orders`). */
  released = 0;
  private readonly byId = new Map<string, BookedOrder>();

  constructor(floor: Floor, orders: readonly ReleasedOrder[], stepS: number) {
    this.orders = orders.map((order, index) => {
      const booked: BookedOrder = {
        index,
        id: order.id,
        releaseS: order.releaseS,
        releaseStep: stepsFor(order.releaseS, stepS),
        work: {
          kind: 'delivery',
          pickup: order.pickup,
          dropoff: order.dropoff,
          pickupCell: floor.requireCellOf(order.pickup, 'Pickup'),
          dropoffCell: floor.requireCellOf(order.dropoff, 'Dropoff'),
          orderId: order.id,
        },
        robot: -1,
        pickupStep: -1,
        doneStep: -1,
      };
      this.byId.set(order.id, booked);
      return booked;
    });
  }

  /** The orders released at `step` (every one due by then and not released before), in order. */
  release(step: number): BookedOrder[] {
    const from = this.released;
    while (this.released < this.orders.length && this.orders[this.released].releaseStep <= step) this.released++;
    return this.orders.slice(from, this.released);
  }

  /** The order of an id. */
  order(id: string): BookedOrder {
    const order = this.byId.get(id);
    if (!order) throw new Error(`Internal error: the shift has no order ${id}`);
    return order;
  }

  /** The order a delivery of some robot's work, or one it has done, serves. */
  orderOf(item: Pick<DeliveryWork, 'pickup' | 'dropoff' | 'orderId'>): BookedOrder {
    if (item.orderId === undefined)
      throw new Error(`Internal error: a shift delivery ${item.pickup} -> ${item.dropoff} serves no order`);
    return this.order(item.orderId);
  }

  /** Released, held by a robot and not picked up yet, in order of release. */
  openOrders(): BookedOrder[] {
    const open: BookedOrder[] = [];
    for (let k = 0; k < this.released; k++) {
      const order = this.orders[k];
      if (order.pickupStep < 0) open.push(order);
    }
    return open;
  }

  /**
   * Takes back the orders the robot holds and has not picked up (a broken-down robot's): its open
   * work is emptied and they are held by no robot, oldest first. A delivery it carries stays.
   */
  takeBack(work: WorkCycle, robot: number, step: number): BookedOrder[] {
    const orders: BookedOrder[] = [];
    for (const item of work.openWork(robot)) if (item.kind === 'delivery') orders.push(this.orderOf(item));
    if (orders.length === 0) return orders;
    work.replaceOpenWork(robot, [], step);
    for (const order of orders) order.robot = -1;
    return orders.sort((a, b) => a.index - b.index);
  }

  pickedUp(robot: number, item: DeliveryWork, step: number): void {
    const order = this.orderOf(item);
    order.robot = robot;
    order.pickupStep = step;
  }

  delivered(_robot: number, item: DeliveryWork, step: number): void {
    this.orderOf(item).doneStep = step;
  }
}

/** Two lists of orders, each oldest first, as one, oldest first. */
export function mergeOldestFirst(a: readonly BookedOrder[], b: readonly BookedOrder[]): BookedOrder[] {
  return [...a, ...b].sort((x, y) => x.index - y.index);
}
