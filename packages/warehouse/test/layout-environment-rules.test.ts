import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDropoff, addRobotStation, addShelf, selectAllPickups } from '../src/layout/editing.ts';
import {
  checkEnvironmentRules,
  describeEnvironmentProblems,
  type EnvironmentToCheck,
} from '../src/layout/environment-rules.ts';
import { generateWarehouseInstance } from '../src/layout/instance-generator.ts';
import { isMissingForSolving } from '../src/layout/usable-layout.ts';
import { rectangleFromCells } from '../src/layout/placement.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import { BENCHMARK_INSTANCES, loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

/**
 * "Two aisles": a 10 x 8 grid, shelves S1 (2,2 1x3) and S2 (5,2 1x3), pickup P1 on the right of
 * S1 and P2 on the left of S2, dropoff D1, station R1 with its two robots, navigation point N1 at
 * S1's top-left corner. Every case below breaks one rule of it.
 */
function twoAisles(): EnvironmentToCheck {
  return {
    dimensions: { width: 10, height: 8 },
    elements: {
      shelves: [shelf('S1', 2, 2, 1, 3), shelf('S2', 5, 2, 1, 3)],
      dropoffs: [{ id: 'D1', position: [8.5, 6.5] }],
      robot_stations: [{ id: 'R1', position: [8.5, 0.5], robot_count: 2 }],
      pickups: [
        { id: 'P1', position: [3, 2.5], shelf_id: 'S1', side: 'right' },
        { id: 'P2', position: [5, 3.5], shelf_id: 'S2', side: 'left' },
      ],
      robots: [
        { id: 'R1_1', station_id: 'R1', position: [8.5, 0.5], station_index: 0 },
        { id: 'R1_2', station_id: 'R1', position: [8.5, 0.5], station_index: 1 },
      ],
      navigation_points: [{ id: 'N1', position: [1.5, 1.5], shelf_id: 'S1' }],
    },
  };
}

function withChange(change: (elements: EnvironmentToCheck['elements']) => void): EnvironmentToCheck {
  const environment = twoAisles();
  change(environment.elements);
  return environment;
}

