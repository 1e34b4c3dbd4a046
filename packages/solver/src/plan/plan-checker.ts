import type { ObjectiveValues } from '@fleetlab/warehouse';
import { objectiveValues } from './objective.ts';
import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import type { Problem } from '../problem/problem.ts';

export interface PlanMetrics {
  makespan_s: number;
  total_distance_m: number;
  recharges: number;
  deliveries: number;
  /** Per robot id: finishing time (end of its last step) and distance travelled. */
  robots: Record<string, { finish_s: number; distance_m: number; recharges: number; deliveries: number }>;
  objectives: ObjectiveValues;
}

export interface PlanCheck {
  valid: boolean;
  errors: string[];
  metrics: PlanMetrics;
}

/** Distances are sums of 2-decimal edge weights; reported figures are rounded to 2 decimals. */
const REPORT_TOLERANCE = 0.011;
const MAX_ERRORS = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Checks a plan against every rule of the solve model and recomputes its metrics from the
 * paths themselves (not from the numbers the plan reports).
 */
export function checkPlan(problem: Problem, results: unknown): PlanCheck {
  const errors: string[] = [];
  const report = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
  };
  const { offsets, targets, weights } = problem.graph;
  const edgeWeight = (from: number, to: number): number => {
    for (let e = offsets[from], end = offsets[from + 1]; e < end; e++) if (targets[e] === to) return weights[e];
    return -1;
  };
  const { battery_capacity: capacity, max_distance: maxDistance, recharge_time: rechargeMinutes } = problem.params;
  const speed = problem.speed;

  const pending = new Map<string, number>();
  const pairKey = (pickup: string, dropoff: string) => `${pickup}\u0000${dropoff}`;
  for (const delivery of problem.deliveries) {
    const key = pairKey(delivery.pickupId, delivery.dropoffId);
    pending.set(key, (pending.get(key) ?? 0) + 1);
  }

  const metrics: PlanMetrics = {
    makespan_s: 0,
    total_distance_m: 0,
    recharges: 0,
    deliveries: 0,
    robots: {},
    objectives: { completion_time: 0, distance_traveled: 0, energy_usage: 0, balanced_workload: 0, cost_efficiency: 0 },
  };
  const finishes: number[] = [];
  const distances: number[] = [];

  if (!isRecord(results)) {
    report('The results are not an object mapping robot ids to steps');
    return { valid: false, errors, metrics };
  }
  const robotIds = new Set(problem.robots.map((robot) => robot.id));
  for (const key of Object.keys(results)) {
    if (!robotIds.has(key)) report(`Unknown robot ${key} in the results`);
  }

  for (const robot of problem.robots) {
    const steps = results[robot.id];
    let total = 0;
    let time = 0;
    let sinceCharge = 0;
    let recharges = 0;
    let delivered = 0;
    let position = robot.startNode;
    if (!Array.isArray(steps)) {
      report(`Robot ${robot.id} is missing from the results (every robot needs a key, [] when idle)`);
      finishes.push(0);
      distances.push(0);
      continue;
    }
    const homeId = robot.stationId;
    const homeRow = robot.homeNode >= 0 ? problem.sourceRow[robot.homeNode] : -1;
    steps.forEach((step: unknown, index: number) => {
      const where = `${robot.id} step ${index + 1}`;
      if (!isRecord(step) || !Array.isArray(step.path) || step.path.length === 0) {
        report(`${where}: a step needs a non-empty path`);
        return;
      }
      const path = step.path as unknown[];
      const nodes: number[] = [];
      for (const id of path) {
        const node = typeof id === 'string' ? problem.nodeIndex.get(id) : undefined;
        if (node === undefined) {
          report(`${where}: path names ${JSON.stringify(id)}, which is not a node of the graph`);
          return;
        }
        nodes.push(node);
      }
      if (position < 0) {
        report(`${where}: robot ${robot.id} has no node in the graph, so it cannot move`);
        return;
      }
      if (nodes[0] !== position) {
        report(`${where}: path starts at ${problem.nodeIds[nodes[0]]} but robot is at ${problem.nodeIds[position]}`);
      }
      let overrun = false;
      for (let k = 1; k < nodes.length; k++) {
        if (nodes[k] === nodes[k - 1]) continue;
        const weight = edgeWeight(nodes[k - 1], nodes[k]);
        if (weight < 0) {
          report(`${where}: ${problem.nodeIds[nodes[k - 1]]} -> ${problem.nodeIds[nodes[k]]} is not an edge of the graph`);
          continue;
        }
        total += weight;
        sinceCharge += weight;
        time += weight / speed;
        if (!overrun && sinceCharge > maxDistance + SAFE_SLACK) {
          overrun = true;
          report(`${where}: battery overrun, ${fmt(sinceCharge)} m since the last charge but a full charge covers ${fmt(maxDistance)} m`);
        }
      }
      const end = nodes[nodes.length - 1];
      position = end;
      const task = step.task;
      let expectedBattery: number;
      // total_distance counts since the last charge; a recharge step still includes its leg to the station.
      const distanceSinceCharge = sinceCharge;
      if (task === 'recharge' || task === 'recharge_in_place') {
        if (task === 'recharge_in_place') {
          report(`${where}: recharge_in_place is not allowed; a recharge must drive to the home station ${homeId}`);
        } else if (end !== robot.homeNode) {
          report(`${where}: recharge ends at ${problem.nodeIds[end]} but the home station of ${robot.id} is ${homeId}`);
        }
        if (step.recharge_time !== undefined && step.recharge_time !== rechargeMinutes) {
          report(`${where}: recharge_time is ${JSON.stringify(step.recharge_time)} min but the solve's recharge time is ${rechargeMinutes} min`);
        }
        time += rechargeMinutes * 60;
        sinceCharge = 0;
        recharges++;
        expectedBattery = capacity;
      } else if (Array.isArray(task) && task.length === 2 && typeof task[0] === 'string' && typeof task[1] === 'string') {
        const [pickup, dropoff] = task as [string, string];
        const key = pairKey(pickup, dropoff);
        const left = pending.get(key);
        if (left === undefined) {
          report(`${where}: task ${pickup} -> ${dropoff} is not one of the solve's deliveries`);
        } else if (left === 0) {
          report(`${where}: delivery ${pickup} -> ${dropoff} is done more than once`);
        } else {
          pending.set(key, left - 1);
        }
        const pickupNode = problem.nodeIndex.get(pickup);
        const dropoffNode = problem.nodeIndex.get(dropoff);
        if (dropoffNode === undefined || end !== dropoffNode) {
          report(`${where}: path ends at ${problem.nodeIds[end]}, not at the dropoff ${dropoff}`);
        }
        if (pickupNode === undefined || nodes.slice(0, nodes.length - 1).indexOf(pickupNode) < 0) {
          report(`${where}: path does not visit the pickup ${pickup} before the dropoff ${dropoff}`);
        }
        const home = homeRow >= 0 ? problem.distances[homeRow][end] : Infinity;
        if (sinceCharge + home > maxDistance + SAFE_SLACK) {
          report(
            `${where}: after the dropoff at ${problem.nodeIds[end]} the robot has ${fmt(Math.max(0, maxDistance - sinceCharge))} m of charge left but its home station ${homeId} is ${fmt(home)} m away`,
          );
        }
        delivered++;
        metrics.makespan_s = Math.max(metrics.makespan_s, time);
        expectedBattery = Math.min(capacity, Math.max(0, capacity * (1 - sinceCharge / maxDistance)));
      } else {
        report(`${where}: task must be a [pickup, dropoff] pair or "recharge", got ${JSON.stringify(task)}`);
        return;
      }
      const checkFigure = (field: string, expected: number, unit: string) => {
        const value = step[field];
        if (typeof value !== 'number' || Math.abs(value - expected) > REPORT_TOLERANCE + 1e-9 * Math.abs(expected)) {
          report(`${where}: ${field} is ${JSON.stringify(value)}${unit} but the path gives ${fmt(expected)}${unit}`);
        }
      };
      checkFigure('total_distance', distanceSinceCharge, ' m');
      checkFigure('odometer_m', total, ' m');
      checkFigure('completion_time', time, ' s');
      checkFigure('battery_remaining', expectedBattery, '%');
      if (step.battery_capacity !== undefined && step.battery_capacity !== capacity) {
        report(`${where}: battery_capacity is ${JSON.stringify(step.battery_capacity)} but the solve uses ${capacity}`);
      }
      if (step.max_distance !== undefined && step.max_distance !== maxDistance) {
        report(`${where}: max_distance is ${JSON.stringify(step.max_distance)} but the solve uses ${maxDistance}`);
      }
    });
    metrics.robots[robot.id] = { finish_s: time, distance_m: total, recharges, deliveries: delivered };
    metrics.total_distance_m += total;
    metrics.recharges += recharges;
    metrics.deliveries += delivered;
    finishes.push(time);
    distances.push(total);
  }
  for (const delivery of problem.deliveries) {
    const key = pairKey(delivery.pickupId, delivery.dropoffId);
    const left = pending.get(key) ?? 0;
    if (left > 0) {
      report(`Delivery ${delivery.pickupId} -> ${delivery.dropoffId} is never done`);
      pending.set(key, left - 1);
    }
  }
  metrics.objectives = objectiveValues(problem, finishes, distances);
  return { valid: errors.length === 0, errors, metrics };
}
