import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Floor, UNREACHABLE } from '../src/floor/floor.ts';
import { checkEnvironmentRules, type EnvironmentToCheck } from '../src/layout/environment-rules.ts';
import { checkFloorRules } from '../src/layout/floor-rules.ts';
import type { OneWayAisle } from '../src/layout/types.ts';
import { shelf } from './layout-fixtures.ts';

/**
 * "Corridor": an 8 x 5 floor. Shelves S1 (row 1) and S2 (row 3) run from x 0 to 5, so row 2
 * between them is a dead-end corridor open to the right, with dropoff D1 at its end (0, 2).
 * Station R1 stands top right at (7, 0), dropoff D2 bottom right at (7, 4), pickup P3 on S1's top
 * is served from (2, 0).
 *
 *   row 0:  .  .  P3 .  .  .  .  R1
 *   row 1:  S1 S1 S1 S1 S1 S1 .  .
 *   row 2:  D1 .  .  .  .  .  .  .
 *   row 3:  S2 S2 S2 S2 S2 S2 .  .
 *   row 4:  .  .  .  .  .  .  .  D2
 */
function corridor(aisles: OneWayAisle[] = []): EnvironmentToCheck {
  return {
    dimensions: { width: 8, height: 5 },
    elements: {
      shelves: [shelf('S1', 0, 1, 6, 1), shelf('S2', 0, 3, 6, 1)],
      dropoffs: [
        { id: 'D1', position: [0.5, 2.5] },
        { id: 'D2', position: [7.5, 4.5] },
      ],
      robot_stations: [{ id: 'R1', position: [7.5, 0.5], robot_count: 1 }],
      pickups: [{ id: 'P3', position: [2.5, 1], shelf_id: 'S1', side: 'top' }],
      robots: [{ id: 'R1_1', station_id: 'R1', position: [7.5, 0.5], station_index: 0 }],
      navigation_points: [],
      one_way_aisles: aisles,
    },
  };
}

const aisle = (
  id: string,
  x: number,
  y: number,
  width: number,
  height: number,
  direction: OneWayAisle['direction'],
): OneWayAisle => ({
  id,
  position: [x, y],
  size: [width, height],
  direction,
});

