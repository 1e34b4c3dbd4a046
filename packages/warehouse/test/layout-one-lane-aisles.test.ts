import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDropoff, addOneWayAisle, addOneWayLanes, addRobotStation, addShelf } from '../src/layout/editing.ts';
import { generateWarehouseInstance } from '../src/layout/instance-generator.ts';
import { findOneLaneAisles } from '../src/layout/one-lane-aisles.ts';
import { checkEnvironmentRules } from '../src/layout/environment-rules.ts';
import { rectangleFromCells } from '../src/layout/placement.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import type { EditableLayout } from '../src/layout/types.ts';
import { Floor } from '../src/floor/floor.ts';
import { expectOk } from './layout-fixtures.ts';

/**
 * "Three lanes": an 8 x 6 floor with shelves S1, S2, S3 one cell wide over rows 1-3 of columns 1,
 * 3 and 5, station R1 at (7, 0) and dropoff D1 at (7, 5). Columns 0 (the floor's edge and S1), 2
 * and 4 are one-lane aisles over rows 1-3, open above and below; column 6 has free floor to its
 * right, so it is not one.
 *
 *   row 0:  .  .  .  .  .  .  .  R1
 *   row 1:  .  S1 .  S2 .  S3 .  .
 *   row 2:  .  S1 .  S2 .  S3 .  .
 *   row 3:  .  S1 .  S2 .  S3 .  .
 *   row 4:  .  .  .  .  .  .  .  .
 *   row 5:  .  .  .  .  .  .  .  D1
 */
function threeLanes(): EditableLayout {
  let layout = createEmptyLayout({ width: 8, height: 6 });
  for (const x of [1, 3, 5]) layout = expectOk(addShelf(layout, { position: [x, 1], size: [1, 3] }));
  layout = expectOk(addRobotStation(layout, [7.5, 0.5], 1));
  return expectOk(addDropoff(layout, [7.5, 5.5]));
}

describe('findOneLaneAisles', () => {
  it('finds each one-cell lane between shelves (or a shelf and the edge), alternating down and up by column', () => {
    const layout = threeLanes();
    expect(findOneLaneAisles(layout.dimensions, layout.elements.shelves)).toEqual([
      { position: [0, 1], size: [1, 3], direction: 'down' },
      { position: [2, 1], size: [1, 3], direction: 'up' },
      { position: [4, 1], size: [1, 3], direction: 'down' },
    ]);
  });

  it('leaves a dead end two-way, and a lane under a drawn aisle as drawn', () => {
    const layout = threeLanes();
    // A shelf across the foot of column 2 closes that lane at row 4: robots leave it the way they came.
    const shelves = [
      ...layout.elements.shelves,
      { id: 'S4', position: [2, 4] as [number, number], size: [1, 1] as [number, number] },
    ];
    expect(findOneLaneAisles(layout.dimensions, shelves).map((lane) => [lane.position[0], lane.direction])).toEqual([
      [0, 'down'],
      [4, 'up'],
    ]);
    expect(
      findOneLaneAisles(layout.dimensions, layout.elements.shelves, [{ position: [2, 2], size: [1, 1] }]).map(
        (lane) => lane.position[0],
      ),
    ).toEqual([0, 4]);
  });

  it('finds horizontal lanes between shelves stacked above each other, right then left by row', () => {
    let layout = createEmptyLayout({ width: 6, height: 5 });
    for (const y of [0, 2, 4]) layout = expectOk(addShelf(layout, { position: [1, y], size: [4, 1] }));
    expect(findOneLaneAisles(layout.dimensions, layout.elements.shelves)).toEqual([
      { position: [1, 1], size: [4, 1], direction: 'right' },
      { position: [1, 3], size: [4, 1], direction: 'left' },
    ]);
  });
});

