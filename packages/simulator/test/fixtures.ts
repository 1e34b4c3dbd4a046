import type { FloorEnvironment } from '../src/index.ts';

type Step = { task: [string, string] | 'recharge' };
export const deliver = (pickup: string, dropoff: string): Step => ({ task: [pickup, dropoff] });
export const recharge: Step = { task: 'recharge' };

/**
 * "Narrow aisle": a 7 x 2 floor whose row 1 is a one-cell corridor between two shelves.
 *   row 0:  S S S . S S S      (S1 over x 0-2, S2 over x 4-6; (3, 0) is a pocket)
 *   row 1:  R1 P1 . . . P2 R2  (stations at the ends; D1 shares P2's cell, D2 shares P1's)
 */
export const NARROW_AISLE: FloorEnvironment = {
  dimensions: { width: 7, height: 2 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [3, 1] },
      { id: 'S2', position: [4, 0], size: [3, 1] },
    ],
    pickups: [
      { id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' },
      { id: 'P2', position: [5.5, 1], shelf_id: 'S2', side: 'bottom' },
    ],
    dropoffs: [
      { id: 'D1', position: [5.5, 1.5] },
      { id: 'D2', position: [1.5, 1.5] },
    ],
    robot_stations: [
      { id: 'R1', position: [0.5, 1.5] },
      { id: 'R2', position: [6.5, 1.5] },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 1.5] },
      { id: 'R2_1', station_id: 'R2', position: [6.5, 1.5] },
    ],
  },
};

/** "Charging bay": one station of four robots on a 6 x 3 floor, a shelf with one pickup, one dropoff. */
export const CHARGING_BAY: FloorEnvironment = {
  dimensions: { width: 6, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 0], size: [2, 1] }],
    pickups: [{ id: 'P1', position: [2.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [5.5, 2.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 2.5] }],
    robots: [1, 2, 3, 4].map((k) => ({ id: `R1_${k}`, station_id: 'R1', position: [0.5, 2.5] })),
  },
};

/**
 * "Dead end": a 5 x 3 floor; row 0 holds shelf S1 over x 0-1 and S2 over x 3-4, so (2, 0) is a
 * one-cell dead end, and pickup P1 (S2's left side) is reached only from inside it.
 *   row 0:  S S . S S
 *   row 1:  . . . . .
 *   row 2:  R1 . . . D1
 */
export const DEAD_END: FloorEnvironment = {
  dimensions: { width: 5, height: 3 },
  elements: {
    shelves: [
      { id: 'S1', position: [0, 0], size: [2, 1] },
      { id: 'S2', position: [3, 0], size: [2, 1] },
    ],
    pickups: [{ id: 'P1', position: [3, 0.5], shelf_id: 'S2', side: 'left' }],
    dropoffs: [{ id: 'D1', position: [4.5, 2.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 2.5] }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 2.5] },
    ],
  },
};
