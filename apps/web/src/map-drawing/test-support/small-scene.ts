import type { LayoutScene } from '../layout-scene.ts';

/** 6 x 4 grid: two shelves, two pickups (P1 selected), a dropoff, a station with 2 robots, a 3-node graph. */
export const SMALL_SCENE: LayoutScene = {
  dimensions: { width: 6, height: 4 },
  elements: {
    shelves: [
      { id: 'S1', position: [1, 1], size: [1, 2] },
      { id: 'S2', position: [3, 1], size: [1, 2] },
    ],
    pickups: [
      { id: 'P1', position: [2, 1.5] },
      { id: 'P2', position: [3, 1.5] },
    ],
    dropoffs: [{ id: 'D1', position: [5.5, 3.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5] }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5] },
    ],
    navigation_points: [{ id: 'N1', position: [0.5, 3.5] }],
  },
  graph: {
    nodes: [
      { id: 'P1', x: 2, y: 1.5 },
      { id: 'D1', x: 5.5, y: 3.5 },
      { id: 'N1', x: 0.5, y: 3.5 },
    ],
    edges: [
      { from: 'P1', to: 'D1' },
      { from: 'D1', to: 'P1' },
      { from: 'N1', to: 'D1' },
      { from: 'D1', to: 'N1' },
      { from: 'P1', to: 'missing' },
    ],
  },
};
