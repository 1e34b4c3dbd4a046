import {
  chargersAt,
  FloorClock,
  FloorError,
  objectiveNameValues,
  resolveFloorParameters,
  SOLVE_PARAMETER_DEFAULTS,
  SOLVE_PARAMETER_RANGES,
  type Floor,
  type FloorParameters,
  type ObjectiveWeights,
} from '@fleetlab/warehouse';
import { EPSILON } from './battery-tolerance.ts';
import { InfeasibleDeliveryError, InvalidProblemError } from './errors.ts';
import { addRows, readPlaces, type PlaceDistances } from './place-distances.ts';
import type { DistanceModel, ProblemInput, SolveParameters } from './problem-input.ts';
import type { CsrGraph } from './shortest-paths.ts';
import { GraphLegs } from '../plan/graph-legs.ts';

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
  /** How legs are measured: `floor` walks (the product's) or the spec's `graph` edges. */
  distanceModel: DistanceModel;
  /** The floor the robots drive (floor model), or null. */
  floor: Floor | null;
  /** The floor's clock and batteries resolved from the parameters (step, handling, charge, reserve, chargers). */
  floorParameters: FloorParameters;
  /** Every leg's steps and metres on the floor (floor model), or null: the plan's free flow reads the same rows. */
  floorClock: FloorClock | null;
  nodeIds: string[];
  nodeIndex: Map<string, number>;
  nodeX: Float64Array;
  nodeY: Float64Array;
  /** Per node, its floor cell (floor model) or -1. */
  nodeCell: Int32Array;
  /** The spec's graph (graph model), or null. */
  graph: CsrGraph | null;
  /** Floor model: the stored navigation graph a step's `path` is drawn along, or null without one. */
  graphLegs: GraphLegs | null;
  /** Row of `distances`/`predecessors` for a node, or -1 when no search started there; a node's place. */
  sourceRow: Int32Array;
  distances: Float64Array[];
  /** Per row, drive metres (time x speed) to every node; `distances` itself for a point robot. */
  drives: Float64Array[];
  /** Graph model only: shortest-path trees per row. */
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
  /**
   * `placeDistance[a * placeCount + b]`: metres of the walk from place a to place b (the shortest;
   * for a robot model with acceleration and turns, the least-time walk's). Batteries follow it.
   */
  placeDistance: Float64Array;
  /**
   * `placeDrive[a * placeCount + b]`: the time of that walk times the top speed, so that a leg
   * takes `placeDrive / speed` seconds (the warehouse's least-time walks; `LeastTimeWalks`). For
   * a point robot it is `placeDistance` itself, and every time the solver works out is the
   * original `distance / speed` to the bit.
   */
  placeDrive: Float64Array;
  /** Per delivery: the place of its pickup and of its dropoff. */
  pickupPlace: Int32Array;
  dropoffPlace: Int32Array;
  /** Per robot: the place of its start and of its home station. */
  startPlace: Int32Array;
  homePlace: Int32Array;
  startToHome: Float64Array;
  /** `startToHome` in drive metres (time x speed). */
  startToHomeDrive: Float64Array;
  deliveryLength: Float64Array;
  /** Per delivery, pickup to dropoff in drive metres (time x speed); `deliveryLength` itself for a point robot. */
  deliveryDrive: Float64Array;
  /** Per delivery: its class (same pickup and dropoff place), numbered in order of first use. */
  deliveryClass: Int32Array;
  deliveryClassCount: number;
  /** Per class: its first delivery, which stands for all of them (they cost every robot the same). */
  deliveryClassFirst: Int32Array;
  /** Per robot: its class (same start and home place). */
  robotClass: Int32Array;
  /** 1 when a robot of class c can perform a delivery of class k within one charge (`c * deliveryClassCount + k`). */
  servable: Uint8Array;
  /** Top speed (m/s): drive metres / speed are seconds. */
  speed: number;
  /** Whether legs take distance / speed (the point model, and the graph model always): then the drive tables are the distance tables. */
  pointRobot: boolean;
  /**
   * Metres a plan may drive on one charge: max_distance less the battery reserve for traffic
   * (floor model; the graph model keeps the whole charge, as the tools it is compared with do).
   */
  maxDistance: number;
  /** Seconds a recharge takes at the station (floor model: whole steps). */
  rechargeSeconds: number;
  /** Seconds of handling at each pickup and each dropoff (floor model: whole steps). */
  handlingSeconds: number;
  /** Chargers of each robot's home station (`chargersAt`). */
  chargersOfRobot: Int32Array;
  /** Per robot: seconds before it can start (0 at the start of a day; a handover's ready_s). */
  readyS: Float64Array;
  /** Per robot: metres already driven on its present charge when it starts (0: fully charged). */
  initialUsed: Float64Array;
  /** Whether any robot is handed over mid-shift (readyS or initialUsed not 0). */
  handedOver: boolean;
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
      throw new InvalidProblemError(
        `Objective weight ${name} must be a number of at least 0, got ${JSON.stringify(weight)}`,
      );
    }
    if (weight > 0) weights[name] = weight;
  }
  if (Object.keys(weights).length === 0) Object.assign(weights, SOLVE_PARAMETER_DEFAULTS.objective_weights);
  const balance = given.balance_factor ?? SOLVE_PARAMETER_DEFAULTS.balance_factor;
  const balanceRange = SOLVE_PARAMETER_RANGES.balance_factor;
  if (
    typeof balance !== 'number' ||
    !Number.isFinite(balance) ||
    balance < balanceRange.min ||
    balance > balanceRange.max
  ) {
    throw new InvalidProblemError(
      `Parameter balance_factor must be a number from ${balanceRange.min} to ${balanceRange.max}, got ${JSON.stringify(balance)}`,
    );
  }
  const rechargeTime = given.recharge_time ?? SOLVE_PARAMETER_DEFAULTS.recharge_time;
  if (typeof rechargeTime !== 'number' || !Number.isFinite(rechargeTime) || rechargeTime < 0) {
    throw new InvalidProblemError(
      `Parameter recharge_time must be a number of at least 0, got ${JSON.stringify(rechargeTime)}`,
    );
  }
  const resolved: SolveParameters = {
    time_limit: positiveNumber(given.time_limit, 'time_limit', SOLVE_PARAMETER_DEFAULTS.time_limit),
    battery_capacity: positiveNumber(
      given.battery_capacity,
      'battery_capacity',
      SOLVE_PARAMETER_DEFAULTS.battery_capacity,
    ),
    max_distance: positiveNumber(given.max_distance, 'max_distance', SOLVE_PARAMETER_DEFAULTS.max_distance),
    robot_speed: positiveNumber(given.robot_speed, 'robot_speed', SOLVE_PARAMETER_DEFAULTS.robot_speed),
    recharge_time: rechargeTime,
    balance_factor: balance,
    objective_weights: weights,
  };
  if (typeof given.algorithm_type === 'string') resolved.algorithm_type = given.algorithm_type;
  for (const name of ['chargers', 'handling_time_s', 'battery_reserve_pct'] as const) {
    if (given[name] !== undefined && given[name] !== null) resolved[name] = given[name];
  }
  if (given.robot_model !== undefined && given.robot_model !== null) resolved.robot_model = given.robot_model;
  return resolved;
}

