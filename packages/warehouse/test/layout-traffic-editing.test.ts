import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDropoff,
  addKeepClearCell,
  addOneWayAisle,
  addRobotStation,
  addShelf,
  pickupCellBlocker,
  selectAllPickups,
} from '../src/layout/editing.ts';
import { checkEnvironmentRules } from '../src/layout/environment-rules.ts';
import { eraseRectangle } from '../src/layout/erase.ts';
import { placePoint, rectangleFromCells } from '../src/layout/placement.ts';
import { createEmptyLayout, withDimensions } from '../src/layout/regenerate.ts';
import type { EditableLayout } from '../src/layout/types.ts';
import { isMissingForSolving } from '../src/layout/usable-layout.ts';
import { expectOk } from './layout-fixtures.ts';

/**
 * "Bay": a 6 x 4 floor with shelf S1 over cells (1-4, 1), station R1 at (0, 0) and dropoff D1
 * at (5, 3); S1's pickups P1-P4 on top are served from row 0, P5 on the right from (5, 1), P6-P9
 * on the bottom from row 2 (P6 at x 4 to P9 at x 1), P10 on the left from (0, 1).
 *
 *   row 0:  R1 .  .  .  .  .
 *   row 1:  .  S1 S1 S1 S1 .
 *   row 2:  .  .  .  .  .  .
 *   row 3:  .  .  .  .  .  D1
 */
function bay(): EditableLayout {
  let layout = expectOk(addShelf(createEmptyLayout({ width: 6, height: 4 }), { position: [1, 1], size: [4, 1] }));
  layout = expectOk(addRobotStation(layout, [0.5, 0.5], 1));
  return expectOk(addDropoff(layout, [5.5, 3.5]));
}

describe('addOneWayAisle', () => {
  it('adds W1 over a free run of cells with its direction', () => {
    const layout = expectOk(addOneWayAisle(bay(), rectangleFromCells([1, 2], [4, 2]), 'left'));
    expect(layout.elements.one_way_aisles).toEqual([{ id: 'W1', position: [1, 2], size: [4, 1], direction: 'left' }]);
  });

  it('refuses a shelf cell, and an overlap with an aisle running another way, but not the same way', () => {
    expect(addOneWayAisle(bay(), rectangleFromCells([3, 0], [3, 2]), 'down')).toEqual({
      ok: false,
      rule: 'on-shelf-cell',
      reason: 'A one-way aisle cannot cross shelf S1',
      blocker: 'S1',
    });
    const layout = expectOk(addOneWayAisle(bay(), rectangleFromCells([1, 2], [4, 2]), 'left'));
    expect(addOneWayAisle(layout, rectangleFromCells([4, 2], [4, 3]), 'down')).toEqual({
      ok: false,
      rule: 'one-way-overlap',
      reason: 'Overlaps one-way aisle W1, which runs left',
      blocker: 'W1',
    });
    expect(
      expectOk(addOneWayAisle(layout, rectangleFromCells([3, 2], [5, 2]), 'left')).elements.one_way_aisles?.map(
        (aisle) => aisle.id,
      ),
    ).toEqual(['W1', 'W2']);
  });

  it('refuses an aisle that cuts a place off, naming the place and the aisles', () => {
    // Row 3 running right leaves D1 one way out, up column 5; column 5 running down closes it.
    // Turning either aisle round would free D1, so both are named.
    const layout = expectOk(addOneWayAisle(bay(), rectangleFromCells([0, 3], [4, 3]), 'right'));
    expect(addOneWayAisle(layout, rectangleFromCells([5, 0], [5, 2]), 'down')).toEqual({
      ok: false,
      rule: 'cut-off-by-one-way-aisle',
      reason:
        'Dropoff D1 has no walk back to station R1: one-way aisles W1 (running right) and W2 (running down) cut it off',
      blocker: 'D1',
    });
  });
});

describe('addKeepClearCell', () => {
  it('adds K1 at the centre of the clicked cell', () => {
    expect(expectOk(addKeepClearCell(bay(), [2.2, 2.9])).elements.keep_clear_cells).toEqual([
      { id: 'K1', position: [2.5, 2.5] },
    ]);
  });

  it('refuses a shelf cell, a keep-clear cell, a place and the cell a selected pickup is served from', () => {
    const layout = expectOk(addKeepClearCell(selectAllPickups(bay()), [2.5, 3.5]));
    expect(addKeepClearCell(layout, [1.5, 1.5])).toMatchObject({ ok: false, rule: 'on-shelf-cell' });
    expect(addKeepClearCell(layout, [2.5, 3.5])).toEqual({
      ok: false,
      rule: 'on-keep-clear-cell',
      reason: 'The cell is keep-clear cell K1 already',
      blocker: 'K1',
    });
    expect(addKeepClearCell(layout, [5.5, 3.5])).toEqual({
      ok: false,
      rule: 'occupied-cell',
      reason: 'Robots stop at D1 on that cell: it cannot be keep-clear',
      blocker: 'D1',
    });
    expect(addKeepClearCell(layout, [2.5, 2.5])).toEqual({
      ok: false,
      rule: 'occupied-cell',
      reason: 'Robots stop at P8 on that cell: it cannot be keep-clear',
      blocker: 'P8',
    });
  });
});

