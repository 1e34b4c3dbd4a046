import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fleetForScenario, robotCountProblem, solveRobotCount } from '../src/layout/fleet.ts';
import { robotsFromStations } from '../src/layout/robots.ts';

/** Three stations of 3, 1 and 2 robots: R1_1..R1_3, R2_1, R3_1..R3_2. */
const STATIONS = [
  { id: 'R1', position: [1.5, 0.5] as [number, number], robot_count: 3 },
  { id: 'R2', position: [5.5, 0.5] as [number, number], robot_count: 1 },
  { id: 'R3', position: [9.5, 0.5] as [number, number], robot_count: 2 },
];
const ROBOTS = robotsFromStations(STATIONS);
const idsOf = (robots: { id: string }[]) => robots.map((robot) => robot.id);

describe('fleetForScenario', () => {
  it.each([
    [1, ['R1_1']],
    [2, ['R1_1', 'R2_1']],
    [3, ['R1_1', 'R2_1', 'R3_1']],
    [4, ['R1_1', 'R2_1', 'R3_1', 'R1_2']],
    [5, ['R1_1', 'R2_1', 'R3_1', 'R1_2', 'R3_2']],
  ])('takes %i robots round-robin over the stations, skipping emptied stations', (count, expected) => {
    expect(idsOf(fleetForScenario(ROBOTS, STATIONS, count))).toEqual(expected);
  });

  it.each([[undefined], [null], [0], [6], [40]])(
    'gives the whole fleet in environment order for robot_count %s',
    (count) => {
      expect(idsOf(fleetForScenario(ROBOTS, STATIONS, count))).toEqual([
        'R1_1',
        'R1_2',
        'R1_3',
        'R2_1',
        'R3_1',
        'R3_2',
      ]);
    },
  );

  it('orders robots of a station by station_index, whatever their order in the list', () => {
    const shuffled = [ROBOTS[2], ROBOTS[5], ROBOTS[0], ROBOTS[3], ROBOTS[1], ROBOTS[4]];
    expect(idsOf(fleetForScenario(shuffled, STATIONS, 4))).toEqual(['R1_1', 'R2_1', 'R3_1', 'R1_2']);
  });

  it('puts robots of unknown stations after the stationed ones', () => {
    const stray = { id: 'X1_1', station_id: 'X1', position: [0.5, 0.5] as [number, number], station_index: 0 };
    expect(idsOf(fleetForScenario([stray, ...ROBOTS], STATIONS, 6))).toEqual([
      'R1_1',
      'R2_1',
      'R3_1',
      'R1_2',
      'R3_2',
      'R1_3',
    ]);
  });

  it('gives no robots for an empty fleet', () => {
    expect(fleetForScenario([], [], 3)).toEqual([]);
  });

  it('always returns distinct robots of the environment, as many as asked (up to the fleet size)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (counts, robotCount) => {
          const stations = counts.map((count, index) => ({
            id: `R${index + 1}`,
            position: [index + 0.5, 0.5] as [number, number],
            robot_count: count,
          }));
          const robots = robotsFromStations(stations);
          const fleet = fleetForScenario(robots, stations, robotCount);
          expect(fleet).toHaveLength(Math.min(robotCount, robots.length));
          expect(new Set(idsOf(fleet)).size).toBe(fleet.length);
          for (const robot of fleet) expect(robots).toContain(robot);
          // Round-robin: no station gets two more robots than another that still had robots to give.
          const used = stations.map((station) => fleet.filter((robot) => robot.station_id === station.id).length);
          stations.forEach((_, a) =>
            stations.forEach((other, b) => {
              if (used[b] < other.robot_count) expect(used[a] - used[b]).toBeLessThanOrEqual(1);
            }),
          );
        },
      ),
    );
  });
});

describe('robotCountProblem', () => {
  it.each([1, 5, 6])('lets a scenario, solve or sweep ask for %i of the 6 robots', (count) => {
    expect(robotCountProblem(count, ROBOTS)).toBeNull();
  });

  it.each([
    [7, ROBOTS, '7 robots asked, but the environment has 6'],
    [40, ROBOTS, '40 robots asked, but the environment has 6'],
    [1, [], '1 robots asked, but the environment has 0'],
  ])('refuses %i robots of a fleet of the given size', (count, robots, problem) => {
    expect(robotCountProblem(count, robots)).toBe(problem);
  });
});

describe('solveRobotCount', () => {
  it('takes the solve’s own count (an experiment point), else the scenario’s, else the whole fleet', () => {
    expect(solveRobotCount(2, 5)).toBe(2);
    expect(solveRobotCount(undefined, 5)).toBe(5);
    expect(solveRobotCount(null, null)).toBeUndefined();
    expect(idsOf(fleetForScenario(ROBOTS, STATIONS, solveRobotCount(undefined, 4)))).toEqual([
      'R1_1',
      'R2_1',
      'R3_1',
      'R1_2',
    ]);
  });
});