/**
 * The floor's clock and batteries for these parameters. The graph model is the original
 * product's: no reserve kept for traffic, no charger queues (it has no floor to queue on) and
 * point robots (its straight edges have no turns to time).
 */
function floorParametersOf(
  params: SolveParameters,
  model: DistanceModel,
  floor: Floor | null,
  robotCount: number,
): FloorParameters {
  try {
    if (model === 'graph')
      return resolveFloorParameters({ ...params, battery_reserve_pct: 0, chargers: undefined, robot_model: undefined });
    return resolveFloorParameters(params, floor ? { robots: robotCount, freeCells: floor.freeCellCount() } : undefined);
  } catch (error) {
    if (error instanceof FloorError) throw new InvalidProblemError(error.message);
    throw error;
  }
}

/** A task of the input, checked against the environment's places. */
type DeliveryPair = Omit<ProblemDelivery, 'length'>;

/** Builds the read-only problem; throws InfeasibleDeliveryError for a delivery no robot can do. */
export function buildProblem(input: ProblemInput): Problem {
  const params = resolveParameters(input.params);
  const distanceModel: DistanceModel = input.distances ?? 'floor';
  if (distanceModel !== 'floor' && distanceModel !== 'graph')
    throw new InvalidProblemError(
      `Distances must be measured on the floor or the graph, got ${JSON.stringify(distanceModel)}`,
    );
  const places = readPlaces(input.environment, distanceModel);
  const robots = readRobots(input.environment, places);
  const floorParameters = floorParametersOf(params, distanceModel, places.floor, robots.length);
  const floorClock = places.floor ? new FloorClock(places.floor, floorParameters) : null;
  const handover = readHandovers(input.handovers, robots, places, floorParameters);
  const pairs = readTasks(input.tasks, places);
  // One row from every distinct place a leg can start: pickups, dropoffs, robot starts, stations.
  addRows(
    places,
    pairs
      .flatMap((pair) => [pair.pickupNode, pair.dropoffNode])
      .concat(robots.flatMap((robot) => [robot.startNode, robot.homeNode])),
    floorClock,
    input.distanceRows,
  );
  const { sourceRow, distances, drives, rowNode } = places;
  const pointRobot = distances === drives || floorParameters.robotModel.point;
  // Places: every row, then the unreachable place of robots without a node.
  const placeCount = rowNode.length + 1;
  const nowhere = rowNode.length;
  const placeTable = (rows: Float64Array[]) => {
    const table = new Float64Array(placeCount * placeCount).fill(Infinity);
    rowNode.forEach((_, a) => {
      const row = rows[a];
      for (let b = 0; b < rowNode.length; b++) table[a * placeCount + b] = row[rowNode[b]];
    });
    return table;
  };
  const placeDistance = placeTable(distances);
  const placeDrive = pointRobot ? placeDistance : placeTable(drives);
  const placeOf = (node: number) => (node < 0 ? nowhere : sourceRow[node]);

  const n = pairs.length;
  const robotCount = robots.length;
  const pickupPlace = Int32Array.from(pairs, (pair) => placeOf(pair.pickupNode));
  const dropoffPlace = Int32Array.from(pairs, (pair) => placeOf(pair.dropoffNode));
  const startPlace = Int32Array.from(robots, (robot) => placeOf(robot.startNode));
  const homePlace = Int32Array.from(robots, (robot) => placeOf(robot.homeNode));
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const driveBetween = (from: number, to: number) => placeDrive[from * placeCount + to];
  const deliveryLength = new Float64Array(n);
  const deliveries: ProblemDelivery[] = pairs.map((pair, j) => {
    deliveryLength[j] = between(pickupPlace[j], dropoffPlace[j]);
    return { ...pair, length: deliveryLength[j] };
  });
  const deliveryDrive = pointRobot
    ? deliveryLength
    : Float64Array.from(pairs, (_, j) => driveBetween(pickupPlace[j], dropoffPlace[j]));
  const startToHome = Float64Array.from(robots, (_, r) => between(startPlace[r], homePlace[r]));
  const startToHomeDrive = pointRobot
    ? startToHome
    : Float64Array.from(robots, (_, r) => driveBetween(startPlace[r], homePlace[r]));

  // Whether a robot can do a delivery at all depends on its places and the delivery's only.
  const deliveryClasses = classify(n, (j) => pickupPlace[j] * placeCount + dropoffPlace[j]);
  const robotClasses = classify(
    robotCount,
    (r) => `${startPlace[r]}|${homePlace[r]}|${handover.readyS[r]}|${handover.initialUsed[r]}`,
  );
  const withoutServable: Omit<Problem, 'servable'> = {
    params,
    distanceModel,
    floor: places.floor,
    floorParameters,
    floorClock,
    nodeIds: places.nodeIds,
    nodeIndex: places.nodeIndex,
    nodeX: places.nodeX,
    nodeY: places.nodeY,
    nodeCell: places.nodeCell,
    graph: places.graph,
    graphLegs: distanceModel === 'floor' && input.environment.graph ? new GraphLegs(input.environment.graph) : null,
    sourceRow,
    distances,
    drives: pointRobot ? distances : drives,
    predecessors: places.predecessors,
    robots,
    deliveries,
    robotCount,
    deliveryCount: n,
    placeCount,
    placeDistance,
    placeDrive,
    pickupPlace,
    dropoffPlace,
    startPlace,
    homePlace,
    startToHome,
    startToHomeDrive,
    deliveryLength,
    deliveryDrive,
    deliveryClass: deliveryClasses.classOf,
    deliveryClassCount: deliveryClasses.count,
    deliveryClassFirst: Int32Array.from(deliveryClasses.first),
    robotClass: robotClasses.classOf,
    speed: floorParameters.robotSpeed,
    pointRobot,
    maxDistance: floorParameters.plannedDistance,
    rechargeSeconds: distanceModel === 'floor' ? floorParameters.chargeS : params.recharge_time * 60,
    handlingSeconds: distanceModel === 'floor' ? floorParameters.handlingS : floorParameters.handlingTimeS,
    chargersOfRobot: chargersOfRobots(robots, floorParameters, places.floor),
    readyS: handover.readyS,
    initialUsed: handover.initialUsed,
    handedOver: handover.any,
  };
  const problem: Problem = { ...withoutServable, servable: servableTable(withoutServable, robotClasses.first) };
  rejectUnservedDeliveries(problem, robotClasses.count);
  return problem;
}

