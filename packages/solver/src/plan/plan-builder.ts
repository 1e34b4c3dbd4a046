import {
  freeFlow,
  type DeliveryWork,
  type Floor,
  type FreeFlowRobot,
  type PlanResultsRecord,
  type PlanStepRecord,
  type RobotWork,
  round2,
} from '@fleetlab/warehouse';
import { planRechargeMoments } from '../routes/recharge-moments.ts';
import { shortestPath, type Problem } from '../problem/problem.ts';

/** Delivery indices per robot, in visiting order; index r belongs to problem.robots[r]. */
export type Routes = number[][];

/** One robot's work in order: its deliveries and, before some of them, a recharge trip. */
type PlannedItem = { kind: 'delivery'; j: number } | { kind: 'charge' };

/**
 * When each of a robot's items ends, in seconds from t = 0, the charger queueing before each
 * recharge, and the waits beside each delivery's pickup and dropoff while another robot's visit
 * holds it.
 */
interface RobotClock {
  ends: number[];
  queued: number[];
  pickupQueued: number[];
  dropoffQueued: number[];
}

/**
 * Turns routes into the model's result steps: the places each step visits, recharge trips where
 * `planRechargeMoments` puts them, time, battery, the distance since the last charge
 * (`total_distance`, the original product's meaning) and since t = 0 (`odometer_m`), rounded to 2
 * decimals. On the floor the times are the floor's own clock (`freeFlow` of packages/warehouse:
 * walks, handling, whole-step charges, chargers shared first come first served, every pickup and
 * dropoff serving one robot at a time), so the plan says exactly what each robot alone on the
 * floor does; a recharge that waits for a charger says how long in `queued_s`, a delivery that
 * waits for its pickup or dropoff in `pickup_queued_s` and `dropoff_queued_s`. Throws if a route cannot be made legal (algorithms only hand over legal routes).
 */
export function buildPlanSteps(problem: Problem, routes: Routes): PlanResultsRecord {
  const items = plannedItems(problem, routes);
  const { floor } = problem;
  const clocks = floor
    ? floorClocks(problem, floor, items)
    : items.map((robotItems, r) => graphClock(problem, r, robotItems));
  const results: PlanResultsRecord = {};
  problem.robots.forEach((robot, r) => {
    results[robot.id] = robotSteps(problem, r, items[r], clocks[r]);
  });
  return results;
}

/**
 * The makespan of the plan `routes` make: on the floor the plan's own clock, chargers and docks
 * shared (`freeFlow`), so what the routes' queue-free times leave out is in it; on the graph, where
 * nothing is shared, the routes' own finish. What a search that weighs the queues measures.
 */
export function plannedMakespan(problem: Problem, routes: Routes): number {
  return plannedFinish(problem, routes).makespan;
}

/** `plannedMakespan` and the robot that sets it (the first of the latest; -1 without deliveries). */
export function plannedFinish(problem: Problem, routes: Routes): { makespan: number; latestRobot: number } {
  const items = plannedItems(problem, routes);
  const { floor } = problem;
  const clocks = floor
    ? floorClocks(problem, floor, items)
    : items.map((robotItems, r) => graphClock(problem, r, robotItems));
  let makespan = 0;
  let latestRobot = -1;
  clocks.forEach((clock, r) => {
    const end = lastDeliveryEnd(clock, items[r]);
    if (end > makespan) {
      makespan = end;
      latestRobot = r;
    }
  });
  return { makespan, latestRobot };
}

/** When a robot's last delivery is done (0 without deliveries). */
function lastDeliveryEnd(clock: RobotClock, items: readonly PlannedItem[]): number {
  for (let k = items.length - 1; k >= 0; k--) if (items[k].kind === 'delivery') return clock.ends[k];
  return 0;
}

/** Each robot's items: its deliveries, and a recharge before those `planRechargeMoments` chooses. */
function plannedItems(problem: Problem, routes: Routes): PlannedItem[][] {
  const { moments, ownFinish } = planRechargeMoments(problem, routes);
  return routes.map((route, r) => {
    if (ownFinish[r] === Infinity)
      throw new Error(`Route of robot ${problem.robots[r].id} breaks the battery rules under every recharge schedule`);
    const items: PlannedItem[] = [];
    route.forEach((j, index) => {
      if (moments[r][index]) items.push({ kind: 'charge' });
      items.push({ kind: 'delivery', j });
    });
    return items;
  });
}