describe('checkFloorRules: reachability', () => {
  it('finds nothing wrong when every place is reachable both ways', () => {
    expect(checkEnvironmentRules(corridor())).toEqual({ errors: [], warnings: [] });
    // Column 6 one-way down: robots come back up column 7.
    expect(checkEnvironmentRules(corridor([aisle('W1', 6, 0, 1, 5, 'down')]))).toEqual({ errors: [], warnings: [] });
  });

  it('names a dropoff the one-way aisle lets robots reach but never leave, and the aisle', () => {
    // Corridor cells x 1-5 run left: robots drive in to D1, but no move to the right leaves (0, 2).
    const report = checkEnvironmentRules(corridor([aisle('W1', 1, 2, 5, 1, 'left')]));
    expect(report).toEqual({
      errors: [
        {
          path: 'elements.dropoffs.0',
          element: 'D1',
          rule: 'cut-off-by-one-way-aisle',
          message: 'Dropoff D1 has no walk back to station R1: one-way aisle W1 (running left) cuts it off',
        },
      ],
      warnings: [],
    });
  });

  it('names a dropoff no robot can drive to against the aisle', () => {
    const report = checkEnvironmentRules(corridor([aisle('W1', 1, 2, 5, 1, 'right')]));
    expect(report.errors.map((problem) => problem.message)).toEqual([
      'Dropoff D1 cannot be reached from station R1: one-way aisle W1 (running right) cuts it off',
    ]);
  });

  it('names two aisles in a row that only together cut the dropoff off', () => {
    // Without W1, W2 still forbids driving right out of (1, 2); without W2, W1 forbids it at (3, 2).
    const report = checkEnvironmentRules(corridor([aisle('W1', 3, 2, 3, 1, 'left'), aisle('W2', 1, 2, 2, 1, 'left')]));
    expect(report.errors.map((problem) => problem.message)).toEqual([
      'Dropoff D1 has no walk back to station R1: one-way aisles W1 (running left) and W2 (running left) cut it off together',
    ]);
  });

  it('refuses a dropoff walled in by shelves from every station whatever the rules, and names it', () => {
    const walled = corridor();
    walled.elements.shelves.push(shelf('S3', 1, 2, 1, 1));
    expect(checkEnvironmentRules(walled)).toEqual({
      errors: [
        {
          path: 'elements.dropoffs.0',
          element: 'D1',
          rule: 'unreachable-dropoff',
          message:
            'Dropoff D1 is cut off from station R1 both ways: no walk on the floor connects them, so no robot can reach it',
        },
      ],
      warnings: [],
    });
    walled.elements.one_way_aisles = [aisle('W1', 6, 0, 1, 5, 'down')];
    expect(checkEnvironmentRules(walled).errors.map((problem) => problem.message)).toEqual([
      'Dropoff D1 is cut off from station R1 both ways: no walk on the floor connects them, even without the one-way aisles, so no robot can reach it',
    ]);
  });

  it('only warns about a dropoff walled in from one station while another station reaches it', () => {
    // S3 moves one cell right: station R2 joins D1 in the dead end, cut off from P3 and D2.
    const layout = corridor();
    layout.elements.shelves.push(shelf('S3', 2, 2, 1, 1));
    layout.elements.robot_stations.push({ id: 'R2', position: [1.5, 2.5], robot_count: 1 });
    layout.elements.robots.push({ id: 'R2_1', station_id: 'R2', position: [1.5, 2.5], station_index: 0 });
    expect(checkEnvironmentRules(layout)).toEqual({
      errors: [],
      warnings: [
        {
          path: 'elements.dropoffs.0',
          element: 'D1',
          rule: 'unreachable',
          message: 'Dropoff D1 is cut off from station R1 both ways: no walk on the floor connects them',
        },
        {
          path: 'elements.dropoffs.1',
          element: 'D2',
          rule: 'unreachable',
          message: 'Dropoff D2 is cut off from station R2 both ways: no walk on the floor connects them',
        },
        {
          path: 'elements.pickups.0',
          element: 'P3',
          rule: 'unreachable',
          message: 'Pickup P3 is cut off from station R2 both ways: no walk on the floor connects them',
        },
      ],
    });
  });

  it('names a walled-in station once instead of in every place it cannot serve', () => {
    // R2 takes D1's dead end, closed by S3: R1 still serves P3 and D2.
    const layout = corridor();
    layout.elements.shelves.push(shelf('S3', 1, 2, 1, 1));
    layout.elements.dropoffs = [{ id: 'D2', position: [7.5, 4.5] }];
    layout.elements.robot_stations.push({ id: 'R2', position: [0.5, 2.5], robot_count: 1 });
    layout.elements.robots.push({ id: 'R2_1', station_id: 'R2', position: [0.5, 2.5], station_index: 0 });
    expect(checkEnvironmentRules(layout)).toEqual({
      errors: [],
      warnings: [
        {
          path: 'elements.robot_stations.1',
          element: 'R2',
          rule: 'unreachable',
          message:
            'Robot station R2 is cut off from every pickup and dropoff, both ways: no walk on the floor connects them',
        },
      ],
    });
  });

  it('names a dropoff that no pickup reaches although the station does: walks never cross a station', () => {
    // "Gate": a 6 x 3 floor split by shelf S1 in column 2 (rows 0-1) and station R1 at (2, 2):
    // the only way between the halves is through R1's cell, where walks may start and end only.
    const gate: EnvironmentToCheck = {
      dimensions: { width: 6, height: 3 },
      elements: {
        shelves: [shelf('S1', 2, 0, 1, 2)],
        dropoffs: [{ id: 'D1', position: [5.5, 0.5] }],
        robot_stations: [{ id: 'R1', position: [2.5, 2.5], robot_count: 1 }],
        pickups: [{ id: 'P1', position: [2, 0.5], shelf_id: 'S1', side: 'left' }],
        robots: [{ id: 'R1_1', station_id: 'R1', position: [2.5, 2.5], station_index: 0 }],
        navigation_points: [],
      },
    };
    expect(checkEnvironmentRules(gate).warnings.map((problem) => [problem.element, problem.message])).toEqual([
      ['D1', 'Dropoff D1 cannot be reached from pickup P1: no walk on the floor connects them'],
    ]);
  });

  it('lists at most three counterparts and counts the rest', () => {
    const layout = corridor([aisle('W1', 1, 2, 5, 1, 'left')]);
    // R2-R5 down column 7 under R1; column 6 stays free for every walk.
    for (let index = 2; index <= 5; index++) {
      layout.elements.robot_stations.push({ id: `R${index}`, position: [7.5, index - 0.5], robot_count: 1 });
    }
    layout.elements.dropoffs = [{ id: 'D1', position: [0.5, 2.5] }];
    expect(checkEnvironmentRules(layout).errors.map((problem) => problem.message)).toEqual([
      'Dropoff D1 has no walk back to stations R1, R2, R3 and 2 more: one-way aisle W1 (running left) cuts it off',
    ]);
  });
});

describe('checkFloorRules: places robots cannot stop at', () => {
  it('names places on a keep-clear cell', () => {
    const layout = corridor();
    layout.elements.keep_clear_cells = [
      { id: 'K1', position: [7.5, 4.5] },
      { id: 'K2', position: [2.5, 0.5] },
    ];
    expect(checkFloorRules(layout).errors).toEqual([
      {
        path: 'elements.dropoffs.1',
        element: 'D2',
        rule: 'on-keep-clear-cell',
        message: 'Dropoff D2 is on keep-clear cell K1, where robots never stop',
      },
      {
        path: 'elements.pickups.0',
        element: 'P3',
        rule: 'on-keep-clear-cell',
        message: 'Pickup P3 is served from keep-clear cell K2, where robots never stop',
      },
    ]);
  });

  it("names a dropoff on a station's cell", () => {
    const layout = corridor();
    layout.elements.dropoffs.push({ id: 'D3', position: [7.5, 0.5] });
    expect(checkEnvironmentRules(layout).errors).toEqual([
      {
        path: 'elements.dropoffs.2',
        element: 'D3',
        rule: 'on-station-cell',
        message: "Dropoff D3 is on the cell of robot station R1, which only that station's robots enter",
      },
    ]);
  });
});

