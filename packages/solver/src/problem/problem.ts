import { EPSILON } from './battery-tolerance.ts';
import { InfeasibleDeliveryError, InvalidProblemError } from './errors.ts';
import { buildCsrGraph, DijkstraRunner, type CsrGraph } from './shortest-paths.ts';
import { objectiveNameValues, SOLVE_PARAMETER_DEFAULTS, SOLVE_PARAMETER_RANGES, type ObjectiveWeights } from '@fleetlab/warehouse';
import type { ProblemInput, SolveParameters } from './problem-input.ts';

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
 * Read-only problem data. Distances are kept between places, never between deliveries: a place
 * is a node some leg starts from (a pickup, a dropoff, a robot start or a station), and a day of
 * 20,000 orders on a 50x50 floor has about 1,400 of them. Delivery-level figures (the drive from
 * one delivery's dropoff to another's pickup, a robot's drive to a pickup or home) are read
 * through the accessors of `delivery-legs.ts`, two array reads each. Memory: the shortest-path
 * rows (places x nodes), the place table (places^2), per delivery a few typed-array entries,
 * and one byte per (robot class, delivery class) pair.
 */
export interface Problem {
  params: SolveParameters;
  nodeIds: string[];
  nodeIndex: Map<string, number>;
  nodeX: Float64Array;
  nodeY: Float64Array;
  graph: CsrGraph;
  /** Row of `distances`/`predecessors` for a node, or -1 when no search started there; a node's place. */
  sourceRow: Int32Array;
  distances: Float64Array[];
  predecessors: Int32Array[];
  robots: ProblemRobot[];
  deliveries: ProblemDelivery[];
  robotCount: number;
  deliveryCount: number;
  /**
   * Places: one per search source (place p is the node of row p of `distances`), then one
   * unreachable place for robots without a node or station (every distance from or to it is
   * Infinity).
   */
  placeCount: number;
  /** `placeDistance[a * placeCount + b]`: shortest distance from place a to place b. */
  placeDistance: Float64Array;
  /** Per delivery: the place of its pickup and of its dropoff. */
  pickupPlace: Int32Array;
  dropoffPlace: Int32Array;
  /** Per robot: the place of its start and of its home station. */
  startPlace: Int32Array;
  homePlace: Int32Array;
  startToHome: Float64Array;
  deliveryLength: Float64Array;
  /** Per delivery: its class (same pickup and dropoff place), numbered in order of first use. */
  deliveryClass: Int32Array;
  deliveryClassCount: number;
  /** Per class: its first delivery, which stands for all of them (they cost every robot the same). */
  deliveryClassFirst: Int32Array;
  /** Per robot: its class (same start and home place). */
  robotClass: Int32Array;
  /** 1 when a robot of class c can perform a delivery of class k within one charge (`c * deliveryClassCount + k`). */
  servable: Uint8Array;
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

/** A task of the input, checked against the graph. */
type DeliveryPair = Omit<ProblemDelivery, 'length'>;

/** Builds the read-only problem; throws InfeasibleDeliveryError for a delivery no robot can do. */
export function buildProblem(input: ProblemInput): Problem {
  const params = resolveParameters(input.params);
  const { nodeIds, nodeIndex, xs, ys, graph } = readGraph(input.environment);
  const robots = readRobots(input.environment, nodeIndex);
  const pairs = readTasks(input.tasks, nodeIndex);
  const searches = searchFromPlaces(graph, nodeIds.length, pairs, robots);
  const { sourceRow, sources, distances } = searches;
  // Places: every search source, then the unreachable place of robots without a node.
  const placeCount = sources.length + 1;
  const nowhere = sources.length;
  const placeDistance = new Float64Array(placeCount * placeCount).fill(Infinity);
  sources.forEach((_, a) => {
    const row = distances[a];
    for (let b = 0; b < sources.length; b++) placeDistance[a * placeCount + b] = row[sources[b]];
  });
  const placeOf = (node: number) => (node < 0 ? nowhere : sourceRow[node]);

  const n = pairs.length;
  const robotCount = robots.length;
  const pickupPlace = Int32Array.from(pairs, (pair) => placeOf(pair.pickupNode));
  const dropoffPlace = Int32Array.from(pairs, (pair) => placeOf(pair.dropoffNode));
  const startPlace = Int32Array.from(robots, (robot) => placeOf(robot.startNode));
  const homePlace = Int32Array.from(robots, (robot) => placeOf(robot.homeNode));
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const deliveryLength = new Float64Array(n);
  const deliveries: ProblemDelivery[] = pairs.map((pair, j) => {
    deliveryLength[j] = between(pickupPlace[j], dropoffPlace[j]);
    return { ...pair, length: deliveryLength[j] };
  });
  const startToHome = Float64Array.from(robots, (_, r) => between(startPlace[r], homePlace[r]));

  // Whether a robot can do a delivery at all depends on its places and the delivery's only.
  const deliveryClasses = classify(n, (j) => pickupPlace[j] * placeCount + dropoffPlace[j]);
  const robotClasses = classify(robotCount, (r) => startPlace[r] * placeCount + homePlace[r]);
  const withoutServable: Omit<Problem, 'servable'> = {
    params,
    nodeIds,
    nodeIndex,
    nodeX: Float64Array.from(xs),
    nodeY: Float64Array.from(ys),
    graph,
    sourceRow,
    distances,
    predecessors: searches.predecessors,
    robots,
    deliveries,
    robotCount,
    deliveryCount: n,
    placeCount,
    placeDistance,
    pickupPlace,
    dropoffPlace,
    startPlace,
    homePlace,
    startToHome,
    deliveryLength,
    deliveryClass: deliveryClasses.classOf,
    deliveryClassCount: deliveryClasses.count,
    deliveryClassFirst: Int32Array.from(deliveryClasses.first),
    robotClass: robotClasses.classOf,
    speed: params.robot_speed,
    maxDistance: params.max_distance,
    rechargeSeconds: params.recharge_time * 60,
  };
  const problem: Problem = { ...withoutServable, servable: servableTable(withoutServable, robotClasses.first) };
  rejectUnservedDeliveries(problem, robotClasses.count);
  return problem;
}

/** The graph's nodes (the first of repeated ids kept) and its edges as a CSR graph. */
function readGraph(environment: ProblemInput['environment']): { nodeIds: string[]; nodeIndex: Map<string, number>; xs: number[]; ys: number[]; graph: CsrGraph } {
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
  return { nodeIds, nodeIndex, xs, ys, graph: buildCsrGraph(nodeIds.length, edges) };
}

function readRobots(environment: ProblemInput['environment'], nodeIndex: Map<string, number>): ProblemRobot[] {
  const robots: ProblemRobot[] = [];
  for (const robot of environment.elements?.robots ?? []) {
    const startNode = nodeIndex.get(robot.id);
    const homeNode = nodeIndex.get(robot.station_id);
    // A robot without its own node or station node cannot move or charge: it keeps an empty plan.
    robots.push({ id: robot.id, stationId: robot.station_id, startNode: startNode ?? -1, homeNode: homeNode ?? -1 });
  }
  return robots;
}

function readTasks(tasks: ProblemInput['tasks'], nodeIndex: Map<string, number>): DeliveryPair[] {
  if (!Array.isArray(tasks)) throw new InvalidProblemError('The task list must be a list of [pickup, dropoff] pairs');
  const pairs: DeliveryPair[] = [];
  tasks.forEach((pair, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      throw new InvalidProblemError(`Task ${index + 1} must be a [pickup_id, dropoff_id] pair, got ${JSON.stringify(pair)}`);
    }
    const pickupNode = nodeIndex.get(pair[0]);
    if (pickupNode === undefined) throw new InvalidProblemError(`Unknown pickup id ${pair[0]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): no such node in the environment graph`);
    const dropoffNode = nodeIndex.get(pair[1]);
    if (dropoffNode === undefined) throw new InvalidProblemError(`Unknown dropoff id ${pair[1]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): no such node in the environment graph`);
    pairs.push({ pickupId: pair[0], dropoffId: pair[1], pickupNode, dropoffNode });
  });
  return pairs;
}

/** One search from every distinct place a leg can start: pickups, dropoffs, robot starts, stations. */
function searchFromPlaces(
  graph: CsrGraph,
  nodeCount: number,
  pairs: DeliveryPair[],
  robots: ProblemRobot[],
): { sourceRow: Int32Array; sources: number[]; distances: Float64Array[]; predecessors: Int32Array[] } {
  const sourceRow = new Int32Array(nodeCount).fill(-1);
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
    const dist = new Float64Array(nodeCount);
    const pred = new Int32Array(nodeCount);
    runner.run(source, dist, pred);
    distances.push(dist);
    predecessors.push(pred);
  }
  return { sourceRow, sources, distances, predecessors };
}

