import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addShelf } from '../src/layout/editing.ts';
import { rectanglesOverlap } from '../src/layout/grid-geometry.ts';
import { cellAt, checkShelfPlacement, nextElementId, placePoint, rectangleFromCells } from '../src/layout/placement.ts';
import { createEmptyLayout } from '../src/layout/regenerate.ts';
import { shelf } from './layout-fixtures.ts';

const dimensions = { width: 10, height: 8 };
const shelves = [shelf('S1', 2, 2, 2, 3)];

describe('rectangleFromCells', () => {
  it('covers the start and end cells in any drag direction', () => {
    expect(rectangleFromCells([2, 3], [4, 5])).toEqual({ position: [2, 3], size: [3, 3] });
    expect(rectangleFromCells([4, 5], [2, 3])).toEqual({ position: [2, 3], size: [3, 3] });
    expect(rectangleFromCells([4, 3], [2, 5])).toEqual({ position: [2, 3], size: [3, 3] });
    expect(rectangleFromCells([7, 1], [7, 1])).toEqual({ position: [7, 1], size: [1, 1] });
  });

  it('finds the cell under a point', () => {
    expect(cellAt([3.99, 0.01])).toEqual([3, 0]);
    expect(cellAt([4, 2.5])).toEqual([4, 2]);
  });
});

describe('checkShelfPlacement', () => {
  const context = {
    dimensions,
    shelves,
    dropoffs: [{ id: 'D1', position: [8.5, 0.5] as [number, number] }],
    robot_stations: [{ id: 'R1', position: [0.5, 7.5] as [number, number], robot_count: 1 }],
  };

  it('accepts a free rectangle inside the grid, and one touching another shelf', () => {
    expect(checkShelfPlacement({ position: [5, 2], size: [2, 3] }, context)).toEqual({ ok: true });
    expect(checkShelfPlacement({ position: [4, 2], size: [1, 3] }, context)).toEqual({ ok: true });
    expect(checkShelfPlacement({ position: [0, 0], size: [10, 2] }, { dimensions, shelves })).toEqual({ ok: true });
  });

  it('refuses a width or height of 0 or less', () => {
    expect(checkShelfPlacement({ position: [5, 2], size: [0, 3] }, context)).toEqual({
      ok: false,
      rule: 'shelf-size',
      reason: 'Shelf width and height must be above 0',
    });
    expect(checkShelfPlacement({ position: [5, 2], size: [2, -1] }, context)).toEqual({
      ok: false,
      rule: 'shelf-size',
      reason: 'Shelf width and height must be above 0',
    });
  });

  it('refuses a shelf reaching outside the grid', () => {
    expect(checkShelfPlacement({ position: [9, 2], size: [2, 1] }, context)).toEqual({
      ok: false,
      rule: 'inside-grid',
      reason: 'Shelf must lie inside the grid',
    });
    expect(checkShelfPlacement({ position: [-1, 2], size: [2, 1] }, context)).toEqual({
      ok: false,
      rule: 'inside-grid',
      reason: 'Shelf must lie inside the grid',
    });
    expect(checkShelfPlacement({ position: [5, 7], size: [1, 2] }, context)).toEqual({
      ok: false,
      rule: 'inside-grid',
      reason: 'Shelf must lie inside the grid',
    });
  });

  it('refuses an overlap, naming the shelf', () => {
    expect(checkShelfPlacement({ position: [3, 4], size: [3, 3] }, context)).toEqual({
      ok: false,
      rule: 'shelf-overlap',
      reason: 'Shelf overlaps shelf S1',
      blocker: 'S1',
    });
  });

  it('refuses covering a dropoff or a robot station', () => {
    expect(checkShelfPlacement({ position: [7, 0], size: [2, 2] }, context)).toEqual({
      ok: false,
      rule: 'on-shelf-cell',
      reason: 'Shelf would cover D1',
      blocker: 'D1',
    });
    expect(checkShelfPlacement({ position: [0, 6], size: [1, 2] }, context)).toEqual({
      ok: false,
      rule: 'on-shelf-cell',
      reason: 'Shelf would cover R1',
      blocker: 'R1',
    });
  });
});

describe('placePoint', () => {
  it('snaps to the centre of the clicked cell', () => {
    expect(placePoint([6.2, 3.9], { dimensions, shelves })).toEqual({ ok: true, position: [6.5, 3.5] });
    expect(placePoint([4, 2], { dimensions, shelves })).toEqual({ ok: true, position: [4.5, 2.5] });
  });

  it('refuses a shelf cell, naming the shelf', () => {
    expect(placePoint([2.1, 4.9], { dimensions, shelves })).toEqual({
      ok: false,
      rule: 'on-shelf-cell',
      reason: 'Cannot place on shelf S1',
      blocker: 'S1',
    });
  });

  it('refuses a point outside the grid', () => {
    expect(placePoint([10.2, 1], { dimensions, shelves })).toEqual({
      ok: false,
      rule: 'inside-grid',
      reason: 'Point must lie inside the grid',
    });
    expect(placePoint([-0.1, 1], { dimensions, shelves })).toEqual({
      ok: false,
      rule: 'inside-grid',
      reason: 'Point must lie inside the grid',
    });
  });
});

describe('nextElementId', () => {
  it('continues after the highest number in use, never reusing an erased one', () => {
    expect(nextElementId('S', [])).toBe('S1');
    expect(nextElementId('S', [{ id: 'S1' }, { id: 'S4' }, { id: 'S2' }])).toBe('S5');
    expect(nextElementId('R', [{ id: 'R2' }, { id: 'R2_1' }])).toBe('R3');
  });
});

describe('placement invariants (property)', () => {
  it('any sequence of drags leaves shelves inside the grid, positive and pairwise non-overlapping', () => {
    const cell = fc.tuple(fc.integer({ min: -2, max: 11 }), fc.integer({ min: -2, max: 9 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { maxLength: 25 }), (drags) => {
        let layout = createEmptyLayout(dimensions);
        for (const [start, end] of drags) {
          const result = addShelf(layout, rectangleFromCells(start, end));
          if (result.ok) layout = result.layout;
        }
        const placed = layout.elements.shelves;
        for (const [index, a] of placed.entries()) {
          expect(a.size[0]).toBeGreaterThan(0);
          expect(a.size[1]).toBeGreaterThan(0);
          expect(a.position[0]).toBeGreaterThanOrEqual(0);
          expect(a.position[1]).toBeGreaterThanOrEqual(0);
          expect(a.position[0] + a.size[0]).toBeLessThanOrEqual(dimensions.width);
          expect(a.position[1] + a.size[1]).toBeLessThanOrEqual(dimensions.height);
          for (const b of placed.slice(index + 1)) expect(rectanglesOverlap(a, b)).toBe(false);
        }
        expect(new Set(placed.map((s) => s.id)).size).toBe(placed.length);
      }),
      { numRuns: 200, seed: 4 },
    );
  });

  it('a placed point is always a cell centre inside the grid and off every shelf', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 11, noNaN: true }), fc.double({ min: -1, max: 9, noNaN: true }), (x, y) => {
        const placed = placePoint([x, y], { dimensions, shelves });
        if (!placed.ok) return;
        const [px, py] = placed.position;
        expect(px % 1).toBe(0.5);
        expect(py % 1).toBe(0.5);
        expect(px > 0 && px < dimensions.width && py > 0 && py < dimensions.height).toBe(true);
        expect(px > 2 && px < 4 && py > 2 && py < 5).toBe(false);
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});
