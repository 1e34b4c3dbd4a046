import type { Robot, RobotStation } from './types.ts';

/**
 * The robots a solve uses when a scenario (or an experiment point) asks for `robotCount` of them:
 * taken round-robin over the stations in station order (R1_1, R2_1, R3_1, R1_2, R2_2, ...), so a
 * smaller fleet still starts spread over the warehouse instead of crowding the first station.
 * Within a station robots go by `station_index`. A station with no robots left is skipped.
 * `robotCount` empty (undefined, null) or not positive means the whole fleet; a count above the
 * fleet size also gives the whole fleet (a scenario may outlive a change of its environment).
 * Robots whose station is not listed come last, in their given order.
 */
export function fleetForScenario(
  robots: readonly Robot[],
  stations: readonly Pick<RobotStation, 'id'>[],
  robotCount: number | null | undefined,
): Robot[] {
  const queues = new Map<string, Robot[]>(stations.map((station) => [station.id, []]));
  const unstationed: Robot[] = [];
  for (const robot of robots) {
    const queue = queues.get(robot.station_id);
    if (queue) queue.push(robot);
    else unstationed.push(robot);
  }
  for (const queue of queues.values()) queue.sort((a, b) => a.station_index - b.station_index);

  const ordered: Robot[] = [];
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
 * Why a scenario, a solve or a fleet sweep may not ask for `robotCount` robots of an environment
 * whose fleet is `robots`, or null when it may. The one place robots are counted for that check:
 * the length of the environment's robot list.
 */
export function robotCountProblem(robotCount: number, robots: readonly Robot[]): string | null {
  if (robotCount <= robots.length) return null;
  return `${robotCount} robots asked, but the environment has ${robots.length}`;
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
