import { Floor, FloorError, UNREACHABLE, type FloorEnvironment } from '../floor/floor.ts';
import type { Robot, RobotStation } from './types.ts';

/** A drawn robot as fleet sizing reads it. */
export type FleetRobot = Pick<Robot, 'id' | 'station_id' | 'station_index'> & { position: readonly number[] };

/** What fleet sizing reads of an environment: the floor, its stations and its drawn robots. */
export interface FleetEnvironment<R extends FleetRobot = FleetRobot> extends FloorEnvironment {
  elements: Omit<FloorEnvironment['elements'], 'robots' | 'robot_stations'> & {
    robot_stations: readonly (Pick<RobotStation, 'id'> & {
      position: readonly number[];
      robot_count?: number;
      chargers?: number;
    })[];
    robots: readonly R[];
  };
}

/**
 * Where robots beyond the drawn ones may park at the start: per station (in station order), its
 * parking cells nearest first. A parking cell is a free cell (no shelf, no station, not
 * keep-clear) that no place uses (no selected pickup's serving cell, no dropoff, no drawn robot),
 * which a robot can walk to from the station and back; nearer means a shorter walk from the
 * station, ties broken by row, then column. Stations share cells: a cell goes to whichever
 * station takes it first.
 */
function parkingCellsByStation(environment: FleetEnvironment): { floor: Floor; cells: number[][] } {
  const floor = new Floor(environment);
  const used = new Uint8Array(floor.cellCount);
  const { pickups = [], dropoffs = [], robots } = environment.elements;
  for (const place of [...pickups, ...dropoffs, ...robots]) {
    const cell = floor.cellOf(place.id);
    if (cell !== undefined) used[cell] = 1;
  }
  const from = new Int32Array(floor.cellCount);
  const cells = floor.stationCells.map((stationCell) => {
    floor.distancesFrom(stationCell, from);
    const back = floor.distanceField(stationCell);
    const parking: number[] = [];
    for (let cell = 0; cell < floor.cellCount; cell++) {
      if (floor.blocked[cell] || floor.stationAt[cell] >= 0 || floor.keepClear[cell] || used[cell]) continue;
      if (from[cell] < UNREACHABLE && back[cell] < UNREACHABLE) parking.push(cell);
    }
    // Cells are already in row-major order, so a stable sort by walk length breaks ties by row, then column.
    return parking.sort((a, b) => from[a] - from[b]);
  });
  return { floor, cells };
}

/**
 * The most robots the floor can take: the drawn ones, plus one on every parking cell some
 * station can use (`parkingCellsByStation`).
 */
export function maxFleetSize(environment: FleetEnvironment): number {
  const { floor, cells } = parkingCellsByStation(environment);
  const parkable = new Uint8Array(floor.cellCount);
  let count = 0;
  for (const list of cells) {
    for (const cell of list) {
      if (!parkable[cell]) count += 1;
      parkable[cell] = 1;
    }
  }
  return environment.elements.robots.length + count;
}

/**
 * The robots beyond the drawn ones, `extra` of them (fewer when the floor parks fewer): dealt to
 * the stations round-robin in station order (R1, R2, R3, R1, ...), a station with no parking cell
 * left skipped; each takes its station's nearest parking cell not yet taken and parks at its
 * centre. Ids continue the station's own (`R1_4` after R1_1..R1_3), as do `station_index`es.
 */
function extraRobots(environment: FleetEnvironment, extra: number): Robot[] {
  if (extra <= 0) return [];
  const { floor, cells } = parkingCellsByStation(environment);
  const stations = environment.elements.robot_stations;
  const nextIndex = stations.map((station) =>
    environment.elements.robots.reduce(
      (next, robot) => (robot.station_id === station.id ? Math.max(next, robot.station_index + 1) : next),
      0,
    ),
  );
  const taken = new Uint8Array(floor.cellCount);
  const cursor = new Int32Array(stations.length);
  const robots: Robot[] = [];
  let placedInRound = true;
  while (robots.length < extra && placedInRound) {
    placedInRound = false;
    for (let s = 0; s < stations.length && robots.length < extra; s++) {
      const list = cells[floor.stationIndexOf(stations[s].id)] ?? [];
      while (cursor[s] < list.length && taken[list[cursor[s]]]) cursor[s] += 1;
      if (cursor[s] === list.length) continue;
      const cell = list[cursor[s]];
      taken[cell] = 1;
      const index = nextIndex[s]++;
      robots.push({
        id: `${stations[s].id}_${index + 1}`,
        station_id: stations[s].id,
        position: [floor.x(cell) + 0.5, floor.y(cell) + 0.5],
        station_index: index,
      });
      placedInRound = true;
    }
  }
  return robots;
}

