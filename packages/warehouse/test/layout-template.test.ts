import { describe, expect, it } from 'vitest';
import { checkShelfPlacement } from '../src/layout/placement.ts';
import { fillWithShelfRows } from '../src/layout/template.ts';
import { shelf } from './layout-fixtures.ts';

const dimensions = { width: 12, height: 10 };

describe('fillWithShelfRows', () => {
  it('packs vertical shelves from the top-left of the area, separated by aisles', () => {
    const shelves = fillWithShelfRows(
      { area: { position: [1, 1], size: [10, 8] }, shelfLength: 3, shelfDepth: 2, aisleWidth: 2 },
      { dimensions, shelves: [] },
    );
    expect(shelves).toEqual([
      shelf('S1', 1, 1, 2, 3),
      shelf('S2', 5, 1, 2, 3),
      shelf('S3', 9, 1, 2, 3),
      shelf('S4', 1, 6, 2, 3),
      shelf('S5', 5, 6, 2, 3),
      shelf('S6', 9, 6, 2, 3),
    ]);
  });

  it('lays shelves horizontally on request', () => {
    const shelves = fillWithShelfRows(
      {
        area: { position: [0, 0], size: [12, 10] },
        shelfLength: 5,
        shelfDepth: 1,
        aisleWidth: 2,
        orientation: 'horizontal',
      },
      { dimensions, shelves: [] },
    );
    expect(shelves.map((s) => `${s.id}@${s.position}:${s.size}`)).toEqual([
      'S1@0,0:5,1',
      'S2@7,0:5,1',
      'S3@0,3:5,1',
      'S4@7,3:5,1',
      'S5@0,6:5,1',
      'S6@7,6:5,1',
      'S7@0,9:5,1',
      'S8@7,9:5,1',
    ]);
  });

  it('leaves out shelves that would overlap a shelf or cover a dropoff, and numbers on after the existing shelves', () => {
    const context = {
      dimensions,
      shelves: [shelf('S1', 5, 1, 1, 1)],
      dropoffs: [{ id: 'D1', position: [9.5, 2.5] as [number, number] }],
    };
    const shelves = fillWithShelfRows(
      { area: { position: [1, 1], size: [10, 4] }, shelfLength: 3, shelfDepth: 2, aisleWidth: 2 },
      context,
    );
    expect(shelves).toEqual([shelf('S2', 1, 1, 2, 3)]);
    for (const added of shelves) expect(checkShelfPlacement(added, context)).toEqual({ ok: true });
  });

  it('gives nothing for sizes below one cell or an area too small', () => {
    const context = { dimensions, shelves: [] };
    expect(
      fillWithShelfRows(
        { area: { position: [0, 0], size: [12, 10] }, shelfLength: 0, shelfDepth: 2, aisleWidth: 2 },
        context,
      ),
    ).toEqual([]);
    expect(
      fillWithShelfRows(
        { area: { position: [0, 0], size: [12, 10] }, shelfLength: 3, shelfDepth: 2, aisleWidth: 0 },
        context,
      ),
    ).toEqual([]);
    expect(
      fillWithShelfRows(
        { area: { position: [0, 0], size: [1, 10] }, shelfLength: 3, shelfDepth: 2, aisleWidth: 1 },
        context,
      ),
    ).toEqual([]);
  });

  it('stays inside the grid when the area reaches past it', () => {
    const shelves = fillWithShelfRows(
      { area: { position: [8, 0], size: [10, 4] }, shelfLength: 4, shelfDepth: 2, aisleWidth: 1 },
      { dimensions, shelves: [] },
    );
    expect(shelves).toEqual([shelf('S1', 8, 0, 2, 4)]);
  });
});
