import type { PlanStepRecord } from '@fleetlab/warehouse';
import { legTo } from '../src/problem/delivery-legs.ts';
import { round2 } from '@fleetlab/warehouse';
import { shortestPath, type Problem } from '../src/problem/problem.ts';

/**
 * Rebuilds the original product's greedy plan: each pair, in the given order, to the robot that
 * finishes it soonest, with batteries ignored (no recharge is ever planned). On the public
 * instances it reproduces the reference figures to the centimetre, so checking it shows why a
 * reference run marked valid can still break the model's return-reserve rule.
 */
export function rebuildReferenceGreedy(problem: Problem): Record<string, PlanStepRecord[]> {
  const n = problem.deliveryCount;
  const { battery_capacity, max_distance } = problem.params;
  const plan: Record<string, PlanStepRecord[]> = {};
  const time = new Float64Array(problem.robotCount);
  const last = new Int32Array(problem.robotCount).fill(-1);
  const position = problem.robots.map((robot) => robot.startNode);
  for (const robot of problem.robots) plan[robot.id] = [];
  for (let j = 0; j < n; j++) {
    let best = -1;
    let bestFinish = Infinity;
    for (let r = 0; r < problem.robotCount; r++) {
      const approach = legTo(problem, r, last[r], j);
      const finish = time[r] + (approach + problem.deliveryLength[j]) / problem.speed;
      if (finish < bestFinish - 1e-9) {
        bestFinish = finish;
        best = r;
      }
    }
    const delivery = problem.deliveries[j];
    const path = shortestPath(problem, position[best], delivery.pickupNode).concat(
      shortestPath(problem, delivery.pickupNode, delivery.dropoffNode).slice(1),
    );
    time[best] = bestFinish;
    last[best] = j;
    position[best] = delivery.dropoffNode;
    // The reference never recharges, so its distance since the last charge is its odometer.
    const travelled = bestFinish * problem.speed;
    plan[problem.robots[best].id].push({
      task: [delivery.pickupId, delivery.dropoffId],
      path,
      total_distance: round2(travelled),
      odometer_m: round2(travelled),
      completion_time: round2(bestFinish),
      battery_remaining: round2(Math.max(0, battery_capacity * (1 - travelled / max_distance))),
      battery_capacity,
      max_distance,
    });
  }
  return plan;
}
