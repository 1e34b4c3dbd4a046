import {
  buildProblem,
  planRoutes,
  type FloorDistanceRows,
  type RobotHandover,
  type SolveParameters,
} from '@fleetlab/solver';
import type { AlgorithmName, DeliveryWork, Floor, FloorEnvironment, RobotWork, WorkItem } from '@fleetlab/warehouse';
import type { ExecutionParameters } from '../execution/execution-parameters.ts';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import type { WorkCycle } from '../execution/work-cycle.ts';
import type { IdleCharging } from './idle-charging.ts';
import { mergeOldestFirst, type BookedOrder, type OrderBook } from './order-book.ts';
import type { ShiftDispatcher } from './shift-dispatcher.ts';
import type { Outlook, WorkEstimate } from './work-estimate.ts';

/** How the reoptimising dispatcher plans: the solve's algorithm and its caps, the shift's clock. */
export interface ReoptimiseSettings {
  /** The environment the robots run on; each re-plan hands the robots over where their committed work ends. */
  environment: FloorEnvironment;
  /** The solve's parameters the planner reads (objective, batteries, speed, handling, chargers, reserve). */
  solveParams: Partial<SolveParameters>;
  algorithm: AlgorithmName;
  /** Steps between re-plans (`reoptimise_every_s`). */
  everySteps: number;
  /** The planner's improvement iterations per re-plan: a cap, never a time, so runs are reproducible. */
  maxIterations: number;
  /** The most open orders one re-plan takes, oldest first. */
  horizon: number;
  seed: number;
  stepS: number;
  /** Walks of the floor kept between re-plans. */
  distanceRows: FloorDistanceRows;
  shouldStop?: () => boolean;
}

const CHARGE: WorkItem = { kind: 'charge' };

/**
 * An order open this long goes first in its robot's route. The planner's makespan objective does
 * not mind where below the makespan an order lands, and when the fleet is stretched an order may
 * otherwise be put last at every re-plan: on xl1's floor at 3,600 orders/h (3 h) the longest
 * cycle time falls from 1,349 s to 780 s with the same deliveries. Ten minutes is beyond the
 * longest cycle at any rate the fleet keeps up with comfortably, so there it changes nothing.
 */
export const OVERDUE_AFTER_S = 600;

/**
 * Dispatch by re-optimising (`reoptimise`, the default): every `everySteps` steps of shift time
 * the solve's algorithm (`planRoutes` of the solver) re-plans the open orders (released, not yet
 * picked up; the oldest `horizon` of them) over every robot handed over where its committed work
 * ends (`WorkCycle.commitment`: the delivery it carries, or the charge it is on), warm-started
 * from the running plan, and the robots' open work is replaced by the new routes, the planner's
 * charges included. Orders released in between go to the robot that would reach their dropoff
 * soonest after the work it holds (`WorkEstimate`). Among orders of one pickup and dropoff the
 * oldest takes the place the plan reaches first, so no order overtakes an older one of its kind.
 *
 * When more orders are open than a re-plan takes (the fleet is behind), the rest wait, held by
 * no robot, oldest first, and so do orders released until the next re-plan: newer orders never
 * go ahead of older ones that wait, and every re-plan takes the oldest. A robot left with nothing
 * to do meanwhile takes the oldest waiting order it can do. Orders open for OVERDUE_AFTER_S go
 * first in their robot's new route.
 */
export class ReoptimiseDispatch implements ShiftDispatcher {
  replans = 0;
  iterations = 0;
  /** Open orders beyond the last re-plan's horizon, held by no robot, oldest first. */
  private waiting: BookedOrder[] = [];

  constructor(
    private readonly floor: Floor,
    private readonly robots: readonly RobotWork[],
    private readonly params: ExecutionParameters,
    private readonly book: OrderBook,
    private readonly work: WorkCycle,
    private readonly state: FloorTraffic,
    private readonly charging: IdleCharging,
    private readonly estimate: WorkEstimate,
    private readonly settings: ReoptimiseSettings,
  ) {}

  step(step: number): void {
    const released = this.book.release(step);
    // While older orders wait for a re-plan, new ones wait behind them.
    if (this.waiting.length > 0) this.waiting.push(...released);
    else this.insertSoonest(released, step);
    if (step > 0 && step % this.settings.everySteps === 0) this.replan(step);
    if (this.waiting.length > 0) this.giveWaitingToIdle(step);
    this.charging.apply(this.work, this.state, step);
  }

  /**
   * A broken-down robot's orders not picked up go to the robots that would reach their dropoffs
   * soonest (or wait with the others while orders wait for a re-plan). Until its repair is done
   * the robot takes no order, and a re-plan hands it over only from then.
   */
  brokeDown(robot: number, step: number): void {
    const orders = this.book.takeBack(this.work, robot, step);
    if (orders.length === 0) return;
    if (this.waiting.length > 0) this.waiting = mergeOldestFirst(this.waiting, orders);
    else this.insertSoonest(orders, step);
  }

