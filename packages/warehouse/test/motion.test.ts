import { describe, expect, it } from 'vitest';
import {
  Floor,
  LeastTimeWalks,
  resolveFloorParameters,
  resolveRobotModel,
  restHeading,
  ROBOT_MODEL_PRESETS,
  robotModelLabel,
  runTime,
  solveParametersInputSchema,
  walkTime,
} from '../src/index.ts';

const driveUnit = resolveRobotModel({ robot_model: 'drive-unit' });
const point = resolveRobotModel({ robot_speed: 2 });

describe('robot models', () => {
  it('resolves the presets: point is robot_speed with instant starts, the drive unit RAWSim-O’s figures', () => {
    expect(point).toEqual({
      name: 'point',
      point: true,
      topSpeed: 2,
      acceleration: Infinity,
      braking: Infinity,
      quarterTurnS: 0,
      handlingS: 0,
    });
    expect(driveUnit).toEqual({
      name: 'drive-unit',
      point: false,
      topSpeed: 1.5,
      acceleration: 1,
      braking: 1,
      quarterTurnS: 0.625,
      handlingS: 2,
    });
    expect(resolveRobotModel({ robot_model: 'drive-unit', handling_time_s: 4 }).handlingS).toBe(4);
    expect(ROBOT_MODEL_PRESETS.map((preset) => preset.name)).toEqual(['point', 'drive-unit', 'amr']);
  });

  it('takes custom figures, robot_speed standing in for a top speed it leaves out', () => {
    const custom = resolveRobotModel({
      robot_model: { name: 'slow', acceleration_m_s2: 0.4, braking_m_s2: 0.8, quarter_turn_s: 2 },
      robot_speed: 1.1,
    });
    expect(custom).toMatchObject({ name: 'slow', point: false, topSpeed: 1.1, acceleration: 0.4, braking: 0.8 });
  });

  it('refuses an unknown name or a figure out of range, naming the field', () => {
    const unknown = solveParametersInputSchema.safeParse({ robot_model: 'hovercraft' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues.map((issue) => issue.path.join('.'))).toContain('robot_model');
    const bad = solveParametersInputSchema.safeParse({
      robot_model: { acceleration_m_s2: 0, braking_m_s2: 1, quarter_turn_s: 1 },
    });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('acceleration_m_s2');
    expect(solveParametersInputSchema.parse({}).robot_model).toBeUndefined();
    expect(() => resolveFloorParameters({ robot_model: 'hovercraft' as never })).toThrow(/robot_model/);
  });

  it('refuses custom figures named like a preset, and calls custom figures by their name, marked', () => {
    const named = solveParametersInputSchema.safeParse({
      robot_model: { name: 'drive-unit', acceleration_m_s2: 1, braking_m_s2: 1, quarter_turn_s: 1 },
    });
    expect(named.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['robot_model.name']);
    const tote = { name: 'Tote bot', acceleration_m_s2: 1, braking_m_s2: 1, quarter_turn_s: 0 };
    expect(robotModelLabel('drive-unit')).toBe('Drive unit (Kiva-like)');
    expect(robotModelLabel(undefined)).toBe('Point (instant starts, stops and turns)');
    expect(robotModelLabel(tote)).toBe('Tote bot (custom figures)');
    expect(robotModelLabel('Tote bot')).toBe('Tote bot (custom figures)');
    expect(robotModelLabel({ ...tote, name: undefined })).toBe('custom (custom figures)');
  });

  it('puts the model and its top speed on the floor’s figures (point: robot_speed, as before)', () => {
    expect(resolveFloorParameters({ robot_speed: 2 })).toMatchObject({ robotSpeed: 2, stepS: 0.5, handlingTimeS: 0 });
    expect(resolveFloorParameters({ robot_model: 'drive-unit' })).toMatchObject({ robotSpeed: 1.5, handlingTimeS: 2 });
  });
});

describe('drive time', () => {
  it('runs 10 m from standstill to standstill at 1 m/s² and 1.5 m/s in 10/1.5 + 1.5 s', () => {
    expect(runTime(driveUnit, 10)).toBeCloseTo(10 / 1.5 + 1.5, 12);
    expect(runTime(driveUnit, 10)).toBeCloseTo(8.1667, 4);
  });

  it('hops 1 m in 2 s: half a metre accelerating to 1 m/s, half braking', () => {
    expect(runTime(driveUnit, 1)).toBeCloseTo(2, 12);
  });

  it('a point crosses every metre at top speed', () => {
    expect(runTime(point, 7)).toBe(3.5);
  });

  it('drives an L-shaped walk as two runs and one quarter turn between them', () => {
    // 3 m along +x, stop, turn a quarter, 2 m along +y.
    const l = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2],
    ] as const;
    const expected = runTime(driveUnit, 3) + 0.625 + runTime(driveUnit, 2);
    expect(walkTime(driveUnit, l, 0)).toBeCloseTo(expected, 12);
    // 3 m: 1.125 m up to speed, 0.75 m cruising, 1.125 m braking = 1.5 + 0.5 + 1.5 s; 2 m: a triangle peaking at sqrt(2) m/s.
    expect(expected).toBeCloseTo(3.5 + 0.625 + 2 * Math.SQRT2, 12);
    // Facing -x at the start costs a half turn first, and ending facing +x a quarter more.
    expect(walkTime(driveUnit, l, 2, 0)).toBeCloseTo(expected + 1.25 + 0.625, 12);
  });
});

