import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fleetForScenario,
  fleetOfSize,
  maxFleetSize,
  robotCountProblem,
  solveRobotCount,
  type FleetEnvironment,
} from '../src/layout/fleet.ts';
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

/**
 * A 5 x 3 floor without shelves: station R1 at cell (0, 0) and R2 at (4, 0) with one robot each,
 * dropoff D1 at (2, 2). Parking cells: the 15 cells but the 2 stations and the dropoff, 12.
 */
const OPEN_FLOOR: FleetEnvironment = {
  dimensions: { width: 5, height: 3 },
  elements: {
    shelves: [],
    dropoffs: [{ id: 'D1', position: [2.5, 2.5] }],
    robot_stations: [
      { id: 'R1', position: [0.5, 0.5], robot_count: 1 },
      { id: 'R2', position: [4.5, 0.5], robot_count: 1 },
    ],
    pickups: [],
    robots: robotsFromStations([
      { id: 'R1', position: [0.5, 0.5], robot_count: 1 },
      { id: 'R2', position: [4.5, 0.5], robot_count: 1 },
    ]),
  },
};

describe('fleetOfSize', () => {
  it('adds robots round-robin over the stations, each on its station’s nearest free cell (row, then column, on a tie)', () => {
    expect(fleetOfSize(OPEN_FLOOR, 5)).toEqual([
      ...OPEN_FLOOR.elements.robots,
      { id: 'R1_2', station_id: 'R1', position: [1.5, 0.5], station_index: 1 },
      { id: 'R2_2', station_id: 'R2', position: [3.5, 0.5], station_index: 1 },
      { id: 'R1_3', station_id: 'R1', position: [0.5, 1.5], station_index: 2 },
    ]);
  });

  it('keeps the drawn fleet, or a round-robin part of it, up to the drawn count', () => {
    expect(idsOf(fleetOfSize(OPEN_FLOOR, undefined))).toEqual(['R1_1', 'R2_1']);
    expect(idsOf(fleetOfSize(OPEN_FLOOR, 1))).toEqual(['R1_1']);
    expect(idsOf(fleetOfSize(OPEN_FLOOR, 2))).toEqual(['R1_1', 'R2_1']);
  });

  it('parks at most one robot per free cell that is no place, and gives the most it parks beyond that', () => {
    expect(maxFleetSize(OPEN_FLOOR)).toBe(14);
    const fleet = fleetOfSize(OPEN_FLOOR, 20);
    expect(fleet).toHaveLength(14);
    const cells = fleet.slice(2).map((robot) => robot.position.join(','));
    expect(new Set(cells).size).toBe(12);
    expect(cells).not.toContain('2.5,2.5');
  });

  it('skips a station whose free cells are walled off and parks nothing where no walk leads back', () => {
    // A shelf column at x = 1 walls R1 into cells (0, 0)..(0, 2): two parking cells of its own;
    // R2 has the 9 cells right of it but its station and the dropoff, 7.
    const walled: FleetEnvironment = {
      ...OPEN_FLOOR,
      elements: { ...OPEN_FLOOR.elements, shelves: [{ id: 'S1', position: [1, 0], size: [1, 3] }] },
    };
    expect(maxFleetSize(walled)).toBe(2 + 2 + 7);
    expect(idsOf(fleetOfSize(walled, 11)).filter((id) => id.startsWith('R1'))).toEqual(['R1_1', 'R1_2', 'R1_3']);
  });

  it('gives every asked robot a distinct id and a distinct free cell that is no place (random floors)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        fc.integer({ min: 1, max: 60 }),
        (width, height, shelfCells, asked) => {
          const shelves = shelfCells
            .map(([x, y], index) => ({
              id: `S${index + 1}`,
              position: [x % width, 1 + (y % (height - 1))],
              size: [1, 1],
            }))
            .filter(
              (shelf, index, all) =>
                all.findIndex((other) => other.position.join() === shelf.position.join()) === index,
            );
          const stations = [
            { id: 'R1', position: [0.5, 0.5] as [number, number], robot_count: 1 },
            { id: 'R2', position: [width - 0.5, 0.5] as [number, number], robot_count: 2 },
          ];
          const environment: FleetEnvironment = {
            dimensions: { width, height },
            elements: {
              shelves,
              dropoffs: [],
              robot_stations: stations,
              pickups: [],
              robots: robotsFromStations(stations),
            },
          };
          const max = maxFleetSize(environment);
          const fleet = fleetOfSize(environment, asked);
          expect(fleet).toHaveLength(Math.min(asked, max));
          expect(new Set(idsOf(fleet)).size).toBe(fleet.length);
          const extras = fleet.slice(3);
          const cells = extras.map((robot) => robot.position.join());
          expect(new Set(cells).size).toBe(extras.length);
          for (const robot of extras) {
            expect(robot.id).toBe(`${robot.station_id}_${robot.station_index + 1}`);
            const [x, y] = robot.position;
            expect(shelves.some((shelf) => shelf.position[0] === x - 0.5 && shelf.position[1] === y - 0.5)).toBe(false);
            expect(stations.some((station) => station.position.join() === robot.position.join())).toBe(false);
          }
          expect(robotCountProblem(max, environment)).toBeNull();
          expect(robotCountProblem(max + 1, environment)).toContain(`at most ${max}`);
        },
      ),
    );
  });
});

describe('robotCountProblem', () => {
  it.each([1, 2, 9, 14])('lets a scenario, solve or sweep ask for %i robots of the 5 x 3 floor', (count) => {
    expect(robotCountProblem(count, OPEN_FLOOR)).toBeNull();
  });

  it('refuses more robots than the floor parks, naming the most it can take', () => {
    expect(robotCountProblem(15, OPEN_FLOOR)).toBe(
      '15 robots asked, but this floor can take at most 14 (2 drawn, 12 more parked beside the stations)',
    );
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
