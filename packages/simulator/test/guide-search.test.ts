import { describe, expect, it } from 'vitest';
import { Floor, type FloorEnvironment, resolveRobotModel } from '@fleetlab/warehouse';
import { GuideSearch, type GuideStart, type GuideTraffic } from '../src/movement/guide-search.ts';
import { guideTurnCosts } from '../src/movement/movement-policies.ts';

/** An open 6 x 6 floor: no shelf, one station in the far corner (5, 5). */
const OPEN: FloorEnvironment = {
  dimensions: { width: 6, height: 6 },
  elements: {
    shelves: [],
    pickups: [],
    dropoffs: [],
    robot_stations: [{ id: 'R1', position: [5.5, 5.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [5.5, 5.5] }],
  },
};

const floor = new Floor(OPEN);
const cell = (x: number, y: number) => y * floor.width + x;
const cells = floor.cellCount;

function emptyTraffic(): GuideTraffic {
  return {
    flow: new Int32Array(cells * 4),
    load: new Int32Array(cells),
    nearFlow: new Int32Array(cells * 4),
    nearLoad: new Int32Array(cells),
    rigidFlow: new Int32Array(cells * 4),
  };
}

/** The walk as [x, y] pairs, and how often it changes direction. */
function walkOf(search: GuideSearch, traffic: GuideTraffic, start: GuideStart | null) {
  const path = new Int32Array(cells);
  const length = search.run(cell(0, 0), cell(3, 3), traffic, path, false, start);
  const walk = [...path.subarray(0, length)].map((at) => [floor.x(at), floor.y(at)]);
  let turns = 0;
  for (let i = 2; i < walk.length; i++) {
    const before = [walk[i - 1][0] - walk[i - 2][0], walk[i - 1][1] - walk[i - 2][1]];
    const after = [walk[i][0] - walk[i - 1][0], walk[i][1] - walk[i - 1][1]];
    if (before[0] !== after[0] || before[1] !== after[1]) turns++;
  }
  return { walk, turns };
}

describe('guide paths of robots that turn', () => {
  // Drive units at 1.5 m/s, steps of 2/3 s: braking and starting again cost 0.75 s + 0.75 s =
  // 2.25 steps = 36 sixteenths, a quarter turn 0.625 s = 15 sixteenths.
  const driveUnit = resolveRobotModel({ robot_model: 'drive-unit' });
  const turns = guideTurnCosts(driveUnit, 1 / driveUnit.topSpeed);

  it('cost a change of direction its braking, turn and start', () => {
    expect(turns).toEqual({ change: 36, quarter: 15 });
  });

  // One path through each corner of the two L-shaped walks from (0, 0) to (3, 3): on a walk
  // of points a sixteenth of a step more, so a point's guide path goes round both corners.
  const cornersTaken = emptyTraffic();
  cornersTaken.load[cell(3, 0)] = 1;
  cornersTaken.load[cell(0, 3)] = 1;

  it('for points, zigzag round the traffic at no extra length', () => {
    const { walk, turns: count } = walkOf(new GuideSearch(floor), cornersTaken, null);
    expect(walk).toHaveLength(7);
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it('for robots that turn, keep to one turn and set out the way the robot faces', () => {
    const search = new GuideSearch(floor, null, turns);
    // Heading +x (0) at speed: along the top row, one turn at (3, 0), a sixteenth more than a zigzag.
    const east = walkOf(search, cornersTaken, { heading: 0, moving: true });
    expect(east.walk).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2],
      [3, 3],
    ]);
    expect(east.turns).toBe(1);
    // Heading +y (1): down the first column first.
    const south = walkOf(search, cornersTaken, { heading: 1, moving: true });
    expect(south.walk).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('without a heading, search as for points', () => {
    const search = new GuideSearch(floor, null, turns);
    expect(walkOf(search, cornersTaken, null)).toEqual(walkOf(new GuideSearch(floor), cornersTaken, null));
  });
});