describe('places and keep-clear cells', () => {
  it('refuses a dropoff or station on a keep-clear cell, or on the cell of another dropoff or station', () => {
    const layout = expectOk(addKeepClearCell(bay(), [2.5, 3.5]));
    expect(addDropoff(layout, [2.5, 3.5])).toEqual({
      ok: false,
      rule: 'on-keep-clear-cell',
      reason: 'Cannot place on keep-clear cell K1: robots never stop there',
      blocker: 'K1',
    });
    expect(addDropoff(layout, [0.5, 0.5])).toEqual({
      ok: false,
      rule: 'occupied-cell',
      reason: 'Cannot place on R1: the cell is taken',
      blocker: 'R1',
    });
    expect(
      placePoint([5.2, 3.7], { dimensions: layout.dimensions, shelves: [], dropoffs: layout.elements.dropoffs }),
    ).toMatchObject({ ok: false, blocker: 'D1' });
  });

  it('refuses a station on the cell a selected pickup is served from', () => {
    expect(addRobotStation(selectAllPickups(bay()), [5.5, 1.5], 1)).toEqual({
      ok: false,
      rule: 'occupied-cell',
      reason: 'Cannot place on the cell pickup P5 is served from',
      blocker: 'P5',
    });
  });

  it('selects all pickups but those a robot cannot stop at, and says why', () => {
    let layout = expectOk(addKeepClearCell(bay(), [2.5, 2.5]));
    layout = expectOk(addRobotStation(layout, [5.5, 1.5], 1));
    const selected = selectAllPickups(layout).elements.pickups.map((pickup) => pickup.id);
    expect(selected).toEqual(['P1', 'P2', 'P3', 'P4', 'P6', 'P7', 'P9', 'P10']);
    const candidate = (id: string) => layout.pickupCandidates.find((pickup) => pickup.id === id)!;
    expect(pickupCellBlocker(layout.elements, candidate('P8'))).toBe('keep-clear cell K1');
    expect(pickupCellBlocker(layout.elements, candidate('P5'))).toBe('robot station R2');
    expect(pickupCellBlocker(layout.elements, candidate('P1'))).toBeNull();
  });

  it('refuses a shelf over a traffic rule', () => {
    let layout = expectOk(addKeepClearCell(bay(), [2.5, 3.5]));
    layout = expectOk(addOneWayAisle(layout, rectangleFromCells([0, 2], [0, 3]), 'down'));
    expect(addShelf(layout, { position: [2, 3], size: [2, 1] })).toMatchObject({
      ok: false,
      reason: 'Shelf would cover keep-clear cell K1',
    });
    expect(addShelf(layout, { position: [0, 3], size: [1, 1] })).toMatchObject({
      ok: false,
      reason: 'Shelf would cover one-way aisle W1',
    });
  });
});

describe('erase and resize with traffic rules', () => {
  it('erases aisles overlapping the rectangle and keep-clear cells inside it', () => {
    let layout = expectOk(addOneWayAisle(bay(), rectangleFromCells([1, 2], [4, 2]), 'left'));
    layout = expectOk(addOneWayAisle(layout, rectangleFromCells([0, 3], [3, 3]), 'right'));
    layout = expectOk(addKeepClearCell(layout, [5.5, 2.5]));
    const erased = eraseRectangle(layout, { position: [4, 2], size: [2, 1] });
    expect(erased.elements.one_way_aisles?.map((aisle) => aisle.id)).toEqual(['W2']);
    expect(erased.elements.keep_clear_cells).toEqual([]);
  });

  it('drops the traffic rules a smaller grid no longer holds', () => {
    let layout = expectOk(addOneWayAisle(bay(), rectangleFromCells([0, 3], [4, 3]), 'right'));
    layout = expectOk(addOneWayAisle(layout, rectangleFromCells([0, 2], [2, 2]), 'left'));
    layout = expectOk(addKeepClearCell(layout, [5.5, 2.5]));
    const shrunk = withDimensions(layout, { width: 5, height: 3 });
    expect(shrunk.elements.one_way_aisles?.map((aisle) => aisle.id)).toEqual(['W2']);
    expect(shrunk.elements.keep_clear_cells).toEqual([]);
  });
});

describe('traffic rules the editor accepts (property)', () => {
  const dimensions = { width: 10, height: 8 };
  const cell = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 7 }));
  const place = fc.oneof(
    fc.record({ kind: fc.constant('shelf' as const), start: cell, end: cell }),
    fc.record({ kind: fc.constant('dropoff' as const), at: cell }),
    fc.record({ kind: fc.constant('station' as const), at: cell }),
  );
  const rule = fc.oneof(
    fc.record({
      kind: fc.constant('aisle' as const),
      start: cell,
      end: cell,
      direction: fc.constantFrom('up', 'down', 'left', 'right' as const),
    }),
    fc.record({ kind: fc.constant('keep-clear' as const), at: cell }),
  );

  it('never make a drawn layout break a rule: every accepted aisle and keep-clear cell keeps it valid', () => {
    fc.assert(
      fc.property(fc.array(place, { maxLength: 14 }), fc.array(rule, { maxLength: 10 }), (places, rules) => {
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
        layout = selectAllPickups(layout);
        const before = checkEnvironmentRules(layout).errors;
        for (const step of rules) {
          const result =
            step.kind === 'aisle'
              ? addOneWayAisle(layout, rectangleFromCells(step.start, step.end), step.direction)
              : addKeepClearCell(layout, centre(step.at));
          if (result.ok) layout = result.layout;
        }
        // Drawing breaks no rule; what a solve needs (a pickup, a dropoff, a station, a dropoff
        // some robot reaches) may still be missing, and the traffic rules change none of it.
        expect(before.filter((problem) => !isMissingForSolving(problem))).toEqual([]);
        const named = (problems: typeof before) => problems.map((problem) => `${problem.rule} ${problem.element}`);
        expect(named(checkEnvironmentRules(layout).errors)).toEqual(named(before));
      }),
      { numRuns: 200, seed: 23 },
    );
  });
});