/**
 * The robots a solve uses when it (its scenario, or an experiment's point) asks for `robotCount`:
 * empty (undefined, null) or not positive is the drawn fleet in the environment's order; fewer
 * than drawn are taken round-robin over the stations (`fleetForScenario`); more than drawn are
 * every drawn robot, then `extraRobots` beside the stations. A count above what the floor parks
 * (`maxFleetSize`, which requests are held to by `robotCountProblem`) gives the most it parks: a
 * scenario may outlive a change of its environment.
 */
export function fleetOfSize<R extends FleetRobot>(
  environment: FleetEnvironment<R>,
  robotCount: number | null | undefined,
): (R | Robot)[] {
  const { robots, robot_stations: stations } = environment.elements;
  if (robotCount === undefined || robotCount === null || robotCount <= robots.length) {
    return fleetForScenario(robots, stations, robotCount);
  }
  return [...robots, ...extraRobots(environment, Math.floor(robotCount) - robots.length)];
}

/**
 * The fleet a finished plan ran with, for pages that replay it: the robots of `fleetOfSize` for
 * as many robots as the plan names, kept when the plan names them.
 */
export function fleetOfPlan<R extends FleetRobot>(
  environment: FleetEnvironment<R>,
  robotIds: readonly string[],
): (R | Robot)[] {
  const named = new Set(robotIds);
  return fleetOfSize(environment, named.size).filter((robot) => named.has(robot.id));
}

/**
 * The robots a solve uses when a scenario (or an experiment point) asks for `robotCount` of them:
 * taken round-robin over the stations in station order (R1_1, R2_1, R3_1, R1_2, R2_2, ...), so a
 * smaller fleet still starts spread over the warehouse instead of crowding the first station.
 * Within a station robots go by `station_index`. A station with no robots left is skipped.
 * `robotCount` empty (undefined, null) or not positive means the whole fleet, as does a count at
 * or above the drawn fleet (`fleetOfSize` adds robots beyond it).
 * Robots whose station is not listed come last, in their given order.
 */
export function fleetForScenario<R extends FleetRobot>(
  robots: readonly R[],
  stations: readonly Pick<RobotStation, 'id'>[],
  robotCount: number | null | undefined,
): R[] {
  const queues = new Map<string, R[]>(stations.map((station) => [station.id, []]));
  const unstationed: R[] = [];
  for (const robot of robots) {
    const queue = queues.get(robot.station_id);
    if (queue) queue.push(robot);
    else unstationed.push(robot);
  }
  for (const queue of queues.values()) queue.sort((a, b) => a.station_index - b.station_index);

  const ordered: R[] = [];
  const stationQueues = [...queues.values()];
  for (let round = 0; ordered.length + unstationed.length < robots.length; round += 1) {
    for (const queue of stationQueues) {
      if (round < queue.length) ordered.push(queue[round]);
    }
  }
  ordered.push(...unstationed);

  if (robotCount === undefined || robotCount === null || robotCount <= 0 || robotCount >= ordered.length) {
    // The whole fleet keeps the environment's own order, so results list robots as before.
    return [...robots];
  }
  return ordered.slice(0, Math.floor(robotCount));
}

/**
 * Why a scenario, a solve or a fleet sweep may not ask for `robotCount` robots of an environment,
 * or null when it may: the one check of a fleet size, against the most the floor can take
 * (`maxFleetSize`: the drawn robots and one per parking cell beside the stations).
 */
export function robotCountProblem(robotCount: number, environment: FleetEnvironment): string | null {
  const drawn = environment.elements.robots.length;
  if (robotCount <= drawn) return null;
  let max: number;
  try {
    max = maxFleetSize(environment);
  } catch (error) {
    if (!(error instanceof FloorError)) throw error;
    return `${robotCount} robots asked, but the environment has ${drawn} and no floor to park more on: ${error.message}`;
  }
  if (robotCount <= max) return null;
  return `${robotCount} robots asked, but this floor can take at most ${max} (${drawn} drawn, ${max - drawn} more parked beside the stations)`;
}

/**
 * How many robots a solve plans with: its own `robot_count` (an experiment's point sets one),
 * else its scenario's; undefined means the whole fleet. `fleetForScenario` picks them.
 */
export function solveRobotCount(
  solveRobotCount: number | null | undefined,
  scenarioRobotCount: number | null | undefined,
): number | undefined {
  return solveRobotCount ?? scenarioRobotCount ?? undefined;
}
