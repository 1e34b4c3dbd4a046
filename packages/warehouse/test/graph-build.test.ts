import { describe, expect, it } from 'vitest';
import { buildNavigationGraph } from '../src/graph/build-navigation-graph.ts';
import { edgeEndPosition, edgeWeight, pickupPairForbidsEdge } from '../src/graph/edge-rules.ts';
import { graphNodesOf } from '../src/graph/graph-nodes.ts';
import type { LayoutElements } from '../src/layout/types.ts';
import { undirectedEdgeList } from './graph-shortest-paths.ts';
import { BENCHMARK_INSTANCES, emptyElements, loadBenchmarkEnvironment, shelf } from './layout-fixtures.ts';

/** One 2x2 shelf S1 at [2,1] on a 6x5 grid, pickups P1 (top), P3 (right), P6 (bottom) selected. */
const ONE_SHELF: LayoutElements = {
  shelves: [shelf('S1', 2, 1, 2, 2)],
  pickups: [
    { id: 'P1', position: [2.5, 1], shelf_id: 'S1', side: 'top' },
    { id: 'P3', position: [4, 1.5], shelf_id: 'S1', side: 'right' },
    { id: 'P6', position: [2.5, 3], shelf_id: 'S1', side: 'bottom' },
  ],
  dropoffs: [{ id: 'D1', position: [0.5, 4.5] }],
  navigation_points: [
    { id: 'N1', position: [1.5, 0.5], shelf_id: 'S1' },
    { id: 'N2', position: [4.5, 0.5], shelf_id: 'S1' },
    { id: 'N3', position: [4.5, 3.5], shelf_id: 'S1' },
    { id: 'N4', position: [1.5, 3.5], shelf_id: 'S1' },
  ],
  robot_stations: [{ id: 'R1', position: [5.5, 4.5], robot_count: 1 }],
  robots: [{ id: 'R1_1', station_id: 'R1', position: [5.5, 4.5], station_index: 0 }],
};

describe('graph nodes', () => {
  it('lists pickups, dropoffs, navigation points, robots, then stations, with side and shelf_id only where they belong', () => {
    expect(graphNodesOf(ONE_SHELF)).toEqual([
      { id: 'P1', type: 'pickup', x: 2.5, y: 1, side: 'top', shelf_id: 'S1' },
      { id: 'P3', type: 'pickup', x: 4, y: 1.5, side: 'right', shelf_id: 'S1' },
      { id: 'P6', type: 'pickup', x: 2.5, y: 3, side: 'bottom', shelf_id: 'S1' },
      { id: 'D1', type: 'dropoff', x: 0.5, y: 4.5 },
      { id: 'N1', type: 'navigation', x: 1.5, y: 0.5, shelf_id: 'S1' },
      { id: 'N2', type: 'navigation', x: 4.5, y: 0.5, shelf_id: 'S1' },
      { id: 'N3', type: 'navigation', x: 4.5, y: 3.5, shelf_id: 'S1' },
      { id: 'N4', type: 'navigation', x: 1.5, y: 3.5, shelf_id: 'S1' },
      { id: 'R1_1', type: 'robot', x: 5.5, y: 4.5 },
      { id: 'R1', type: 'robot_station', x: 5.5, y: 4.5 },
    ]);
  });
});

describe('edge rules', () => {
  it('moves a pickup 0.05 toward its side for the tests and the weight; other nodes stay put', () => {
    expect(edgeEndPosition({ type: 'pickup', x: 4, y: 7.5, side: 'right' })).toEqual([4.05, 7.5]);
    expect(edgeEndPosition({ type: 'pickup', x: 2.5, y: 9, side: 'bottom' })).toEqual([2.5, 9.05]);
    expect(edgeEndPosition({ type: 'pickup', x: 2, y: 3.5, side: 'left' })).toEqual([1.95, 3.5]);
    expect(edgeEndPosition({ type: 'pickup', x: 7.5, y: 3, side: 'top' })).toEqual([7.5, 2.95]);
    expect(edgeEndPosition({ type: 'navigation', x: 1.5, y: 2.5 })).toEqual([1.5, 2.5]);
  });

  it('rounds weights to 2 decimals: P7 [4,7.5] right to P29 [7,6.5] left weighs 3.07 as in benchmark s1', () => {
    expect(edgeWeight([4.05, 7.5], [6.95, 6.5])).toBe(3.07);
    expect(edgeWeight([0.5, 0.5], [1.5, 1.5])).toBe(1.41);
    expect(edgeWeight([5.5, 0.5], [5.5, 19.5])).toBe(19);
  });

  it('forbids pickups of one shelf, and same or opposite sides on one line', () => {
    const pickup = (x: number, y: number, side: 'top' | 'right' | 'bottom' | 'left', shelfId: string) => ({
      x,
      y,
      side,
      shelf_id: shelfId,
    });
    expect(pickupPairForbidsEdge(pickup(2.5, 1, 'top', 'S1'), pickup(4, 1.5, 'right', 'S1'))).toBe(true);
    expect(pickupPairForbidsEdge(pickup(2.5, 9, 'bottom', 'S1'), pickup(8.5, 9, 'bottom', 'S2'))).toBe(true);
    expect(pickupPairForbidsEdge(pickup(1.5, 2, 'bottom', 'S1'), pickup(3.5, 2, 'top', 'S2'))).toBe(true);
    expect(pickupPairForbidsEdge(pickup(2, 8.5, 'left', 'S1'), pickup(2, 17.5, 'left', 'S8'))).toBe(true);
    expect(pickupPairForbidsEdge(pickup(4, 1.5, 'right', 'S1'), pickup(4, 5.5, 'left', 'S2'))).toBe(true);
    // Facing each other across an aisle: different x, so not in line.
    expect(pickupPairForbidsEdge(pickup(9, 4.5, 'right', 'S2'), pickup(12, 4.5, 'left', 'S3'))).toBe(false);
    expect(pickupPairForbidsEdge(pickup(2.5, 9, 'bottom', 'S1'), pickup(9, 4.5, 'right', 'S2'))).toBe(false);
  });
});

