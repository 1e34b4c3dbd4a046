import { describe, expect, it } from 'vitest';
import { Floor, type FloorEnvironment } from '@fleetlab/warehouse';
import { buildProblem, FloorDistanceRows, type ProblemInput } from '../../src/index.ts';
import { aroundShelf, stationRow } from '../floor-layouts.ts';

/** The environment with its robot R1_1 standing on cell (x, y). */
function withRobotAt(environment: ProblemInput['environment'], x: number, y: number): ProblemInput['environment'] {
  const robots = environment.elements.robots!.map((robot, k) =>
    k === 0 ? { ...robot, position: [x + 0.5, y + 0.5] as [number, number] } : robot,
  );
  return { ...environment, elements: { ...environment.elements, robots } };
}

const tasks: [string, string][] = [
  ['PT', 'D1'],
  ['PB', 'D1'],
  ['PL', 'D1'],
];

describe('FloorDistanceRows', () => {
  it('gives buildProblem the same distances as walking the floor afresh, for robots handed over anywhere', () => {
    const rows = new FloorDistanceRows();
    // R1_1 handed over at (6, 4), then at (1, 0): the second problem walks only from its new cell.
    for (const [x, y] of [
      [6, 4],
      [1, 0],
      [6, 4],
    ]) {
      const input: ProblemInput = {
        environment: withRobotAt(aroundShelf(), x, y),
        tasks,
        handovers: { R1_1: { place: 'R1_1', ready_s: 3, used_m: 10 } },
      };
      const fresh = buildProblem(input);
      const kept = buildProblem({ ...input, distanceRows: rows });
      expect(Array.from(kept.placeDistance)).toEqual(Array.from(fresh.placeDistance));
      expect(kept.startToHome[0]).toBe(fresh.startToHome[0]);
    }
    // Places PT, PB, PL, D1, station R1, and the two robot cells: one walk each.
    expect(rows.size).toBe(7);
  });

  it('walks from a cell once, and reads the row of the cell asked for', () => {
    const floor = new Floor(aroundShelf() as FloorEnvironment);
    const rows = new FloorDistanceRows();
    const first = rows.from(floor, floor.cellAt(0, 4));
    expect(rows.from(floor, floor.cellAt(0, 4))).toBe(first);
    // From the station (0, 4) to D1's cell (6, 0): 6 across and 4 up.
    expect(first[floor.cellAt(6, 0)]).toBe(10);
    expect(Array.from(rows.from(floor, floor.cellAt(6, 0)))).toEqual(
      Array.from(floor.distancesFrom(floor.cellAt(6, 0))),
    );
  });

  it('starts afresh on a floor with other moves, and keeps its rows on a copy of the same floor', () => {
    const rows = new FloorDistanceRows();
    const around = new Floor(aroundShelf() as FloorEnvironment);
    rows.from(around, 0);
    rows.from(new Floor(withRobotAt(aroundShelf(), 6, 4) as FloorEnvironment), 1);
    expect(rows.size).toBe(2);
    const other = new Floor(stationRow() as FloorEnvironment);
    const row = rows.from(other, 0);
    expect(rows.size).toBe(1);
    expect(Array.from(row)).toEqual(Array.from(other.distancesFrom(0)));
  });

  it('keeps at most its memory, dropping the row used longest ago', () => {
    const floor = new Floor(aroundShelf() as FloorEnvironment);
    // 35 cells of 4 bytes: room for two rows.
    const rows = new FloorDistanceRows(2 * 35 * 4);
    const a = rows.from(floor, 0);
    rows.from(floor, 1);
    rows.from(floor, 0);
    rows.from(floor, 2);
    expect(rows.size).toBe(2);
    // Cell 1 went (used longest ago); cell 0 stayed.
    expect(rows.from(floor, 0)).toBe(a);
  });
});