describe('addOneWayLanes', () => {
  it('adds W1-W3 over the lanes, and the floor then refuses to drive against them', () => {
    const layout = expectOk(addOneWayLanes(threeLanes()));
    expect(layout.elements.one_way_aisles).toEqual([
      { id: 'W1', position: [0, 1], size: [1, 3], direction: 'down' },
      { id: 'W2', position: [2, 1], size: [1, 3], direction: 'up' },
      { id: 'W3', position: [4, 1], size: [1, 3], direction: 'down' },
    ]);
    const floor = new Floor(layout);
    // Column 2 runs up: (2, 4) -> (2, 0) is 4 steps, the other way round a neighbouring lane, 8.
    expect(floor.distance(floor.cellAt(2, 4), floor.cellAt(2, 0))).toBe(4);
    expect(floor.distance(floor.cellAt(2, 0), floor.cellAt(2, 4))).toBe(8);
  });

  it('adds only the lanes not drawn yet, each the way its column alternates, then says every lane is one-way already', () => {
    // Column 2 drawn running down stays so; columns 0 and 4 run down, as the alternation from the left says.
    const drawn = expectOk(addOneWayAisle(threeLanes(), rectangleFromCells([2, 1], [2, 3]), 'down'));
    const layout = expectOk(addOneWayLanes(drawn));
    expect(layout.elements.one_way_aisles?.map((aisle) => [aisle.id, aisle.position[0], aisle.direction])).toEqual([
      ['W1', 2, 'down'],
      ['W2', 0, 'down'],
      ['W3', 4, 'down'],
    ]);
    expect(addOneWayLanes(layout)).toEqual({
      ok: false,
      rule: 'no-one-lane-aisle',
      reason: 'Every one-lane aisle between shelves is one-way already',
    });
  });

  it('refuses a floor without one-lane aisles, naming what it looked for', () => {
    expect(addOneWayLanes(createEmptyLayout({ width: 5, height: 5 }))).toEqual({
      ok: false,
      rule: 'no-one-lane-aisle',
      reason:
        'The floor has no one-lane aisle: no run of two or more cells between shelves, one cell wide and open at both ends',
    });
  });

  it('leaves two-way a lane that is the only way between a station and a dropoff, and says so when none is left', () => {
    // "Gate": 3 x 7, shelves on columns 0 and 2 over rows 2-4, so column 1 is the only way from
    // R1 at the top to D1 at the bottom; one-way, it would leave one of them no way back.
    let gate = createEmptyLayout({ width: 3, height: 7 });
    gate = expectOk(addShelf(gate, { position: [0, 2], size: [1, 3] }));
    gate = expectOk(addShelf(gate, { position: [2, 2], size: [1, 3] }));
    gate = expectOk(addRobotStation(gate, [1.5, 0.5], 1));
    gate = expectOk(addDropoff(gate, [1.5, 6.5]));
    expect(addOneWayLanes(gate)).toEqual({
      ok: false,
      rule: 'cut-off-by-one-way-aisle',
      reason: 'Dropoff D1 has no walk back to station R1: one-way aisle W1 (running down) cuts it off',
      blocker: 'D1',
    });
  });
});

describe('addOneWayLanes where one lane of several would cut a place off', () => {
  it('keeps the others one-way and leaves that one two-way', () => {
    // "Pocket": 9 x 7. Shelves on column 0, columns 2-3, 5-6 and column 8 over rows 2-4 leave
    // lanes on columns 1, 4 and 7; a shelf over (5-6, 5-6) walls the bottom-right corner off, so
    // dropoff D2 at (8, 6) is reached only through column 7's lane. Run down (its turn in the
    // alternation), that lane would leave D2 no way back to R1 at (4, 0).
    let pocket = createEmptyLayout({ width: 9, height: 7 });
    for (const [x, width] of [
      [0, 1],
      [2, 2],
      [5, 2],
      [8, 1],
    ])
      pocket = expectOk(addShelf(pocket, { position: [x, 2], size: [width, 3] }));
    pocket = expectOk(addShelf(pocket, { position: [5, 5], size: [2, 2] }));
    pocket = expectOk(addRobotStation(pocket, [4.5, 0.5], 1));
    pocket = expectOk(addDropoff(pocket, [0.5, 6.5]));
    pocket = expectOk(addDropoff(pocket, [8.5, 6.5]));
    const layout = expectOk(addOneWayLanes(pocket));
    expect(layout.elements.one_way_aisles).toEqual([
      { id: 'W1', position: [1, 2], size: [1, 3], direction: 'down' },
      { id: 'W2', position: [4, 2], size: [1, 3], direction: 'up' },
    ]);
  });
});

