import { Floor, type FloorClock, FloorError, UNREACHABLE } from '@fleetlab/warehouse';
import { InvalidProblemError } from './errors.ts';
import type { DistanceModel, EnvironmentInput } from './problem-input.ts';
import type { FloorDistanceRows } from './floor-distance-rows.ts';
import { buildCsrGraph, DijkstraRunner, type CsrGraph } from './shortest-paths.ts';

/**
 * The places a problem knows and the distances between them, in one of two models:
 * - `floor` (the product's): places are the environment's pickups, dropoffs, robots and
 *   stations, each on its floor cell (packages/warehouse's `Floor`), and the distance between two
 *   places is the floor walk between their cells, 1 m a cell; a leg's path is just the two places.
 * - `graph` (for comparisons with tools that use the spec's straight edges): places are the
 *   navigation graph's nodes and distances its shortest paths (Dijkstra), paths the node lists.
 */
export interface PlaceDistances {
  model: DistanceModel;
  nodeIds: string[];
  nodeIndex: Map<string, number>;
  nodeX: Float64Array;
  nodeY: Float64Array;
  /** The floor (floor model) or null. */
  floor: Floor | null;
  /** Per node, its floor cell (floor model) or -1. */
  nodeCell: Int32Array;
  /** The spec's graph (graph model) or null. */
  graph: CsrGraph | null;
  /** Row of `distances` for a node, or -1 when no row starts there. */
  sourceRow: Int32Array;
  /** Per row, the distance from its place to every node (Infinity where unreachable). */
  distances: Float64Array[];
  /**
   * Per row, the time to every node times the top speed (metres at top speed that take as long):
   * the same arrays as `distances` for a point robot, whose legs take distance / speed; for a
   * robot with acceleration and turns, the least-time walk's seconds x speed (and `distances`
   * that walk's metres, so the battery follows the metres the robot really drives).
   */
  drives: Float64Array[];
  /** Graph model: per row, each node's predecessor on a shortest path; floor model: empty. */
  predecessors: Int32Array[];
  /** Per row, a node that stands for it (several nodes on one floor cell share a row). */
  rowNode: number[];
}

/** Reads the environment's places in the given model; rows are added with `addRows`. */
export function readPlaces(environment: EnvironmentInput, model: DistanceModel): PlaceDistances {
  return model === 'graph' ? readGraphPlaces(environment) : readFloorPlaces(environment);
}

function emptyRows(
  nodeCount: number,
): Pick<PlaceDistances, 'sourceRow' | 'distances' | 'drives' | 'predecessors' | 'rowNode'> {
  return { sourceRow: new Int32Array(nodeCount).fill(-1), distances: [], drives: [], predecessors: [], rowNode: [] };
}

function readFloorPlaces(environment: EnvironmentInput): PlaceDistances {
  if (!environment?.elements) throw new InvalidProblemError('The environment has no elements');
  let floor: Floor;
  try {
    floor = new Floor(environment as ConstructorParameters<typeof Floor>[0]);
  } catch (error) {
    if (error instanceof FloorError) throw new InvalidProblemError(error.message);
    throw error;
  }
  const elements = environment.elements as Record<string, { id: string; position?: readonly number[] }[] | undefined>;
  const nodeIds: string[] = [];
  const nodeIndex = new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  const cells: number[] = [];
  for (const kind of ['pickups', 'dropoffs', 'robots', 'robot_stations']) {
    for (const element of elements[kind] ?? []) {
      const cell = floor.cellOf(element.id);
      if (nodeIndex.has(element.id) || cell === undefined) continue;
      if (kind !== 'robots' && kind !== 'robot_stations' && floor.stationAt[cell] >= 0) {
        throw new InvalidProblemError(
          `${kind === 'pickups' ? 'Pickup' : 'Dropoff'} ${element.id} stands on station ${floor.stationIds[floor.stationAt[cell]]}'s cell, which only that station's robots may enter`,
        );
      }
      nodeIndex.set(element.id, nodeIds.length);
      nodeIds.push(element.id);
      xs.push(element.position?.[0] ?? floor.x(cell) + 0.5);
      ys.push(element.position?.[1] ?? floor.y(cell) + 0.5);
      cells.push(cell);
    }
  }
  return {
    model: 'floor',
    nodeIds,
    nodeIndex,
    nodeX: Float64Array.from(xs),
    nodeY: Float64Array.from(ys),
    floor,
    nodeCell: Int32Array.from(cells),
    graph: null,
    ...emptyRows(nodeIds.length),
  };
}