/**
 * Per robot, the chargers of its home station (`chargersAt`): the parameter, else the station's
 * own on the floor, else one per robot of the station (the graph has no charger queues).
 */
function chargersOfRobots(
  robots: readonly ProblemRobot[],
  parameters: FloorParameters,
  floor: Floor | null,
): Int32Array {
  const perStation = new Map<string, number>();
  for (const robot of robots) perStation.set(robot.stationId, (perStation.get(robot.stationId) ?? 0) + 1);
  return Int32Array.from(robots, (robot) => {
    const station = floor ? floor.stationIndexOf(robot.stationId) : -1;
    const own = station >= 0 && floor ? floor.stationChargers[station] : 0;
    return chargersAt(parameters, perStation.get(robot.stationId) ?? 1, own);
  });
}

/**
 * The environment's robots on their places. A robot without a place of its own starts at its
 * station on the floor; without a station place (or, on the graph, without its own node) it
 * cannot move or charge and keeps an empty plan.
 */
function readRobots(environment: ProblemInput['environment'], places: PlaceDistances): ProblemRobot[] {
  return (environment.elements?.robots ?? []).map((robot) => {
    const homeNode = places.nodeIndex.get(robot.station_id) ?? -1;
    const ownNode = places.nodeIndex.get(robot.id);
    const startNode = ownNode ?? (places.floor ? homeNode : -1);
    return { id: robot.id, stationId: robot.station_id, startNode, homeNode };
  });
}