describe('checkEnvironmentRules', () => {
  it('finds nothing wrong with a sound layout', () => {
    expect(checkEnvironmentRules(twoAisles())).toEqual({ errors: [], warnings: [] });
  });

  it('finds nothing wrong with the benchmark layouts made by the original product', () => {
    for (const name of BENCHMARK_INSTANCES)
      expect(checkEnvironmentRules(loadBenchmarkEnvironment(name)).errors).toEqual([]);
  });

  it('names what a solve needs and the layout lacks: a pickup, a dropoff, a robot station', () => {
    expect(checkEnvironmentRules(createEmptyLayout({ width: 10, height: 8 }))).toEqual({
      errors: [
        {
          path: 'elements.pickups',
          element: '',
          rule: 'no-pickup',
          message: "The layout has no pickup point: select at least one on a shelf's side",
        },
        {
          path: 'elements.dropoffs',
          element: '',
          rule: 'no-dropoff',
          message: 'The layout has no dropoff point: add at least one',
        },
        {
          path: 'elements.robot_stations',
          element: '',
          rule: 'no-robot-station',
          message: 'The layout has no robot station: add at least one, with its robots',
        },
      ],
      warnings: [],
    });
    const noDropoff = withChange((elements) => {
      elements.dropoffs = [];
    });
    expect(checkEnvironmentRules(noDropoff).errors.map((problem) => problem.rule)).toEqual(['no-dropoff']);
    // Shelves alone offer pickup points, but none is selected.
    const unselected = withChange((elements) => {
      elements.pickups = [];
    });
    expect(checkEnvironmentRules(unselected).errors.map((problem) => problem.message)).toEqual([
      "The layout has no pickup point: select at least one on a shelf's side",
    ]);
  });

  it('names overlapping shelves', () => {
    const report = checkEnvironmentRules(withChange((elements) => elements.shelves.push(shelf('S3', 2, 4, 2, 2))));
    expect(report.errors).toEqual([
      { path: 'elements.shelves.2', element: 'S3', rule: 'shelf-overlap', message: 'Shelf S3 overlaps shelf S1' },
    ]);
  });

  it('names a shelf outside the grid, however far (x = 1e308)', () => {
    const report = checkEnvironmentRules(withChange((elements) => elements.shelves.push(shelf('S3', 1e308, 1, 1, 1))));
    expect(report.errors).toEqual([
      {
        path: 'elements.shelves.2',
        element: 'S3',
        rule: 'inside-grid',
        message: 'Shelf S3 lies outside the 10x8 grid',
      },
    ]);
  });

  it('names a shelf without area', () => {
    const report = checkEnvironmentRules(withChange((elements) => elements.shelves.push(shelf('S3', 7, 2, 0, 1))));
    expect(report.errors.map((problem) => problem.message)).toEqual(['Shelf S3 needs a width and height above 0']);
  });

  it('names a dropoff on a shelf cell', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => elements.dropoffs.push({ id: 'D2', position: [2.5, 3.5] })),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.dropoffs.1',
        element: 'D2',
        rule: 'on-shelf-cell',
        message: 'Dropoff D2 is on a cell of shelf S1',
      },
    ]);
  });

  it('names a robot station off the grid', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => elements.robot_stations.push({ id: 'R2', position: [10.5, 0.5], robot_count: 1 })),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.robot_stations.1',
        element: 'R2',
        rule: 'inside-grid',
        message: 'Robot station R2 at (10.5, 0.5) lies outside the 10x8 grid',
      },
    ]);
  });

  it('names a dropoff that is not on a cell centre', () => {
    const report = checkEnvironmentRules(withChange((elements) => (elements.dropoffs[0].position = [8.2, 6.5])));
    expect(report.errors.map((problem) => [problem.rule, problem.message])).toEqual([
      ['cell-centre', 'Dropoff D1 at (8.2, 6.5) is not on a cell centre (x.5, y.5)'],
    ]);
  });

  it('names a pickup of a shelf that does not exist', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => elements.pickups.push({ id: 'P3', position: [7, 3.5], shelf_id: 'S9', side: 'left' })),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.pickups.2',
        element: 'P3',
        rule: 'missing-reference',
        message: 'Pickup P3 belongs to shelf S9, which does not exist',
      },
    ]);
  });

  it('names a pickup that is not on the side of its shelf it names', () => {
    const report = checkEnvironmentRules(withChange((elements) => (elements.pickups[0].side = 'left')));
    expect(report.errors.map((problem) => problem.message)).toEqual([
      'Pickup P1 at (3, 2.5) is not on the left side of shelf S1',
    ]);
  });

  it('names a robot of a station that does not exist', () => {
    const report = checkEnvironmentRules(
      withChange((elements) =>
        elements.robots.push({ id: 'R9_1', station_id: 'R9', position: [8.5, 0.5], station_index: 0 }),
      ),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.robots.2',
        element: 'R9_1',
        rule: 'missing-reference',
        message: 'Robot R9_1 belongs to station R9, which does not exist',
      },
    ]);
  });

  it('names a robot away from its station and robots sharing a place of the station', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => {
        elements.robots[0].position = [7.5, 0.5];
        elements.robots[1].station_index = 0;
      }),
    );
    expect(report.errors.map((problem) => [problem.element, problem.rule, problem.message])).toEqual([
      ['R1_1', 'robot-off-station', 'Robot R1_1 at (7.5, 0.5) is not on its station R1 at (8.5, 0.5)'],
      ['R1_2', 'station-robots', 'Robot R1_2 has station_index 0, like robot R1_1'],
    ]);
  });

  it('names a robot beyond its station robot_count', () => {
    const report = checkEnvironmentRules(
      withChange((elements) =>
        elements.robots.push({ id: 'R1_3', station_id: 'R1', position: [8.5, 0.5], station_index: 2 }),
      ),
    );
    expect(report.errors.map((problem) => problem.message)).toEqual([
      'Robot R1_3 has station_index 2, but station R1 holds 2 robots',
    ]);
  });

  it('names two dropoffs with one id, and an id shared by two kinds of graph node', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => {
        elements.dropoffs.push({ id: 'D1', position: [7.5, 6.5] });
        elements.navigation_points.push({ id: 'P1', position: [6.5, 1.5] });
      }),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.dropoffs.1',
        element: 'D1',
        rule: 'duplicate-id',
        message: 'Dropoff D1 has the id of another dropoff',
      },
      {
        path: 'elements.navigation_points.1',
        element: 'P1',
        rule: 'duplicate-id',
        message: 'Navigation point P1 has the id of another pickup',
      },
    ]);
  });

  it('names two shelves with one id', () => {
    const report = checkEnvironmentRules(withChange((elements) => elements.shelves.push(shelf('S1', 7, 2, 1, 1))));
    expect(report.errors.map((problem) => problem.message)).toEqual(['Shelf S1 has the id of another shelf']);
  });

  it('names a navigation point inside a shelf or outside the grid', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => {
        elements.navigation_points.push({ id: 'N2', position: [2.5, 3.5], shelf_id: 'S1' });
        elements.navigation_points.push({ id: 'N3', position: [-0.5, 1.5] });
      }),
    );
    expect(report.errors.map((problem) => [problem.rule, problem.message])).toEqual([
      ['inside-shelf', 'Navigation point N2 lies inside shelf S1'],
      ['inside-grid', 'Navigation point N3 at (-0.5, 1.5) lies outside the 10x8 grid'],
    ]);
  });

  it('names numbers that are not finite and checks that element no further', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => {
        elements.shelves.push(shelf('S3', Number.POSITIVE_INFINITY, 1, 1, 1));
        elements.dropoffs[0].position = [Number.NaN, 6.5];
      }),
    );
    expect(report.errors.map((problem) => [problem.element, problem.rule, problem.message])).toEqual([
      ['S3', 'finite-number', 'Shelf S3 has a position or size that is not a finite number'],
      ['D1', 'finite-number', 'Dropoff D1 has a position that is not a finite number'],
    ]);
  });
});

