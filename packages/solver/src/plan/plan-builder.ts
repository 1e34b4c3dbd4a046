import { evaluateRoute } from '../routes/battery-schedule.ts';
import { shortestPath, type Problem } from '../problem/problem.ts';
import type { PlanStepRecord } from '@fleetlab/warehouse';

/** Delivery indices per robot, in visiting order; index r belongs to problem.robots[r]. */
export type Routes = number[][];

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function batteryPercent(problem: Problem, sinceCharge: number): number {
  const capacity = problem.params.battery_capacity;
  const level = capacity * (1 - sinceCharge / problem.maxDistance);
  return Math.min(capacity, Math.max(0, level));
}

/**
 * Turns routes into the model's result steps: shortest paths as node-id lists, recharge trips
 * where the battery schedule puts them, time, battery, the distance since the last charge
 * (`total_distance`, the original product's meaning) and since t = 0 (`odometer_m`), rounded to 2
 * decimals. Throws if a route cannot be made legal (algorithms only hand over legal routes).
 */
export function buildRobotSteps(problem: Problem, robot: number, route: readonly number[]): PlanStepRecord[] {
  const steps: PlanStepRecord[] = [];
  if (route.length === 0) return steps;
  const rechargeBefore = new Uint8Array(route.length);
  const { finish } = evaluateRoute(problem, robot, route, rechargeBefore);
  const { id, homeNode, startNode } = problem.robots[robot];
  if (finish === Infinity) throw new Error(`Route of robot ${id} breaks the battery rules under every recharge schedule`);
  const { battery_capacity, max_distance, recharge_time } = problem.params;
  let position = startNode;
  let total = 0;
  let time = 0;
  let sinceCharge = 0;
  const distanceBetween = (from: number, to: number) => problem.distances[problem.sourceRow[from]][to];
  route.forEach((j, index) => {
    const delivery = problem.deliveries[j];
    if (rechargeBefore[index]) {
      const leg = distanceBetween(position, homeNode);
      total += leg;
      time += leg / problem.speed + problem.rechargeSeconds;
      steps.push({
        task: 'recharge',
        path: shortestPath(problem, position, homeNode),
        total_distance: round2(sinceCharge + leg),
        odometer_m: round2(total),
        completion_time: round2(time),
        battery_remaining: round2(battery_capacity),
        battery_capacity,
        max_distance,
        recharge_time,
      });
      sinceCharge = 0;
      position = homeNode;
    }
    const toPickup = shortestPath(problem, position, delivery.pickupNode);
    const toDropoff = shortestPath(problem, delivery.pickupNode, delivery.dropoffNode);
    const leg = distanceBetween(position, delivery.pickupNode) + delivery.length;
    total += leg;
    sinceCharge += leg;
    time += leg / problem.speed;
    steps.push({
      task: [delivery.pickupId, delivery.dropoffId],
      path: toPickup.concat(toDropoff.slice(1)),
      total_distance: round2(sinceCharge),
      odometer_m: round2(total),
      completion_time: round2(time),
      battery_remaining: round2(batteryPercent(problem, sinceCharge)),
      battery_capacity,
      max_distance,
    });
    position = delivery.dropoffNode;
  });
  return steps;
}
