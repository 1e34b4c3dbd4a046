import { buildNavigationGraph, generateNavigationPoints, type LayoutElements } from '@fleetlab/warehouse';
import { buildProblem, type ProblemInput } from '../src/index.ts';

/** An environment from its elements: pickups by shelf side, robots on their station, the editor's graph. */
function environment(width: number, height: number, elements: Partial<LayoutElements>): ProblemInput['environment'] {
  const full: LayoutElements = {
    shelves: [],
    dropoffs: [],
    robot_stations: [],
    pickups: [],
    robots: [],
    navigation_points: [],
    ...elements,
  };
  full.navigation_points = generateNavigationPoints(full.shelves, { width, height });
  return { dimensions: { width, height }, elements: full, graph: buildNavigationGraph(full) };
}

/** `count` robots standing on station `station` at `position`, ids R1_1, R1_2, ... */
function robotsOnStation(station: string, position: [number, number], count: number): LayoutElements['robots'] {
  return Array.from({ length: count }, (_, k) => ({
    id: `${station}_${k + 1}`,
    station_id: station,
    position,
    station_index: k,
  }));
}

/**
 * "Around a shelf": a 7 x 5 floor with shelf S1 over cells x 2-4, y 1-2 and a pickup on each of
 * its sides; station R1 in the bottom-left corner, dropoff D1 in the top-right one.
 *   row 0:  .  .  .  PT .  .  D1     PT stands at (3, 0), on S1's top side
 *   row 1:  .  PL S  S  S  .  .      PL at (1, 1), on its left side
 *   row 2:  .  .  S  S  S  PR .      PR at (5, 2), on its right side
 *   row 3:  .  .  PB .  .  .  .      PB at (2, 3), on its bottom side
 *   row 4:  R1 .  .  .  .  .  .
 */
export function aroundShelf(robots = 1): ProblemInput['environment'] {
  return environment(7, 5, {
    shelves: [{ id: 'S1', position: [2, 1], size: [3, 2] }],
    pickups: [
      { id: 'PT', position: [3.5, 1], shelf_id: 'S1', side: 'top' },
      { id: 'PL', position: [2, 1.5], shelf_id: 'S1', side: 'left' },
      { id: 'PR', position: [5, 2.5], shelf_id: 'S1', side: 'right' },
      { id: 'PB', position: [2.5, 3], shelf_id: 'S1', side: 'bottom' },
    ],
    dropoffs: [{ id: 'D1', position: [6.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 4.5], robot_count: robots }],
    robots: robotsOnStation('R1', [0.5, 4.5], robots),
  });
}

/** `deliveries` PR -> D1 deliveries for `robots` robots around the shelf: R1 -> PR 7 m, PR -> D1 3 m, D1 -> R1 10 m, D1 -> PR 3 m. */
export const aroundShelfProblem = (robots: number, deliveries: number, params: ProblemInput['params']) =>
  buildProblem({
    environment: aroundShelf(robots),
    tasks: Array.from({ length: deliveries }, (): [string, string] => ['PR', 'D1']),
    params,
  });

/**
 * "Station row": a 5 x 3 floor whose top row holds stations R1-R3 between dropoffs D1 and D2;
 * shelf S1 fills the bottom row under them, with pickup P1 on its top side at (2, 1).
 *   row 0:  D1 R1 R2 R3 D2
 *   row 1:  .  .  P1 .  .
 *   row 2:  .  S  S  S  .
 * Walks never pass through a station cell, so D1 -> D2 goes down and along row 1.
 */
export function stationRow(): ProblemInput['environment'] {
  return environment(5, 3, {
    shelves: [{ id: 'S1', position: [1, 2], size: [3, 1] }],
    pickups: [{ id: 'P1', position: [2.5, 2], shelf_id: 'S1', side: 'top' }],
    dropoffs: [
      { id: 'D1', position: [0.5, 0.5] },
      { id: 'D2', position: [4.5, 0.5] },
    ],
    robot_stations: [1, 2, 3].map((k) => ({
      id: `R${k}`,
      position: [k + 0.5, 0.5] as [number, number],
      robot_count: 1,
    })),
    robots: [1, 2, 3].map((k) => ({
      id: `R${k}_1`,
      station_id: `R${k}`,
      position: [k + 0.5, 0.5] as [number, number],
      station_index: 0,
    })),
  });
}

/**
 * "Dead-end dock": a 4 x 2 floor whose dropoff D1 sits in the top-left corner beside shelf S1,
 * so robots enter and leave it through the one cell below; pickup PB on the shelf's bottom side.
 *   row 0:  D1 S  S  R1
 *   row 1:  .  PB .  .
 * R1 -> D1 walks (3,1), (2,1), (1,1), (0,1), (0,0): 5 m.
 */
export function deadEndDock(robots = 1): ProblemInput['environment'] {
  return environment(4, 2, {
    shelves: [{ id: 'S1', position: [1, 0], size: [2, 1] }],
    pickups: [{ id: 'PB', position: [1.5, 1], shelf_id: 'S1', side: 'bottom' }],
    dropoffs: [{ id: 'D1', position: [0.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [3.5, 0.5], robot_count: robots }],
    robots: robotsOnStation('R1', [3.5, 0.5], robots),
  });
}