/** Which robot class can serve which delivery class within one charge, from its start or its station (see Problem.servable). */
function servableTable(problem: Omit<Problem, 'servable'>, robotClassFirst: number[]): Uint8Array {
  const { placeCount, placeDistance, pickupPlace, dropoffPlace, startPlace, homePlace, startToHome, deliveryLength, maxDistance } = problem;
  const classCount = problem.deliveryClassCount;
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const servable = new Uint8Array(robotClassFirst.length * classCount);
  for (let c = 0; c < robotClassFirst.length; c++) {
    const r = robotClassFirst[c];
    for (let k = 0; k < classCount; k++) {
      const j = problem.deliveryClassFirst[k];
      const back = between(dropoffPlace[j], homePlace[r]);
      const fromStart = between(startPlace[r], pickupPlace[j]) + deliveryLength[j] + back;
      const fromHome = startToHome[r] <= maxDistance + EPSILON ? between(homePlace[r], pickupPlace[j]) + deliveryLength[j] + back : Infinity;
      servable[c * classCount + k] = Math.min(fromStart, fromHome) <= maxDistance + EPSILON ? 1 : 0;
    }
  }
  return servable;
}

/** Every delivery must be possible for at least one robot; otherwise name the first pair that is not, and the reason. */
function rejectUnservedDeliveries(problem: Problem, robotClassCount: number): void {
  const classCount = problem.deliveryClassCount;
  for (let k = 0; k < classCount; k++) {
    let served = false;
    for (let c = 0; c < robotClassCount && !served; c++) served = problem.servable[c * classCount + k] === 1;
    if (!served) throw whyUnserved(problem, problem.deliveryClassFirst[k]);
  }
}