/** The graph's nodes (the first of repeated ids kept) and its edges as a CSR graph. */
function readGraphPlaces(environment: EnvironmentInput): PlaceDistances {
  if (!environment?.graph || !Array.isArray(environment.graph.nodes) || !Array.isArray(environment.graph.edges)) {
    throw new InvalidProblemError('The environment has no graph with nodes and edges');
  }
  const nodeIds: string[] = [];
  const nodeIndex = new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  for (const node of environment.graph.nodes) {
    if (nodeIndex.has(node.id)) continue;
    nodeIndex.set(node.id, nodeIds.length);
    nodeIds.push(node.id);
    xs.push(typeof node.x === 'number' ? node.x : 0);
    ys.push(typeof node.y === 'number' ? node.y : 0);
  }
  const edges: { from: number; to: number; weight: number }[] = [];
  for (const edge of environment.graph.edges) {
    const from = nodeIndex.get(edge.from);
    const to = nodeIndex.get(edge.to);
    if (from === undefined || to === undefined) {
      throw new InvalidProblemError(`Graph edge ${edge.from} -> ${edge.to} names a node that is not in the graph`);
    }
    if (typeof edge.weight !== 'number' || !Number.isFinite(edge.weight) || edge.weight < 0) {
      throw new InvalidProblemError(
        `Graph edge ${edge.from} -> ${edge.to} has an invalid weight ${JSON.stringify(edge.weight)}`,
      );
    }
    edges.push({ from, to, weight: edge.weight });
  }
  return {
    model: 'graph',
    nodeIds,
    nodeIndex,
    nodeX: Float64Array.from(xs),
    nodeY: Float64Array.from(ys),
    floor: null,
    nodeCell: new Int32Array(nodeIds.length).fill(-1),
    graph: buildCsrGraph(nodeIds.length, edges),
    ...emptyRows(nodeIds.length),
  };
}

/**
 * One row of distances from every given node (a place some leg starts from): a breadth-first
 * walk of the floor from its cell (nodes on one cell share the row; `cellRows`, when given, keeps
 * the walks for later problems on the same floor), or Dijkstra on the graph. A robot model with
 * acceleration and turns reads its rows from the floor's clock (the warehouse's least-time walks).
 */
export function addRows(
  places: PlaceDistances,
  sources: readonly number[],
  clock: FloorClock | null,
  cellRows?: FloorDistanceRows,
): void {
  const nodeCount = places.nodeIds.length;
  if (places.floor) {
    const floor = places.floor;
    const own = cellRows ? null : new Int32Array(floor.cellCount);
    if (clock && !clock.point) {
      const { stepS, robotSpeed } = clock.parameters;
      addCellRows(places, sources, true, (cell, distances, drives) => {
        const legs = clock.rowFrom(cell);
        places.nodeCell.forEach((target, node) => {
          const reachable = legs.steps[target] < UNREACHABLE;
          distances[node] = reachable ? legs.metres[target] : Infinity;
          drives[node] = reachable ? legs.steps[target] * stepS * robotSpeed : Infinity;
        });
      });
      return;
    }
    addCellRows(places, sources, false, (cell, distances) => {
      const walk: ArrayLike<number> = cellRows
        ? cellRows.from(floor, cell)
        : floor.distancesFrom(cell, own ?? undefined);
      places.nodeCell.forEach((target, node) => {
        distances[node] = walk[target] >= UNREACHABLE ? Infinity : walk[target];
      });
    });
    return;
  }
  if (!places.graph) throw new Error('Place distances need a floor or a graph');
  const runner = new DijkstraRunner(places.graph);
  for (const node of sources) {
    if (node < 0 || places.sourceRow[node] >= 0) continue;
    const dist = new Float64Array(nodeCount);
    const pred = new Int32Array(nodeCount);
    runner.run(node, dist, pred);
    places.sourceRow[node] = places.distances.length;
    places.distances.push(dist);
    places.drives.push(dist);
    places.predecessors.push(pred);
    places.rowNode.push(node);
  }
}

/**
 * One row per distinct cell a leg starts from (nodes on one cell share it), filled by `fill`
 * with the metres and, when `timed` (a robot with acceleration and turns), the drive metres to
 * every node; a point robot's drive row is its distance row.
 */
function addCellRows(
  places: PlaceDistances,
  sources: readonly number[],
  timed: boolean,
  fill: (cell: number, distances: Float64Array, drives: Float64Array) => void,
): void {
  const nodeCount = places.nodeIds.length;
  const rowOfCell = new Map<number, number>();
  for (const node of sources) {
    if (node < 0 || places.sourceRow[node] >= 0) continue;
    const cell = places.nodeCell[node];
    let row = rowOfCell.get(cell);
    if (row === undefined) {
      row = places.distances.length;
      rowOfCell.set(cell, row);
      const distances = new Float64Array(nodeCount);
      const drives = timed ? new Float64Array(nodeCount) : distances;
      fill(cell, distances, drives);
      places.distances.push(distances);
      places.drives.push(drives);
      places.rowNode.push(node);
    }
    places.sourceRow[node] = row;
  }
}