  /** A robot with no work left before the next re-plan takes the oldest waiting order it can do. */
  private giveWaitingToIdle(step: number): void {
    const { work, estimate } = this;
    for (let robot = 0; robot < this.robots.length && this.waiting.length > 0; robot++) {
      if (!work.isIdle(robot) || this.state.repairedAt[robot] >= 0) continue;
      const at = this.waiting.findIndex((order) => estimate.canServe(robot, order.work));
      if (at < 0) continue;
      const [order] = this.waiting.splice(at, 1);
      const outlook = estimate.queueEnd(work, robot, step);
      order.robot = robot;
      work.appendWork(
        robot,
        estimate.needsChargeFirst(outlook, robot, order.work) ? [CHARGE, order.work] : [order.work],
        step,
      );
    }
  }

  /** Each order, in turn, to the robot that would reach its dropoff soonest after its present work (ties: the robot first in the fleet). */
  private insertSoonest(orders: readonly BookedOrder[], step: number): void {
    if (orders.length === 0) return;
    const { estimate, work } = this;
    const ends = this.robots.map((_, robot) => estimate.queueEnd(work, robot, step));
    for (const order of orders) {
      let best = -1;
      let bestDone = Infinity;
      for (let robot = 0; robot < this.robots.length; robot++) {
        if (this.state.repairedAt[robot] >= 0 || !estimate.canServe(robot, order.work)) continue;
        const done = estimate.doneStep(ends[robot], robot, order.work);
        if (done < bestDone) {
          bestDone = done;
          best = robot;
        }
      }
      // No robot can do it (the shift's check of the pairs rules this out): it waits for a re-plan.
      if (best < 0) continue;
      const items = estimate.needsChargeFirst(ends[best], best, order.work) ? [CHARGE, order.work] : [order.work];
      estimate.deliver(ends[best], best, order.work, true);
      order.robot = best;
      work.appendWork(best, items, step);
    }
  }

  private replan(step: number): void {
    const { settings, book, work, robots, estimate } = this;
    const open = book.openOrders();
    if (open.length === 0) return;
    const horizon = open.slice(0, settings.horizon);
    const starts = robots.map((_, robot) => this.handover(robot, step));
    const handovers: Record<string, RobotHandover> = {};
    robots.forEach((robot, r) => {
      handovers[robot.id] = {
        place: robot.id,
        ready_s: (starts[r].outlook.readyStep - step) * settings.stepS,
        used_m: starts[r].outlook.used,
      };
    });
    const inHorizon = new Set(horizon.map((order) => order.id));
    const warmStart: Record<string, [string, string][]> = {};
    robots.forEach((robot, r) => {
      warmStart[robot.id] = work
        .openWork(r)
        .flatMap((item) =>
          item.kind === 'delivery' && item.orderId !== undefined && inHorizon.has(item.orderId)
            ? [[item.pickup, item.dropoff] as [string, string]]
            : [],
        );
    });
    const problem = buildProblem({
      environment: this.withRobotsAt(starts.map((start) => start.outlook.cell)) as never,
      tasks: horizon.map((order) => [order.work.pickup, order.work.dropoff]),
      params: settings.solveParams,
      handovers,
      distanceRows: settings.distanceRows,
    });
    const planned = planRoutes(problem, {
      algorithm: settings.algorithm,
      maxIterations: settings.maxIterations,
      seed: settings.seed,
      warmStart,
      // A constant clock: only the iteration cap ends a search, so every run re-plans alike.
      now: () => 0,
      shouldStop: settings.shouldStop,
    });
    // Each planned delivery gets an order of its pair: the oldest the place the plan reaches first.
    // Deliveries' places are filled with orders below.
    const items: (WorkItem | null)[][] = robots.map((_, r) => (starts[r].chargeFirst ? [CHARGE] : []));
    const places = new Map<string, { robot: number; index: number; done: number }[]>();
    robots.forEach((robot, r) => {
      const outlook: Outlook = { ...starts[r].outlook };
      for (const entry of planned.routes[robot.id] ?? []) {
        if (entry === 'recharge') {
          estimate.charge(outlook, r);
          items[r].push(CHARGE);
          continue;
        }
        const cells = {
          pickupCell: this.floor.requireCellOf(entry[0]),
          dropoffCell: this.floor.requireCellOf(entry[1]),
        };
        const key = `${entry[0]}\u0000${entry[1]}`;
        const slot = { robot: r, index: items[r].length, done: estimate.deliver(outlook, r, cells, false) };
        items[r].push(null);
        const list = places.get(key);
        if (list) list.push(slot);
        else places.set(key, [slot]);
      }
    });
    const byPair = new Map<string, BookedOrder[]>();
    for (const order of horizon) {
      const key = `${order.work.pickup}\u0000${order.work.dropoff}`;
      const list = byPair.get(key);
      if (list) list.push(order);
      else byPair.set(key, [order]);
    }
    for (const [key, slots] of places) {
      slots.sort((a, b) => a.done - b.done || a.robot - b.robot || a.index - b.index);
      const orders = byPair.get(key) ?? [];
      if (orders.length !== slots.length)
        throw new Error(
          `Internal error: the re-plan placed ${slots.length} orders of ${key.replace('\u0000', ' -> ')} for ${orders.length}`,
        );
      slots.forEach((slot, k) => {
        items[slot.robot][slot.index] = orders[k].work;
        orders[k].robot = slot.robot;
      });
    }
    const overdueBefore = step * settings.stepS - OVERDUE_AFTER_S;
    robots.forEach((_, r) =>
      work.replaceOpenWork(r, overdueFirst(items[r] as WorkItem[], this.book, overdueBefore), step),
    );
    // The rest wait, oldest first, for the next re-plan (or a robot with nothing left to do).
    this.waiting = open.slice(horizon.length);
    for (const order of this.waiting) order.robot = -1;
    this.replans++;
    this.iterations += planned.iterations;
  }

