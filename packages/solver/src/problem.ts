import { InfeasibleDeliveryError, InvalidProblemError } from './errors.ts';
import { buildCsrGraph, DijkstraRunner, type CsrGraph } from './shortest-paths.ts';
import { objectiveNameValues, SOLVE_PARAMETER_DEFAULTS, SOLVE_PARAMETER_RANGES, type ObjectiveWeights } from '@fleetlab/warehouse';
import type { ProblemInput, SolveParameters } from './types.ts';

export interface ProblemRobot {
  id: string;
  stationId: string;
  startNode: number;
  homeNode: number;
}

export interface ProblemDelivery {
  pickupId: string;
  dropoffId: string;
  pickupNode: number;
  dropoffNode: number;
  /** Shortest distance pickup -> dropoff in metres. */
  length: number;
}

/**
 * Read-only problem data. Delivery-level distance tables are dense typed arrays so that the
 * hot loops of the algorithms never touch maps or strings:
 * - `dropToPick[i * n + j]`: dropoff of delivery i -> pickup of delivery j;
 * - `startToPick[r * n + j]`, `homeToPick[r * n + j]`: robot r's start / home station -> pickup j;
 * - `dropToHome[r * n + j]`: dropoff j -> robot r's home station;
 * - `startToHome[r]`.
 */
export interface Problem {
  params: SolveParameters;
  nodeIds: string[];
  nodeIndex: Map<string, number>;
  nodeX: Float64Array;
  nodeY: Float64Array;
  graph: CsrGraph;
  /** Row of `distances`/`predecessors` for a node, or -1 when no search started there. */
  sourceRow: Int32Array;
  distances: Float64Array[];
  predecessors: Int32Array[];
  robots: ProblemRobot[];
  deliveries: ProblemDelivery[];
  robotCount: number;
  deliveryCount: number;
  dropToPick: Float64Array;
  startToPick: Float64Array;
  homeToPick: Float64Array;
  dropToHome: Float64Array;
  startToHome: Float64Array;
  deliveryLength: Float64Array;
  /** 1 when robot r can perform delivery j at all within one charge (`r * n + j`). */
  canServe: Uint8Array;
  speed: number;
  maxDistance: number;
  /** Seconds spent waiting at the station per recharge. */
  rechargeSeconds: number;
}