/** The floor's clock: every robot alone on the floor with these items, chargers and docks shared (`freeFlow`). */
function floorClocks(problem: Problem, floor: Floor, items: PlannedItem[][]): RobotClock[] {
  const cellOf = (node: number) => problem.nodeCell[node];
  const work: RobotWork[] = problem.robots.map((robot, r) => ({
    id: robot.id,
    station: floor.stationIndexOf(robot.stationId),
    homeCell: robot.homeNode >= 0 ? cellOf(robot.homeNode) : -1,
    startCell: robot.startNode >= 0 ? cellOf(robot.startNode) : -1,
    work: items[r].map((item) => {
      if (item.kind === 'charge') return item;
      const delivery = problem.deliveries[item.j];
      const entry: DeliveryWork = {
        kind: 'delivery',
        pickup: delivery.pickupId,
        dropoff: delivery.dropoffId,
        pickupCell: cellOf(delivery.pickupNode),
        dropoffCell: cellOf(delivery.dropoffNode),
      };
      return entry;
    }),
  }));
  const stepS = problem.floorParameters.stepS;
  return freeFlow(floor, problem.floorParameters, work, problem.floorClock ?? undefined).map(
    (alone: FreeFlowRobot, r) => {
      const clock: RobotClock = { ends: [], queued: [], pickupQueued: [], dropoffQueued: [] };
      let delivery = 0;
      let charge = 0;
      for (const item of items[r]) {
        if (item.kind === 'delivery') {
          const waits = alone.dockWaits[delivery];
          clock.ends.push(alone.deliveryDoneSteps[delivery++] * stepS);
          clock.queued.push(0);
          clock.pickupQueued.push(waits.pickup * stepS);
          clock.dropoffQueued.push(waits.dropoff * stepS);
        } else {
          const { arriveStep, startStep, endStep } = alone.charges[charge++];
          clock.ends.push(endStep * stepS);
          clock.queued.push((startStep - arriveStep) * stepS);
          clock.pickupQueued.push(0);
          clock.dropoffQueued.push(0);
        }
      }
      return clock;
    },
  );
}

/** The graph model's clock: legs at robot_speed, handling, recharge waits; no charger is ever shared. */
function graphClock(problem: Problem, robot: number, items: PlannedItem[]): RobotClock {
  const { homeNode, startNode } = problem.robots[robot];
  const ends: number[] = [];
  let time = 0;
  let position = startNode;
  let afterDelivery = false;
  const leg = (to: number) => problem.distances[problem.sourceRow[position]][to] / problem.speed;
  for (const item of items) {
    if (afterDelivery) time += problem.handlingSeconds;
    if (item.kind === 'charge') {
      time += leg(homeNode) + problem.rechargeSeconds;
      position = homeNode;
    } else {
      const delivery = problem.deliveries[item.j];
      time += leg(delivery.pickupNode) + problem.handlingSeconds + delivery.length / problem.speed;
      position = delivery.dropoffNode;
    }
    afterDelivery = item.kind === 'delivery';
    ends.push(time);
  }
  const none = items.map(() => 0);
  return { ends, queued: none, pickupQueued: none, dropoffQueued: none };
}

/**
 * Node ids along one leg: on the graph its shortest path; on the floor the stored graph's
 * shortest path between the two places (`GraphLegs`, for clients that draw straight lines
 * between a path's nodes), or the two places alone without a stored graph. The figures are the
 * floor walk's either way.
 */
function legPath(problem: Problem, from: number, to: number): readonly string[] {
  if (problem.graphLegs) return problem.graphLegs.leg(problem.nodeIds[from], problem.nodeIds[to]);
  return shortestPath(problem, from, to);
}

function batteryPercent(problem: Problem, sinceCharge: number): number {
  const capacity = problem.params.battery_capacity;
  const level = capacity * (1 - sinceCharge / problem.params.max_distance);
  return Math.min(capacity, Math.max(0, level));
}

function robotSteps(problem: Problem, robot: number, items: PlannedItem[], clock: RobotClock): PlanStepRecord[] {
  const { homeNode, startNode } = problem.robots[robot];
  const { battery_capacity, max_distance, recharge_time } = problem.params;
  const distanceBetween = (from: number, to: number) => problem.distances[problem.sourceRow[from]][to];
  const steps: PlanStepRecord[] = [];
  let position = startNode;
  let total = 0;
  let sinceCharge = 0;
  items.forEach((item, index) => {
    const completion = round2(clock.ends[index]);
    if (item.kind === 'charge') {
      const leg = distanceBetween(position, homeNode);
      total += leg;
      steps.push({
        task: 'recharge',
        path: [...legPath(problem, position, homeNode)],
        total_distance: round2(sinceCharge + leg),
        odometer_m: round2(total),
        completion_time: completion,
        battery_remaining: round2(battery_capacity),
        battery_capacity,
        max_distance,
        recharge_time,
        ...(clock.queued[index] > 0 ? { queued_s: round2(clock.queued[index]) } : {}),
      });
      sinceCharge = 0;
      position = homeNode;
      return;
    }
    const delivery = problem.deliveries[item.j];
    const toPickup = legPath(problem, position, delivery.pickupNode);
    const toDropoff = legPath(problem, delivery.pickupNode, delivery.dropoffNode);
    const leg = distanceBetween(position, delivery.pickupNode) + delivery.length;
    total += leg;
    sinceCharge += leg;
    steps.push({
      task: [delivery.pickupId, delivery.dropoffId],
      path: toPickup.concat(toDropoff.slice(1)),
      total_distance: round2(sinceCharge),
      odometer_m: round2(total),
      completion_time: completion,
      battery_remaining: round2(batteryPercent(problem, sinceCharge)),
      battery_capacity,
      max_distance,
      ...(clock.pickupQueued[index] > 0 ? { pickup_queued_s: round2(clock.pickupQueued[index]) } : {}),
      ...(clock.dropoffQueued[index] > 0 ? { dropoff_queued_s: round2(clock.dropoffQueued[index]) } : {}),
    });
    position = delivery.dropoffNode;
  });
  return steps;
}