/** Per robot, its handover: the place it starts from (set on the robot), when, with how much of its charge used. */
function readHandovers(
  handovers: ProblemInput['handovers'],
  robots: ProblemRobot[],
  places: PlaceDistances,
  parameters: FloorParameters,
): { readyS: Float64Array; initialUsed: Float64Array; any: boolean } {
  const readyS = new Float64Array(robots.length);
  const initialUsed = new Float64Array(robots.length);
  if (!handovers) return { readyS, initialUsed, any: false };
  const known = new Set(robots.map((robot) => robot.id));
  for (const id of Object.keys(handovers))
    if (!known.has(id))
      throw new InvalidProblemError(`The handover names robot ${id}, which the environment does not have`);
  robots.forEach((robot, r) => {
    const handover = handovers[robot.id];
    if (!handover) return;
    const node = places.nodeIndex.get(handover.place);
    if (node === undefined)
      throw new InvalidProblemError(
        `Robot ${robot.id} is handed over at ${handover.place}, which is not a place of the environment`,
      );
    if (!(Number.isFinite(handover.ready_s) && handover.ready_s >= 0))
      throw new InvalidProblemError(
        `Robot ${robot.id}'s handover time must be a number of seconds >= 0, got ${JSON.stringify(handover.ready_s)}`,
      );
    if (!(Number.isFinite(handover.used_m) && handover.used_m >= 0 && handover.used_m <= parameters.maxDistance)) {
      throw new InvalidProblemError(
        `Robot ${robot.id}'s used charge must be from 0 to max_distance metres, got ${JSON.stringify(handover.used_m)}`,
      );
    }
    robot.startNode = node;
    readyS[r] = handover.ready_s;
    initialUsed[r] = handover.used_m;
  });
  return { readyS, initialUsed, any: readyS.some((s) => s > 0) || initialUsed.some((m) => m > 0) };
}