describe('least-time walks on the floor', () => {
  // An open 6 x 6 floor: from (0,0) to (5,5) every shortest walk has 10 m; the one with a single
  // turn (5 m along +x, 5 m along +y) beats the staircases.
  const open = new Floor({
    dimensions: { width: 6, height: 6 },
    elements: {
      dropoffs: [
        { id: 'A', position: [0.5, 0.5] },
        { id: 'B', position: [5.5, 5.5] },
      ],
    },
  });

  it('prefers the walk with fewer turns over an equally long one with more', () => {
    const walks = new LeastTimeWalks(open, driveUnit);
    const from = open.cellAt(0, 0);
    const to = open.cellAt(5, 5);
    const walk = walks.walk(from, to);
    if (!walk) throw new Error('no walk');
    expect(walk.metres).toBe(10);
    const points = walk.cells.map((cell) => [open.x(cell), open.y(cell)] as const);
    const startHeading = walks.restHeadingOf(from);
    const endHeading = walks.restHeadingOf(to);
    expect(walk.seconds).toBeCloseTo(walkTime(driveUnit, points, startHeading, endHeading), 9);
    const staircase = [
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 2],
      [3, 3],
      [4, 3],
      [4, 4],
      [5, 4],
      [5, 5],
    ] as const;
    expect(walk.seconds).toBeLessThan(walkTime(driveUnit, staircase, startHeading, endHeading));
    // One turn only: the corner is (5, 0) or (0, 5).
    const corners = points.filter(
      (_, i) =>
        i > 0 &&
        i < points.length - 1 &&
        points[i - 1][0] !== points[i + 1][0] &&
        points[i - 1][1] !== points[i + 1][1],
    );
    expect(corners).toHaveLength(1);
  });

  it('rests facing a shelf beside the cell, else the floor’s edge', () => {
    const shelved = new Floor({
      dimensions: { width: 4, height: 3 },
      elements: { shelves: [{ id: 'S', position: [2, 1], size: [1, 1] }] },
    });
    expect(restHeading(shelved, shelved.cellAt(1, 1))).toBe(0);
    expect(restHeading(shelved, shelved.cellAt(2, 0))).toBe(1);
    expect(restHeading(shelved, shelved.cellAt(0, 0))).toBe(2);
    expect(restHeading(shelved, shelved.cellAt(1, 2))).toBe(1);
  });

  it('under point, the row is the floor’s walk length at robot_speed', () => {
    const walks = new LeastTimeWalks(open, point);
    const row = walks.rowFrom(open.cellAt(0, 0));
    for (let cell = 0; cell < open.cellCount; cell++) {
      expect(row.metres[cell]).toBe(open.distance(open.cellAt(0, 0), cell));
      expect(row.seconds[cell]).toBeCloseTo(open.distance(open.cellAt(0, 0), cell) / 2, 12);
    }
  });

  it('times a straight 5 m corridor as one run', () => {
    const corridor = new Floor({
      dimensions: { width: 6, height: 1 },
      elements: {},
    });
    const walks = new LeastTimeWalks(corridor, driveUnit);
    const row = walks.rowFrom(0);
    // A one-row floor's cells rest facing the edge at +y, but its last faces the edge at +x: a
    // quarter turn before the run, none after it.
    expect(row.metres[5]).toBe(5);
    expect(row.seconds[5]).toBeCloseTo(0.625 + runTime(driveUnit, 5), 12);
    expect(row.seconds[1]).toBeCloseTo(0.625 + 2 + 0.625, 12);
  });

  it('goes round a dropoff when driving through it would save less than 3 s: its time is still its driving', () => {
    // A 6 x 2 floor, no shelves: (0, 0) rests facing -x (the floor's edge), (5, 1) facing +x.
    // Along row 1: a quarter turn to +y, a 1 m hop (2 s), a quarter turn to +x and a 5 m run, 3.25
    // s and the run. Along row 0: a half turn to +x (1.25 s), the 5 m run, a quarter turn, the
    // hop and a quarter turn back to +x: 4.5 s and the run, 1.25 s more. With dropoff D on (2, 1)
    // the first drives through D, which counts 3 s when walks are compared: the second wins.
    const cells = (floor: Floor, walk: { cells: number[] } | null) =>
      walk?.cells.map((cell) => `${floor.x(cell)},${floor.y(cell)}`);
    const twoRows = (dropoffs: { id: string; position: [number, number] }[]) =>
      new Floor({ dimensions: { width: 6, height: 2 }, elements: { dropoffs } });
    const clear = twoRows([]);
    const alongRow1 = new LeastTimeWalks(clear, driveUnit).walk(clear.cellAt(0, 0), clear.cellAt(5, 1));
    expect(cells(clear, alongRow1)).toEqual(['0,0', '0,1', '1,1', '2,1', '3,1', '4,1', '5,1']);
    expect(alongRow1?.seconds).toBeCloseTo(3.25 + runTime(driveUnit, 5), 12);
    const withDock = twoRows([{ id: 'D', position: [2.5, 1.5] }]);
    const round = new LeastTimeWalks(withDock, driveUnit).walk(withDock.cellAt(0, 0), withDock.cellAt(5, 1));
    expect(cells(withDock, round)).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0', '5,0', '5,1']);
    expect(round?.seconds).toBeCloseTo(4.5 + runTime(driveUnit, 5), 12);
    expect(round?.metres).toBe(6);
    // Ending on the dropoff costs nothing more. D rests facing +y (the floor's edge); along row 1
    // (3.25 s, the 2 m run and a quarter turn to +y) or along row 0 (a half turn, the 2 m run, a
    // quarter turn and the hop down) both take 3.875 s and the run, 3 m each.
    const toDock = new LeastTimeWalks(withDock, driveUnit).walk(withDock.cellAt(0, 0), withDock.cellAt(2, 1));
    expect(toDock?.seconds).toBeCloseTo(3.875 + runTime(driveUnit, 2), 12);
    expect(toDock?.metres).toBe(3);
  });

  it('turns at the station a walk ends at to its rest heading (it never drives through one)', () => {
    // A 4 x 2 floor under a shelf: station R1 at (0, 1) rests facing the shelf (-y). From (3, 1):
    // a quarter turn to -x, 3 m, a quarter turn back at the station.
    const bay = new Floor({
      dimensions: { width: 4, height: 2 },
      elements: {
        shelves: [{ id: 'S1', position: [0, 0], size: [4, 1] }],
        robot_stations: [{ id: 'R1', position: [0.5, 1.5] }],
      },
    });
    const walk = new LeastTimeWalks(bay, driveUnit).walk(bay.cellAt(3, 1), bay.cellAt(0, 1));
    expect(walk?.cells).toEqual([bay.cellAt(3, 1), bay.cellAt(2, 1), bay.cellAt(1, 1), bay.cellAt(0, 1)]);
    expect(walk?.seconds).toBeCloseTo(0.625 + runTime(driveUnit, 3) + 0.625, 12);
  });
});