function positiveNumber(value: unknown, name: string, fallback: number, minimum = 0): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= minimum) {
    throw new InvalidProblemError(`Parameter ${name} must be a number above ${minimum}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Fills the spec §9 defaults and rejects values the model cannot use. The model's limits are
 * wider than the product's ranges (instance files may, say, recharge in 0 minutes).
 */
function resolveParameters(params: Partial<SolveParameters> | null | undefined): SolveParameters {
  const given = params ?? {};
  const weights: ObjectiveWeights = {};
  const rawWeights = given.objective_weights ?? SOLVE_PARAMETER_DEFAULTS.objective_weights;
  for (const name of objectiveNameValues) {
    const weight = (rawWeights as Record<string, unknown>)[name];
    if (weight === undefined || weight === null) continue;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new InvalidProblemError(`Objective weight ${name} must be a number of at least 0, got ${JSON.stringify(weight)}`);
    }
    if (weight > 0) weights[name] = weight;
  }
  if (Object.keys(weights).length === 0) Object.assign(weights, SOLVE_PARAMETER_DEFAULTS.objective_weights);
  const balance = given.balance_factor ?? SOLVE_PARAMETER_DEFAULTS.balance_factor;
  const balanceRange = SOLVE_PARAMETER_RANGES.balance_factor;
  if (typeof balance !== 'number' || !Number.isFinite(balance) || balance < balanceRange.min || balance > balanceRange.max) {
    throw new InvalidProblemError(`Parameter balance_factor must be a number from ${balanceRange.min} to ${balanceRange.max}, got ${JSON.stringify(balance)}`);
  }
  const rechargeTime = given.recharge_time ?? SOLVE_PARAMETER_DEFAULTS.recharge_time;
  if (typeof rechargeTime !== 'number' || !Number.isFinite(rechargeTime) || rechargeTime < 0) {
    throw new InvalidProblemError(`Parameter recharge_time must be a number of at least 0, got ${JSON.stringify(rechargeTime)}`);
  }
  const resolved: SolveParameters = {
    time_limit: positiveNumber(given.time_limit, 'time_limit', SOLVE_PARAMETER_DEFAULTS.time_limit),
    battery_capacity: positiveNumber(given.battery_capacity, 'battery_capacity', SOLVE_PARAMETER_DEFAULTS.battery_capacity),
    max_distance: positiveNumber(given.max_distance, 'max_distance', SOLVE_PARAMETER_DEFAULTS.max_distance),
    robot_speed: positiveNumber(given.robot_speed, 'robot_speed', SOLVE_PARAMETER_DEFAULTS.robot_speed),
    recharge_time: rechargeTime,
    balance_factor: balance,
    objective_weights: weights,
  };
  if (typeof given.algorithm_type === 'string') resolved.algorithm_type = given.algorithm_type;
  return resolved;
}

const EPSILON = 1e-9;

/** Builds the read-only problem; throws InfeasibleDeliveryError for a delivery no robot can do. */
export function buildProblem(input: ProblemInput): Problem {
  const params = resolveParameters(input.params);
  const environment = input.environment;
  if (!environment || !environment.graph || !Array.isArray(environment.graph.nodes) || !Array.isArray(environment.graph.edges)) {
    throw new InvalidProblemError('The environment has no graph with nodes and edges');
  }
  const nodeIds: string[] = [];
  const nodeIndex = new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  for (const node of environment.graph.nodes) {
    if (nodeIndex.has(node.id)) continue;
    nodeIndex.set(node.id, nodeIds.length);
    nodeIds.push(node.id);
    xs.push(typeof node.x === 'number' ? node.x : 0);
    ys.push(typeof node.y === 'number' ? node.y : 0);
  }
  const edges: { from: number; to: number; weight: number }[] = [];
  for (const edge of environment.graph.edges) {
    const from = nodeIndex.get(edge.from);
    const to = nodeIndex.get(edge.to);
    if (from === undefined || to === undefined) {
      throw new InvalidProblemError(`Graph edge ${edge.from} -> ${edge.to} names a node that is not in the graph`);
    }
    if (typeof edge.weight !== 'number' || !Number.isFinite(edge.weight) || edge.weight < 0) {
      throw new InvalidProblemError(`Graph edge ${edge.from} -> ${edge.to} has an invalid weight ${JSON.stringify(edge.weight)}`);
    }
    edges.push({ from, to, weight: edge.weight });
  }
  const graph = buildCsrGraph(nodeIds.length, edges);

  const robots: ProblemRobot[] = [];
  for (const robot of environment.elements?.robots ?? []) {
    const startNode = nodeIndex.get(robot.id);
    const homeNode = nodeIndex.get(robot.station_id);
    // A robot without its own node or station node cannot move or charge: it keeps an empty plan.
    robots.push({ id: robot.id, stationId: robot.station_id, startNode: startNode ?? -1, homeNode: homeNode ?? -1 });
  }

  if (!Array.isArray(input.tasks)) throw new InvalidProblemError('The task list must be a list of [pickup, dropoff] pairs');
  const pairs: { pickupId: string; dropoffId: string; pickupNode: number; dropoffNode: number }[] = [];
  input.tasks.forEach((pair, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      throw new InvalidProblemError(`Task ${index + 1} must be a [pickup_id, dropoff_id] pair, got ${JSON.stringify(pair)}`);
    }
    const pickupNode = nodeIndex.get(pair[0]);
    if (pickupNode === undefined) throw new InvalidProblemError(`Unknown pickup id ${pair[0]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): no such node in the environment graph`);
    const dropoffNode = nodeIndex.get(pair[1]);
    if (dropoffNode === undefined) throw new InvalidProblemError(`Unknown dropoff id ${pair[1]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): no such node in the environment graph`);
    pairs.push({ pickupId: pair[0], dropoffId: pair[1], pickupNode, dropoffNode });
  });

  // One search from every distinct place a leg can start: pickups, dropoffs, robot starts, stations.
  const sourceRow = new Int32Array(nodeIds.length).fill(-1);
  const sources: number[] = [];
  const addSource = (node: number) => {
    if (node >= 0 && sourceRow[node] < 0) {
      sourceRow[node] = sources.length;
      sources.push(node);
    }
  };
  for (const pair of pairs) {
    addSource(pair.pickupNode);
    addSource(pair.dropoffNode);
  }
  for (const robot of robots) {
    addSource(robot.startNode);
    addSource(robot.homeNode);
  }
  const runner = new DijkstraRunner(graph);
  const distances: Float64Array[] = [];
  const predecessors: Int32Array[] = [];
  for (const source of sources) {
    const dist = new Float64Array(nodeIds.length);
    const pred = new Int32Array(nodeIds.length);
    runner.run(source, dist, pred);
    distances.push(dist);
    predecessors.push(pred);
  }
  const distance = (from: number, to: number): number => (from < 0 || to < 0 ? Infinity : distances[sourceRow[from]][to]);

  const n = pairs.length;
  const robotCount = robots.length;
  const deliveryLength = new Float64Array(n);
  const deliveries: ProblemDelivery[] = pairs.map((pair, j) => {
    deliveryLength[j] = distance(pair.pickupNode, pair.dropoffNode);
    return { ...pair, length: deliveryLength[j] };
  });
  const dropToPick = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = distances[sourceRow[pairs[i].dropoffNode]];
    for (let j = 0; j < n; j++) dropToPick[i * n + j] = row[pairs[j].pickupNode];
  }
  const startToPick = new Float64Array(robotCount * n);
  const homeToPick = new Float64Array(robotCount * n);
  const dropToHome = new Float64Array(robotCount * n);
  const startToHome = new Float64Array(robotCount);
  const canServe = new Uint8Array(robotCount * n);
  const maxDistance = params.max_distance;
  for (let r = 0; r < robotCount; r++) {
    const robot = robots[r];
    startToHome[r] = distance(robot.startNode, robot.homeNode);
    for (let j = 0; j < n; j++) {
      const k = r * n + j;
      startToPick[k] = distance(robot.startNode, pairs[j].pickupNode);
      homeToPick[k] = distance(robot.homeNode, pairs[j].pickupNode);
      dropToHome[k] = distance(pairs[j].dropoffNode, robot.homeNode);
      const fromStart = startToPick[k] + deliveryLength[j] + dropToHome[k];
      const fromHome = startToHome[r] <= maxDistance + EPSILON ? homeToPick[k] + deliveryLength[j] + dropToHome[k] : Infinity;
      canServe[k] = Math.min(fromStart, fromHome) <= maxDistance + EPSILON ? 1 : 0;
    }
  }

  // Every delivery must be possible for at least one robot; otherwise name the pair and the reason.
  for (let j = 0; j < n; j++) {
    let served = false;
    for (let r = 0; r < robotCount && !served; r++) served = canServe[r * n + j] === 1;
    if (served) continue;
    const pair: [string, string] = [pairs[j].pickupId, pairs[j].dropoffId];
    const usable = robots.map((robot, r) => ({ robot, r })).filter(({ robot }) => robot.startNode >= 0 && robot.homeNode >= 0);
    if (usable.length === 0) {
      throw new InfeasibleDeliveryError(pair, robotCount === 0 ? 'the environment has no robots' : 'no robot has both its own graph node and its home station node in the graph');
    }
    if (!usable.some(({ r }) => Number.isFinite(startToPick[r * n + j]) || Number.isFinite(homeToPick[r * n + j]))) {
      throw new InfeasibleDeliveryError(pair, `pickup ${pair[0]} is unreachable from every robot`);
    }
    if (!Number.isFinite(deliveryLength[j])) {
      throw new InfeasibleDeliveryError(pair, `dropoff ${pair[1]} cannot be reached from pickup ${pair[0]}`);
    }
    if (!usable.some(({ r }) => Number.isFinite(dropToHome[r * n + j]))) {
      throw new InfeasibleDeliveryError(pair, `no robot's home station can be reached from dropoff ${pair[1]}`);
    }
    let nearest = Infinity;
    let station = '';
    for (const { robot, r } of usable) {
      const roundTrip = homeToPick[r * n + j] + deliveryLength[j] + dropToHome[r * n + j];
      if (roundTrip < nearest) {
        nearest = roundTrip;
        station = robot.stationId;
      }
    }
    throw new InfeasibleDeliveryError(
      pair,
      `the round trip from the nearest home station (${station}) is ${nearest.toFixed(1)} m but a full charge covers ${maxDistance} m`,
    );
  }

  return {
    params,
    nodeIds,
    nodeIndex,
    nodeX: Float64Array.from(xs),
    nodeY: Float64Array.from(ys),
    graph,
    sourceRow,
    distances,
    predecessors,
    robots,
    deliveries,
    robotCount,
    deliveryCount: n,
    dropToPick,
    startToPick,
    homeToPick,
    dropToHome,
    startToHome,
    deliveryLength,
    canServe,
    speed: params.robot_speed,
    maxDistance,
    rechargeSeconds: params.recharge_time * 60,
  };
}

/** Shortest distance between two nodes; `from` must be a search source of the problem. */
export function nodeDistance(problem: Problem, from: number, to: number): number {
  return distancesFrom(problem, from)[to];
}

/** Shortest distances from a node (a search source of the problem) to every node, by node index. */
export function distancesFrom(problem: Problem, from: number): Float64Array {
  const row = problem.sourceRow[from];
  if (row < 0) throw new Error(`No shortest-path search was run from node ${problem.nodeIds[from]}`);
  return problem.distances[row];
}

/** Node ids of a shortest path from `from` (a search source) to `to`, both included. */
export function shortestPath(problem: Problem, from: number, to: number): string[] {
  const row = problem.sourceRow[from];
  if (row < 0) throw new Error(`No shortest-path search was run from node ${problem.nodeIds[from]}`);
  if (from === to) return [problem.nodeIds[from]];
  const pred = problem.predecessors[row];
  if (pred[to] < 0) throw new Error(`No path from ${problem.nodeIds[from]} to ${problem.nodeIds[to]}`);
  const reversed: string[] = [];
  for (let node = to; node !== -1; node = pred[node]) reversed.push(problem.nodeIds[node]);
  return reversed.reverse();
}