describe('checkEnvironmentRules: traffic rules a planner draws', () => {
  const withRules = (change: (elements: EnvironmentToCheck['elements']) => void) =>
    withChange((elements) => {
      elements.one_way_aisles = [];
      elements.keep_clear_cells = [];
      change(elements);
    });

  it('accepts one-way aisles on free cells, overlapping only where they run the same way, and keep-clear cells', () => {
    const report = checkEnvironmentRules(
      withRules((elements) => {
        elements.one_way_aisles!.push(
          { id: 'W1', position: [0, 6], size: [7, 1], direction: 'right' },
          { id: 'W2', position: [5, 6], size: [3, 1], direction: 'right' },
        );
        elements.keep_clear_cells!.push({ id: 'K1', position: [4.5, 5.5] });
      }),
    );
    expect(report).toEqual({ errors: [], warnings: [] });
  });

  it('names a one-way aisle outside the grid', () => {
    const report = checkEnvironmentRules(
      withRules((elements) =>
        elements.one_way_aisles!.push({ id: 'W1', position: [8, 0], size: [3, 1], direction: 'left' }),
      ),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.one_way_aisles.0',
        element: 'W1',
        rule: 'inside-grid',
        message: 'One-way aisle W1 lies outside the 10x8 grid',
      },
    ]);
  });

  it('names a one-way aisle over a shelf cell', () => {
    const report = checkEnvironmentRules(
      withRules((elements) =>
        elements.one_way_aisles!.push({ id: 'W1', position: [2, 1], size: [1, 3], direction: 'down' }),
      ),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.one_way_aisles.0',
        element: 'W1',
        rule: 'on-shelf-cell',
        message: 'One-way aisle W1 covers a cell of shelf S1',
      },
    ]);
  });

  it('names one-way aisles that overlap running different ways', () => {
    const report = checkEnvironmentRules(
      withRules((elements) =>
        elements.one_way_aisles!.push(
          { id: 'W1', position: [0, 6], size: [5, 1], direction: 'right' },
          { id: 'W2', position: [3, 5], size: [1, 3], direction: 'down' },
        ),
      ),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.one_way_aisles.1',
        element: 'W2',
        rule: 'one-way-overlap',
        message: 'One-way aisle W2 (running down) overlaps one-way aisle W1 (running right)',
      },
    ]);
  });

  it('names a one-way aisle that does not cover whole cells', () => {
    const report = checkEnvironmentRules(
      withRules((elements) =>
        elements.one_way_aisles!.push({ id: 'W1', position: [0.5, 6], size: [3, 1], direction: 'left' }),
      ),
    );
    expect(report.errors.map((problem) => [problem.rule, problem.message])).toEqual([
      ['whole-cells', 'One-way aisle W1 at (0.5, 6) of size 3x1 does not cover whole cells'],
    ]);
  });

  it('names keep-clear cells on a shelf, off a cell centre or outside the grid', () => {
    const report = checkEnvironmentRules(
      withRules((elements) =>
        elements.keep_clear_cells!.push(
          { id: 'K1', position: [2.5, 3.5] },
          { id: 'K2', position: [6.2, 6.5] },
          { id: 'K3', position: [12.5, 0.5] },
        ),
      ),
    );
    expect(report.errors.map((problem) => [problem.element, problem.rule, problem.message])).toEqual([
      ['K1', 'on-shelf-cell', 'Keep-clear cell K1 is on a cell of shelf S1'],
      ['K2', 'cell-centre', 'Keep-clear cell K2 at (6.2, 6.5) is not on a cell centre (x.5, y.5)'],
      ['K3', 'inside-grid', 'Keep-clear cell K3 at (12.5, 0.5) lies outside the 10x8 grid'],
    ]);
  });

  it('names a traffic rule whose id another one-way aisle or keep-clear cell holds', () => {
    const report = checkEnvironmentRules(
      withRules((elements) => {
        elements.one_way_aisles!.push(
          { id: 'W1', position: [0, 6], size: [3, 1], direction: 'left' },
          { id: 'W1', position: [0, 7], size: [3, 1], direction: 'right' },
        );
        elements.keep_clear_cells!.push({ id: 'W1', position: [4.5, 5.5] });
      }),
    );
    expect(report.errors.map((problem) => [problem.path, problem.rule, problem.message])).toEqual([
      ['elements.one_way_aisles.1', 'duplicate-id', 'One-way aisle W1 has the id of another one-way aisle'],
      ['elements.keep_clear_cells.0', 'duplicate-id', 'Keep-clear cell W1 has the id of another one-way aisle'],
    ]);
  });

  it('names a dropoff on a keep-clear cell', () => {
    const report = checkEnvironmentRules(
      withRules((elements) => elements.keep_clear_cells!.push({ id: 'K1', position: [8.5, 6.5] })),
    );
    expect(report.errors).toEqual([
      {
        path: 'elements.dropoffs.0',
        element: 'D1',
        rule: 'on-keep-clear-cell',
        message: 'Dropoff D1 is on keep-clear cell K1, where robots never stop',
      },
    ]);
  });

  it('names a pickup facing another shelf: the cell a robot would serve it from is that shelf', () => {
    const report = checkEnvironmentRules(withChange((elements) => elements.shelves.push(shelf('S3', 3, 2, 1, 1))));
    expect(report.errors).toEqual([
      {
        path: 'elements.pickups.0',
        element: 'P1',
        rule: 'on-shelf-cell',
        message: "Pickup P1 faces shelf S3: the cell (3, 2) a robot would serve it from is that shelf's",
      },
    ]);
  });
});