describe('generateWarehouseInstance with oneWayLanes', () => {
  it('draws the same floor and orders with every one-lane aisle one-way', () => {
    const options = { width: 20, height: 16, stations: 2, robotsPerStation: 2, orders: 30, seed: 3, aisleWidth: 1 };
    const plain = generateWarehouseInstance(options);
    const lanes = generateWarehouseInstance({ ...options, oneWayLanes: true });
    expect(lanes.id).toBe(plain.id.replace(/-s3$/, '-1w-s3'));
    expect(lanes.tasks).toEqual(plain.tasks);
    expect(plain.environment.elements.one_way_aisles).toBeUndefined();
    const aisles = lanes.environment.elements.one_way_aisles ?? [];
    expect(aisles.length).toBeGreaterThan(0);
    expect(aisles.map(({ position, size, direction }) => ({ position, size, direction }))).toEqual(
      findOneLaneAisles(plain.environment.dimensions, plain.environment.elements.shelves),
    );
  });
});

describe('one-way lanes on random layouts (property)', () => {
  const dimensions = { width: 12, height: 9 };
  const cell = fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 8 }));
  const place = fc.oneof(
    fc.record({ kind: fc.constant('shelf' as const), start: cell, end: cell }),
    fc.record({ kind: fc.constant('dropoff' as const), at: cell }),
    fc.record({ kind: fc.constant('station' as const), at: cell }),
  );

  it('make only whole one-cell lanes one-way, and never cut a place off or break a rule', () => {
    fc.assert(
      fc.property(fc.array(place, { minLength: 4, maxLength: 16 }), (places) => {
        let layout = createEmptyLayout(dimensions);
        const centre = (at: [number, number]): [number, number] => [at[0] + 0.5, at[1] + 0.5];
        for (const step of places) {
          const result =
            step.kind === 'shelf'
              ? addShelf(layout, rectangleFromCells(step.start, step.end))
              : step.kind === 'dropoff'
                ? addDropoff(layout, centre(step.at))
                : addRobotStation(layout, centre(step.at), 1);
          if (result.ok) layout = result.layout;
        }
        const before = checkEnvironmentRules(layout).errors;
        const result = addOneWayLanes(layout);
        if (!result.ok) {
          expect(['no-one-lane-aisle', 'cut-off-by-one-way-aisle']).toContain(result.rule);
          return;
        }
        const named = (problems: typeof before) => problems.map((problem) => `${problem.rule} ${problem.element}`);
        expect(named(checkEnvironmentRules(result.layout).errors)).toEqual(named(before));
        const shelfAt = (x: number, y: number) =>
          x < 0 ||
          y < 0 ||
          x >= dimensions.width ||
          y >= dimensions.height ||
          layout.elements.shelves.some(
            (shelf) =>
              x >= shelf.position[0] &&
              x < shelf.position[0] + shelf.size[0] &&
              y >= shelf.position[1] &&
              y < shelf.position[1] + shelf.size[1],
          );
        const covered = new Set<string>();
        for (const aisle of result.layout.elements.one_way_aisles ?? []) {
          const [x0, y0] = aisle.position;
          const [w, h] = aisle.size;
          const vertical = w === 1 && h >= 2;
          expect(vertical || (h === 1 && w >= 2)).toBe(true);
          expect(vertical ? ['up', 'down'] : ['left', 'right']).toContain(aisle.direction);
          for (let y = y0; y < y0 + h; y++) {
            for (let x = x0; x < x0 + w; x++) {
              // Free, walled on both long sides, each cell in one lane only.
              expect(shelfAt(x, y)).toBe(false);
              expect(vertical ? shelfAt(x - 1, y) && shelfAt(x + 1, y) : shelfAt(x, y - 1) && shelfAt(x, y + 1)).toBe(
                true,
              );
              expect(covered.has(`${x},${y}`)).toBe(false);
              covered.add(`${x},${y}`);
            }
          }
          // Open at both ends.
          if (vertical) expect(!shelfAt(x0, y0 - 1) && !shelfAt(x0, y0 + h)).toBe(true);
          else expect(!shelfAt(x0 - 1, y0) && !shelfAt(x0 + w, y0)).toBe(true);
        }
      }),
      { numRuns: 200, seed: 41 },
    );
  });
});
