import { describe, expect, it } from 'vitest';
import { servableDropoffsByPickup } from '../src/layout/servable-pairs.ts';

/**
 * A 5 x 3 floor cut in two by shelf S1 (column 2): station R1 at cell (0, 0) with pickup P1
 * (served from (1, 1)) and dropoff D1 (0, 2) on its side; pickup P2 (served from (3, 1)) and
 * dropoff D2 (4, 2) walled off beyond the shelf.
 */
const CUT_FLOOR = {
  dimensions: { width: 5, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 0], size: [1, 3] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
    pickups: [
      { id: 'P1', position: [2, 1.5], shelf_id: 'S1', side: 'left' },
      { id: 'P2', position: [3, 1.5], shelf_id: 'S1', side: 'right' },
    ],
    dropoffs: [
      { id: 'D1', position: [0.5, 2.5] },
      { id: 'D2', position: [4.5, 2.5] },
    ],
  },
};

describe('servableDropoffsByPickup', () => {
  it('keeps only the pairs a robot can fetch, carry and come home from', () => {
    expect(servableDropoffsByPickup(CUT_FLOOR)).toEqual(new Map([['P1', ['D1']]]));
  });

  it('serves every pair once a second station stands beyond the shelf', () => {
    const both = {
      ...CUT_FLOOR,
      elements: {
        ...CUT_FLOOR.elements,
        robot_stations: [...CUT_FLOOR.elements.robot_stations, { id: 'R2', position: [4.5, 0.5] }],
      },
    };
    // P1 -> D2 crosses the shelf: no robot carries it, whichever station it starts from.
    expect(servableDropoffsByPickup(both)).toEqual(
      new Map([
        ['P1', ['D1']],
        ['P2', ['D2']],
      ]),
    );
  });

  it('honours one-way aisles: nothing is servable where robots cannot drive out to the places', () => {
    // The whole left part runs up: from the station on row 0 no robot can drive down to P1 or D1.
    const oneWay = {
      ...CUT_FLOOR,
      elements: {
        ...CUT_FLOOR.elements,
        one_way_aisles: [{ id: 'W1', position: [0, 0], size: [2, 3], direction: 'up' }],
      },
    };
    expect(servableDropoffsByPickup(oneWay)).toEqual(new Map());
  });
});