describe('describeEnvironmentProblems', () => {
  it('joins the first messages and counts the rest', () => {
    const report = checkEnvironmentRules(
      withChange((elements) => {
        for (let index = 0; index < 7; index += 1) elements.dropoffs.push({ id: `X${index}`, position: [2.5, 2.5] });
      }),
    );
    expect(describeEnvironmentProblems(report.errors, 2)).toBe(
      'Dropoff X0 is on a cell of shelf S1; Dropoff X1 is on a cell of shelf S1; and 5 more',
    );
  });
});

describe('checkEnvironmentRules (property)', () => {
  const dimensions = { width: 12, height: 9 };
  const cell = fc.tuple(fc.integer({ min: -1, max: 12 }), fc.integer({ min: -1, max: 9 }));
  const point = fc.tuple(fc.double({ min: -1, max: 13, noNaN: true }), fc.double({ min: -1, max: 10, noNaN: true }));
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('shelf' as const), start: cell, end: cell }),
    fc.record({ kind: fc.constant('dropoff' as const), at: point }),
    fc.record({ kind: fc.constant('station' as const), at: point, robots: fc.integer({ min: 1, max: 10 }) }),
  );

  it('every layout the editor lets a planner draw passes', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), fc.boolean(), (edits, selectPickups) => {
        let layout = createEmptyLayout(dimensions);
        for (const step of edits) {
          const result =
            step.kind === 'shelf'
              ? addShelf(layout, rectangleFromCells(step.start, step.end))
              : step.kind === 'dropoff'
                ? addDropoff(layout, step.at)
                : addRobotStation(layout, step.at, step.robots);
          if (result.ok) layout = result.layout;
        }
        if (selectPickups) layout = selectAllPickups(layout);
        const { errors } = checkEnvironmentRules(layout);
        // Drawing keeps every placement rule; what can still be wrong is what a solve needs:
        // each missing kind named exactly when it is missing, and dropoffs walled in from every station.
        const { elements } = layout;
        const missing = [
          ...(elements.pickups.length === 0 ? ['no-pickup'] : []),
          ...(elements.dropoffs.length === 0 ? ['no-dropoff'] : []),
          ...(elements.robot_stations.length === 0 ? ['no-robot-station'] : []),
        ];
        expect(
          errors.filter((problem) => problem.rule !== 'unreachable-dropoff').map((problem) => problem.rule),
        ).toEqual(missing);
        expect(errors.every(isMissingForSolving)).toBe(true);
      }),
      { numRuns: 300, seed: 26 },
    );
  });

  it('every generated warehouse instance passes', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 20, max: 40 }),
          height: fc.integer({ min: 20, max: 40 }),
          stations: fc.integer({ min: 1, max: 4 }),
          robotsPerStation: fc.integer({ min: 1, max: 10 }),
          seed: fc.integer({ min: 1, max: 1000 }),
        }),
        (options) => {
          const instance = generateWarehouseInstance({ ...options, orders: 5 });
          expect(checkEnvironmentRules(instance.environment).errors).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 27 },
    );
  });

  it('a copy of any drawn shelf placed again is named as overlapping it', () => {
    fc.assert(
      fc.property(cell, cell, (start, end) => {
        const drawn = addShelf(createEmptyLayout(dimensions), rectangleFromCells(start, end));
        if (!drawn.ok) return;
        const [first] = drawn.layout.elements.shelves;
        const elements = { ...drawn.layout.elements, shelves: [first, { ...first, id: 'S2' }] };
        expect(checkEnvironmentRules({ dimensions, elements }).errors.map((problem) => problem.message)).toContain(
          'Shelf S2 overlaps shelf S1',
        );
      }),
      { numRuns: 100, seed: 28 },
    );
  });
});
