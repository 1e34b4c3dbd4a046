import { describe, expect, it } from 'vitest';
import { Floor, FloorError } from '../src/index.ts';

const layout = {
  dimensions: { width: 8, height: 6 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 2], size: [3, 2] }],
    pickups: [
      { id: 'PR', position: [5, 2.5], shelf_id: 'S1', side: 'right' },
      { id: 'PL', position: [2, 3.5], shelf_id: 'S1', side: 'left' },
      { id: 'PT', position: [3.5, 2], shelf_id: 'S1', side: 'top' },
      { id: 'PB', position: [4.5, 4], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [{ id: 'D1', position: [7.5, 5.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] }],
  },
};

describe('the floor model', () => {
  const floor = new Floor(layout);
  const at = (id: string) => [floor.x(floor.cellOf(id)!), floor.y(floor.cellOf(id)!)];

  it('blocks the cells inside a shelf and maps each place to the free cell its robot stands on', () => {
    expect(
      [...floor.blocked].map((b, cell) => (b ? `${floor.x(cell)},${floor.y(cell)}` : null)).filter(Boolean),
    ).toEqual(['2,2', '3,2', '4,2', '2,3', '3,3', '4,3']);
    expect(at('PR')).toEqual([5, 2]);
    expect(at('PL')).toEqual([1, 3]);
    expect(at('PT')).toEqual([3, 1]);
    expect(at('PB')).toEqual([4, 4]);
    expect(at('D1')).toEqual([7, 5]);
    expect(at('R1')).toEqual([0, 0]);
    expect(at('R1_1')).toEqual([0, 0]);
  });

  it('measures 4-neighbour walks around shelves, never through a station', () => {
    expect(floor.distance(floor.cellOf('PL')!, floor.cellOf('PR')!)).toBe(7);
    expect(floor.distance(floor.cellOf('PT')!, floor.cellOf('PB')!)).toBe(6);
    expect(floor.distance(floor.cellOf('R1')!, floor.cellOf('D1')!)).toBe(12);
  });

  it('refuses a place off the floor or inside a shelf, naming it', () => {
    const off = { ...layout, elements: { ...layout.elements, dropoffs: [{ id: 'D9', position: [8.5, 1.5] }] } };
    expect(() => new Floor(off)).toThrow(
      new FloorError('Dropoff D9 maps to cell (8, 1), which is off the 8 x 6 floor'),
    );
    const inside = {
      ...layout,
      elements: { ...layout.elements, robot_stations: [{ id: 'R7', position: [3.5, 3.5] }] },
    };
    expect(() => new Floor(inside)).toThrow('Station R7 maps to cell (3, 3), which is inside shelf S1');
    const wrongSide = {
      ...layout,
      elements: { ...layout.elements, pickups: [{ id: 'PX', position: [2, 2.5], shelf_id: 'S1', side: 'right' }] },
    };
    expect(() => new Floor(wrongSide)).toThrow('Pickup PX maps to cell (2, 2), which is inside shelf S1');
  });
});

describe('traffic rules on the floor', () => {
  /**
   * "Loop": a 5 x 3 floor round shelf S1 (cells x 1-3, y 1); row 0 is one-way to the right,
   * row 2 one-way to the left, so robots circle clockwise. D1 sits at the top-left corner
   * (0, 0), D2 at the top-right (4, 0).
   *   row 0:  D1 >  >  >  D2
   *   row 1:  .  S  S  S  .
   *   row 2:  .  <  <  <  .
   */
  const loop = {
    dimensions: { width: 5, height: 3 },
    elements: {
      shelves: [{ id: 'S1', position: [1, 1], size: [3, 1] }],
      dropoffs: [
        { id: 'D1', position: [0.5, 0.5] },
        { id: 'D2', position: [4.5, 0.5] },
      ],
      robot_stations: [],
      one_way_aisles: [
        { id: 'W1', position: [1, 0], size: [3, 1], direction: 'right' },
        { id: 'W2', position: [1, 2], size: [3, 1], direction: 'left' },
      ],
    },
  };

  it('walks only with a one-way aisle, so going back round the loop is the long way', () => {
    const floor = new Floor(loop);
    const d1 = floor.cellOf('D1')!;
    const d2 = floor.cellOf('D2')!;
    // D1 -> D2 along the top row: 4 m. Back: down, along the bottom row leftwards, up: 8 m.
    expect(floor.distance(d1, d2)).toBe(4);
    expect(floor.distance(d2, d1)).toBe(8);
    expect(floor.distancesFrom(d2)[d1]).toBe(8);
    expect(floor.walk(d2, d1).map((cell) => `${floor.x(cell)},${floor.y(cell)}`)).toEqual([
      '4,0',
      '4,1',
      '4,2',
      '3,2',
      '2,2',
      '1,2',
      '0,2',
      '0,1',
      '0,0',
    ]);
    // Sideways onto and off an aisle is allowed; against it is not.
    expect([0, 1, 2, 3].map((k) => floor.neighbours[floor.cellAt(2, 0) * 4 + k])).toEqual([
      floor.cellAt(3, 0),
      -1,
      -1,
      -1,
    ]);
  });

  it('refuses a place on a keep-clear cell, naming both', () => {
    const clear = { ...loop, elements: { ...loop.elements, keep_clear_cells: [{ id: 'K1', position: [4.5, 0.5] }] } };
    expect(() => new Floor(clear)).toThrow(
      new FloorError('D2 stands on keep-clear cell (4, 0): robots stop at places, never on a keep-clear cell'),
    );
    const fine = { ...loop, elements: { ...loop.elements, keep_clear_cells: [{ id: 'K1', position: [4.5, 1.5] }] } };
    expect(new Floor(fine).keepClear[new Floor(fine).cellAt(4, 1)]).toBe(1);
    expect(
      () =>
        new Floor({
          ...loop,
          elements: {
            ...loop.elements,
            one_way_aisles: [{ id: 'W9', position: [1, 0], size: [1, 1], direction: 'north' }],
          },
        }),
    ).toThrow('One-way aisle W9 has no direction (up, down, left or right), got "north"');
  });
});