  /**
   * Where the planner takes the robot over: where its committed work ends, moved off a keep-clear
   * cell (no place may stand there) to the nearest cell where it may stop; and, when the way home
   * from there would not fit the charge a plan may use, after a charge at its station.
   */
  private handover(robot: number, step: number): { outlook: Outlook; chargeFirst: boolean } {
    const { floor, params } = this;
    const outlook: Outlook = { ...this.work.commitment(robot, step) };
    // A broken-down robot is ready no sooner than its repair is done.
    outlook.readyStep = Math.max(outlook.readyStep, this.state.repairedAt[robot]);
    const stop = nearestStoppingCell(floor, outlook.cell);
    outlook.readyStep += stop.steps;
    outlook.used += stop.steps;
    outlook.cell = stop.cell;
    const home = this.robots[robot].homeCell;
    if (outlook.used > 0 && outlook.used + floor.distance(outlook.cell, home) > params.plannedDistance) {
      this.estimate.charge(outlook, robot);
      return { outlook, chargeFirst: true };
    }
    return { outlook, chargeFirst: false };
  }

  /** The environment with every robot standing on the given cell (its handover place). */
  private withRobotsAt(cells: readonly number[]): FloorEnvironment {
    const { floor } = this;
    const { environment } = this.settings;
    const byId = new Map(this.robots.map((robot, r) => [robot.id, cells[r]]));
    const robots = (environment.elements.robots ?? []).map((robot) => {
      const cell = byId.get(robot.id);
      return cell === undefined ? robot : { ...robot, position: [floor.x(cell) + 0.5, floor.y(cell) + 0.5] };
    });
    return { ...environment, elements: { ...environment.elements, robots } };
  }
}

/** The cell itself, or the nearest by walk where a robot may stop (not keep-clear), and the steps to it. */
function nearestStoppingCell(floor: Floor, cell: number): { cell: number; steps: number } {
  if (!floor.keepClear[cell]) return { cell, steps: 0 };
  const seen = new Set<number>([cell]);
  // Breadth first: the cells in the order found, and the steps to each.
  const queue = [cell];
  const stepsTo = [0];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    for (let k = 0; k < 4; k++) {
      const next = floor.neighbours[at * 4 + k];
      if (next < 0 || seen.has(next) || floor.stationAt[next] >= 0) continue;
      seen.add(next);
      const steps = stepsTo[head] + 1;
      if (!floor.keepClear[next]) return { cell: next, steps };
      queue.push(next);
      stepsTo.push(steps);
    }
  }
  return { cell, steps: 0 };
}

/** The route with its overdue orders (released before `overdueBefore` s) first, oldest first, after a charge it must start with; the rest in the plan's order. */
function overdueFirst(items: WorkItem[], book: OrderBook, overdueBefore: number): WorkItem[] {
  const isOverdue = (item: WorkItem) => item.kind === 'delivery' && book.orderOf(item).releaseS < overdueBefore;
  const overdue = items.filter(isOverdue) as DeliveryWork[];
  if (overdue.length === 0) return items;
  overdue.sort((a, b) => book.orderOf(a).index - book.orderOf(b).index);
  const rest = items.filter((item) => !isOverdue(item));
  const charge = rest[0]?.kind === 'charge' ? rest.splice(0, 1) : [];
  return [...charge, ...overdue, ...rest];
}