describe('buildNavigationGraph with the full rule set', () => {
  it('joins every pair whose segment misses the shelf, except pickups of one shelf (one-shelf layout)', () => {
    const graph = buildNavigationGraph(ONE_SHELF, { edges: 'full' });
    expect(undirectedEdgeList(graph)).toEqual([
      'P1-N1:1.1',
      'P1-N2:2.05',
      'P3-N2:1.1',
      'P3-N3:2.05',
      'P3-R1_1:3.33',
      'P3-R1:3.33',
      'P6-D1:2.47',
      'P6-N3:2.05',
      'P6-N4:1.1',
      'P6-R1_1:3.33',
      'P6-R1:3.33',
      'D1-N1:4.12',
      'D1-N3:4.12',
      'D1-N4:1.41',
      'D1-R1_1:5',
      'D1-R1:5',
      'N1-N2:3',
      'N1-N4:3',
      'N2-N3:3',
      'N2-R1_1:4.12',
      'N2-R1:4.12',
      'N3-N4:3',
      'N3-R1_1:1.41',
      'N3-R1:1.41',
      'N4-R1_1:4.12',
      'N4-R1:4.12',
      'R1_1-R1:0',
    ]);
  });

  it('stores each edge in both directions, a -> b then b -> a', () => {
    const graph = buildNavigationGraph(ONE_SHELF, { edges: 'full' });
    expect(graph.edges.slice(0, 4)).toEqual([
      { from: 'P1', to: 'N1', weight: 1.1 },
      { from: 'N1', to: 'P1', weight: 1.1 },
      { from: 'P1', to: 'N2', weight: 2.05 },
      { from: 'N2', to: 'P1', weight: 2.05 },
    ]);
  });

  it('counts a segment through a shelf corner as crossing it', () => {
    const elements = {
      ...emptyElements(),
      shelves: [shelf('S1', 1, 2, 1, 1)],
      dropoffs: [
        { id: 'D1', position: [0.5, 0.5] as [number, number] },
        { id: 'D2', position: [2.5, 2.5] as [number, number] },
        { id: 'D3', position: [3.5, 0.5] as [number, number] },
      ],
    };
    expect(undirectedEdgeList(buildNavigationGraph(elements, { edges: 'full' }))).toEqual(['D1-D3:3', 'D2-D3:2.24']);
  });

  it('leaves out same-side and opposite-side pickups in line, keeps pickups facing across an aisle', () => {
    const elements: LayoutElements = {
      ...emptyElements(),
      shelves: [shelf('S1', 1, 1, 1, 1), shelf('S2', 4, 1, 1, 1), shelf('S3', 3, 2, 1, 1)],
      pickups: [
        { id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'top' },
        { id: 'P2', position: [2, 1.5], shelf_id: 'S1', side: 'right' },
        { id: 'P3', position: [1.5, 2], shelf_id: 'S1', side: 'bottom' },
        { id: 'P5', position: [4.5, 1], shelf_id: 'S2', side: 'top' },
        { id: 'P8', position: [4, 1.5], shelf_id: 'S2', side: 'left' },
        { id: 'P9', position: [3.5, 2], shelf_id: 'S3', side: 'top' },
      ],
    };
    // P1-P5 (tops at y=1) and P3-P9 (bottom and top at y=2) see each other past the shelves
    // but are in line; P2-P8 face each other across the aisle between S1 and S2.
    expect(undirectedEdgeList(buildNavigationGraph(elements, { edges: 'full' }))).toEqual([
      'P2-P8:1.9',
      'P2-P9:1.52',
      'P8-P9:0.64',
    ]);
  });

  it('gives an empty graph for an empty layout', () => {
    expect(buildNavigationGraph(emptyElements())).toEqual({ nodes: [], edges: [] });
  });

  it.each(BENCHMARK_INSTANCES)(
    'reproduces the graph of benchmark %s exactly (nodes, edges, weights, order)',
    (name) => {
      const environment = loadBenchmarkEnvironment(name);
      const graph = buildNavigationGraph(environment.elements, { edges: 'full' });
      expect(graph.nodes).toEqual(environment.graph.nodes);
      expect(graph.edges.length).toBe(environment.graph.edges.length);
      expect(JSON.stringify(graph.edges)).toBe(JSON.stringify(environment.graph.edges));
    },
  );
});