/** The error for delivery j, which no robot can do: the first reason that applies. */
function whyUnserved(problem: Problem, j: number): InfeasibleDeliveryError {
  const { robots, placeCount, placeDistance, pickupPlace, dropoffPlace, startPlace, homePlace, deliveryLength } = problem;
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const pair: [string, string] = [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId];
  const usable = robots.map((robot, r) => ({ robot, r })).filter(({ robot }) => robot.startNode >= 0 && robot.homeNode >= 0);
  if (usable.length === 0) {
    return new InfeasibleDeliveryError(pair, problem.robotCount === 0 ? 'the environment has no robots' : 'no robot has both its own graph node and its home station node in the graph');
  }
  if (!usable.some(({ r }) => Number.isFinite(between(startPlace[r], pickupPlace[j])) || Number.isFinite(between(homePlace[r], pickupPlace[j])))) {
    return new InfeasibleDeliveryError(pair, `pickup ${pair[0]} is unreachable from every robot`);
  }
  if (!Number.isFinite(deliveryLength[j])) {
    return new InfeasibleDeliveryError(pair, `dropoff ${pair[1]} cannot be reached from pickup ${pair[0]}`);
  }
  if (!usable.some(({ r }) => Number.isFinite(between(dropoffPlace[j], homePlace[r])))) {
    return new InfeasibleDeliveryError(pair, `no robot's home station can be reached from dropoff ${pair[1]}`);
  }
  let nearest = Infinity;
  let station = '';
  for (const { robot, r } of usable) {
    const roundTrip = between(homePlace[r], pickupPlace[j]) + deliveryLength[j] + between(dropoffPlace[j], homePlace[r]);
    if (roundTrip < nearest) {
      nearest = roundTrip;
      station = robot.stationId;
    }
  }
  return new InfeasibleDeliveryError(
    pair,
    `the round trip from the nearest home station (${station}) is ${nearest.toFixed(1)} m but a full charge covers ${problem.maxDistance} m`,
  );
}

/** Items numbered by a key, in order of first use: each item's class, the class count, each class's first item. */
function classify(count: number, keyOf: (item: number) => number): { classOf: Int32Array; count: number; first: number[] } {
  const classOf = new Int32Array(count);
  const classByKey = new Map<number, number>();
  const first: number[] = [];
  for (let item = 0; item < count; item++) {
    const key = keyOf(item);
    let c = classByKey.get(key);
    if (c === undefined) {
      c = first.length;
      classByKey.set(key, c);
      first.push(item);
    }
    classOf[item] = c;
  }
  return { classOf, count: first.length, first };
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