function readTasks(tasks: ProblemInput['tasks'], places: PlaceDistances): DeliveryPair[] {
  if (!Array.isArray(tasks)) throw new InvalidProblemError('The task list must be a list of [pickup, dropoff] pairs');
  const where = places.floor ? 'no such place in the environment' : 'no such node in the environment graph';
  const pairs: DeliveryPair[] = [];
  tasks.forEach((pair, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      throw new InvalidProblemError(
        `Task ${index + 1} must be a [pickup_id, dropoff_id] pair, got ${JSON.stringify(pair)}`,
      );
    }
    const pickupNode = places.nodeIndex.get(pair[0]);
    if (pickupNode === undefined)
      throw new InvalidProblemError(
        `Unknown pickup id ${pair[0]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): ${where}`,
      );
    const dropoffNode = places.nodeIndex.get(pair[1]);
    if (dropoffNode === undefined)
      throw new InvalidProblemError(
        `Unknown dropoff id ${pair[1]} in task ${index + 1} (${pair[0]} -> ${pair[1]}): ${where}`,
      );
    pairs.push({ pickupId: pair[0], dropoffId: pair[1], pickupNode, dropoffNode });
  });
  return pairs;
}

/** Which robot class can serve which delivery class within one charge, from its start or its station (see Problem.servable). */
function servableTable(problem: Omit<Problem, 'servable'>, robotClassFirst: number[]): Uint8Array {
  const {
    placeCount,
    placeDistance,
    pickupPlace,
    dropoffPlace,
    startPlace,
    homePlace,
    startToHome,
    deliveryLength,
    maxDistance,
    initialUsed,
  } = problem;
  const classCount = problem.deliveryClassCount;
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const servable = new Uint8Array(robotClassFirst.length * classCount);
  for (let c = 0; c < robotClassFirst.length; c++) {
    const r = robotClassFirst[c];
    for (let k = 0; k < classCount; k++) {
      const j = problem.deliveryClassFirst[k];
      const back = between(dropoffPlace[j], homePlace[r]);
      const fromStart = initialUsed[r] + between(startPlace[r], pickupPlace[j]) + deliveryLength[j] + back;
      const fromHome =
        initialUsed[r] + startToHome[r] <= maxDistance + EPSILON
          ? between(homePlace[r], pickupPlace[j]) + deliveryLength[j] + back
          : Infinity;
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
  const { robots, placeCount, placeDistance, pickupPlace, dropoffPlace, startPlace, homePlace, deliveryLength } =
    problem;
  const between = (from: number, to: number) => placeDistance[from * placeCount + to];
  const pair: [string, string] = [problem.deliveries[j].pickupId, problem.deliveries[j].dropoffId];
  const usable = robots
    .map((robot, r) => ({ robot, r }))
    .filter(({ robot }) => robot.startNode >= 0 && robot.homeNode >= 0);
  if (usable.length === 0) {
    const missing = problem.floor
      ? 'no robot has a home station on the floor'
      : 'no robot has both its own graph node and its home station node in the graph';
    return new InfeasibleDeliveryError(pair, problem.robotCount === 0 ? 'the environment has no robots' : missing);
  }
  if (
    !usable.some(
      ({ r }) =>
        Number.isFinite(between(startPlace[r], pickupPlace[j])) ||
        Number.isFinite(between(homePlace[r], pickupPlace[j])),
    )
  ) {
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
    const roundTrip =
      between(homePlace[r], pickupPlace[j]) + deliveryLength[j] + between(dropoffPlace[j], homePlace[r]);
    if (roundTrip < nearest) {
      nearest = roundTrip;
      station = robot.stationId;
    }
  }
  return new InfeasibleDeliveryError(
    pair,
    `the round trip from the nearest home station (${station}) is ${nearest.toFixed(1)} m but ${chargeCovers(problem)}`,
  );
}

/** What a plan may drive on one charge, in words: the reserve for traffic named when there is one. */
export function chargeCovers(problem: Problem): string {
  const { batteryReservePct, maxDistance } = problem.floorParameters;
  if (batteryReservePct === 0) return `a full charge covers ${maxDistance} m`;
  return `a charge covers ${Number(problem.maxDistance.toFixed(2))} m once the ${batteryReservePct}% battery reserve for traffic is kept (max_distance ${maxDistance} m)`;
}

/** Items numbered by a key, in order of first use: each item's class, the class count, each class's first item. */
function classify<Key>(
  count: number,
  keyOf: (item: number) => Key,
): { classOf: Int32Array; count: number; first: number[] } {
  const classOf = new Int32Array(count);
  const classByKey = new Map<Key, number>();
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

/**
 * The problem with every distance table replaced by its drive table (seconds x top speed), so a
 * bound on time can read legs' least times where it read metres. Batteries still follow metres:
 * `servable` and `maxDistance` are the problem's own.
 */
export function onDriveTimes(problem: Problem): Problem {
  if (problem.pointRobot) return problem;
  return {
    ...problem,
    distances: problem.drives,
    placeDistance: problem.placeDrive,
    deliveryLength: problem.deliveryDrive,
    startToHome: problem.startToHomeDrive,
  };
}

/** Shortest distances from a node (a search source of the problem) to every node, by node index. */
export function distancesFrom(problem: Problem, from: number): Float64Array {
  const row = problem.sourceRow[from];
  if (row < 0) throw new Error(`No shortest-path search was run from node ${problem.nodeIds[from]}`);
  return problem.distances[row];
}

/**
 * Node ids of a shortest path from `from` (a search source) to `to`, both included. On the
 * floor a leg lists the places it visits: `from` and `to` (the walk between them is the floor's).
 */
export function shortestPath(problem: Problem, from: number, to: number): string[] {
  if (problem.floor) return from === to ? [problem.nodeIds[from]] : [problem.nodeIds[from], problem.nodeIds[to]];
  const row = problem.sourceRow[from];
  if (row < 0) throw new Error(`No shortest-path search was run from node ${problem.nodeIds[from]}`);
  if (from === to) return [problem.nodeIds[from]];
  const pred = problem.predecessors[row];
  if (pred[to] < 0) throw new Error(`No path from ${problem.nodeIds[from]} to ${problem.nodeIds[to]}`);
  const reversed: string[] = [];
  for (let node = to; node !== -1; node = pred[node]) reversed.push(problem.nodeIds[node]);
  return reversed.reverse();
}