describe('checkFloorRules (property)', () => {
  /** A random floor: shelves of one cell, places on free cells, one-way aisles of one row or column. */
  const randomFloor = fc
    .record({
      blocked: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 5 })), { maxLength: 20 }),
      places: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 5 })), {
        minLength: 2,
        maxLength: 6,
      }),
      aisles: fc.array(
        fc.record({
          line: fc.integer({ min: 0, max: 7 }),
          from: fc.integer({ min: 0, max: 5 }),
          length: fc.integer({ min: 1, max: 6 }),
          vertical: fc.boolean(),
          direction: fc.constantFrom('up', 'down', 'left', 'right' as const),
        }),
        { maxLength: 6 },
      ),
    })
    .map(({ blocked, places, aisles }): EnvironmentToCheck | null => {
      const key = ([x, y]: [number, number]) => `${x},${y}`;
      const placeKeys = new Set(places.map(key));
      const shelves = [...new Set(blocked.map(key))]
        .filter((cell) => !placeKeys.has(cell))
        .map((cell, index) => {
          const [x, y] = cell.split(',').map(Number);
          return shelf(`S${index + 1}`, x, y, 1, 1);
        });
      const shelfCells = new Set(shelves.map((candidate) => key(candidate.position as [number, number])));
      const unique = [...placeKeys].map((cell) => cell.split(',').map(Number) as [number, number]);
      if (unique.length < 2) return null;
      const [station, ...dropoffs] = unique;
      const oneWay = aisles
        .map((run, index) => {
          const [x, y, width, height] = run.vertical
            ? [run.line, run.from, 1, run.length]
            : [run.from, Math.min(run.line, 5), run.length, 1];
          return aisle(`W${index + 1}`, x, y, Math.min(width, 8 - x), Math.min(height, 6 - y), run.direction);
        })
        .filter((candidate) => {
          for (let i = candidate.position[0]; i < candidate.position[0] + candidate.size[0]; i++) {
            for (let j = candidate.position[1]; j < candidate.position[1] + candidate.size[1]; j++)
              if (shelfCells.has(`${i},${j}`)) return false;
          }
          return true;
        });
      return {
        dimensions: { width: 8, height: 6 },
        elements: {
          shelves,
          dropoffs: dropoffs.map(([x, y], index) => ({
            id: `D${index + 1}`,
            position: [x + 0.5, y + 0.5] as [number, number],
          })),
          robot_stations: [{ id: 'R1', position: [station[0] + 0.5, station[1] + 0.5], robot_count: 1 }],
          pickups: [],
          robots: [{ id: 'R1_1', station_id: 'R1', position: [station[0] + 0.5, station[1] + 0.5], station_index: 0 }],
          navigation_points: [],
          one_way_aisles: oneWay.filter(
            (candidate, index) =>
              !oneWay
                .slice(0, index)
                .some((other) => other.direction !== candidate.direction && overlaps(other, candidate)),
          ),
        },
      };
    })
    .filter((layout): layout is EnvironmentToCheck => layout !== null);

  function overlaps(a: OneWayAisle, b: OneWayAisle): boolean {
    return (
      a.position[0] < b.position[0] + b.size[0] &&
      b.position[0] < a.position[0] + a.size[0] &&
      a.position[1] < b.position[1] + b.size[1] &&
      b.position[1] < a.position[1] + a.size[1]
    );
  }

  it('names exactly the dropoffs the floor cannot connect to the station, as errors', () => {
    fc.assert(
      fc.property(randomFloor, (layout) => {
        // The floor's rules alone: a random floor may lack a pickup, which the layout rules name first.
        const report = checkFloorRules(layout);
        const floor = new Floor(layout);
        const free = new Floor({ ...layout, elements: { ...layout.elements, one_way_aisles: [] } });
        const station = floor.cellOf('R1')!;
        const connected = (candidate: Floor, cell: number) =>
          candidate.distancesFrom(station)[cell] < UNREACHABLE && candidate.distanceField(station)[cell] < UNREACHABLE;
        for (const dropoff of layout.elements.dropoffs) {
          const cell = floor.cellOf(dropoff.id)!;
          const named = (problems: typeof report.errors) => problems.some((problem) => problem.element === dropoff.id);
          // Cut off by the aisles, or walled in from the only station: either way no robot delivers there.
          expect(named(report.errors)).toBe(!connected(floor, cell));
          expect(named(report.warnings)).toBe(false);
          if (!connected(free, cell)) {
            const problem = report.errors.find((candidate) => candidate.element === dropoff.id);
            expect(problem?.rule).toBe('unreachable-dropoff');
          }
        }
        // Every error names an aisle of the layout, or says no robot can reach the dropoff.
        for (const problem of report.errors)
          expect(problem.message).toMatch(/one-way aisles? W\d|no robot can reach it$/);
      }),
      { numRuns: 1000, seed: 23 },
    );
  });
});
