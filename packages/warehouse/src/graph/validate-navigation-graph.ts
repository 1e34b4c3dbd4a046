import type { GraphNode, NavigationGraph, Shelf } from '../layout/types.ts';
import { edgeEndPosition, edgeWeight } from './edge-rules.ts';
import { graphNodesOf, type GraphSourceElements } from './graph-nodes.ts';
import { ShelfSegmentIndex } from './shelf-segment-index.ts';

/** Stored weights are rounded to 2 decimals; allow that rounding (and float noise) and no more. */
const WEIGHT_TOLERANCE = 0.01 + 1e-9;

export interface NavigationGraphProblem {
  message: string;
}

/** What the validator reads of an environment (the body of POST /environments). */
export interface GraphToValidate {
  elements: { shelves: readonly Shelf[] };
  graph: NavigationGraph;
}

/**
 * Checks a submitted graph against its layout, for POST /environments: every edge's ends exist
 * as nodes, every weight matches the distance between its ends (pickups moved 0.05 toward their
 * side, as the builder measures) within 0.01, and no edge crosses a shelf. Returns null when the
 * graph is sound, otherwise the first problem in edge order, naming the edge, e.g.
 * `graph edge P3 -> N7 crosses shelf S2`. Pruned and full graphs both pass.
 */
export function validateNavigationGraph(environment: GraphToValidate): NavigationGraphProblem | null {
  const nodesById = new Map<string, GraphNode>();
  for (const node of environment.graph.nodes) {
    if (nodesById.has(node.id)) return { message: `graph node ${node.id} appears more than once` };
    nodesById.set(node.id, node);
  }
  const shelves = environment.elements.shelves;
  const index = new ShelfSegmentIndex(shelves);
  for (const edge of environment.graph.edges) {
    const name = `graph edge ${edge.from} -> ${edge.to}`;
    const from = nodesById.get(edge.from);
    if (!from) return { message: `${name} starts at unknown node ${edge.from}` };
    const to = nodesById.get(edge.to);
    if (!to) return { message: `${name} ends at unknown node ${edge.to}` };
    const a = edgeEndPosition(from);
    const b = edgeEndPosition(to);
    const expected = edgeWeight(a, b);
    if (!(Math.abs(edge.weight - expected) <= WEIGHT_TOLERANCE)) {
      return { message: `${name} has weight ${edge.weight}, expected ${expected}` };
    }
    const crossed = index.crossedShelf(a[0], a[1], b[0], b[1]);
    if (crossed >= 0) return { message: `${name} crosses shelf ${shelves[crossed].id}` };
  }
  return null;
}

const NODE_TYPE_NAMES: Record<GraphNode['type'], string> = {
  pickup: 'pickup',
  dropoff: 'dropoff',
  navigation: 'navigation point',
  robot: 'robot',
  robot_station: 'robot station',
};

/**
 * Checks that the graph's nodes are the layout's (`graphNodesOf`): one node for each selected
 * pickup, dropoff, navigation point, robot and station, with its id, type and position, and a
 * pickup's side and shelf (edge weights are measured from them). Returns the first problem,
 * naming the node, e.g. `graph node P2 at (3, 4) is not where pickup P2 is, at (3, 2.5)`.
 */
export function validateGraphNodes(
  elements: GraphSourceElements,
  nodes: readonly GraphNode[],
): NavigationGraphProblem | null {
  const expected = new Map(graphNodesOf(elements).map((node) => [node.id, node]));
  const seen = new Set<string>();
  for (const node of nodes) {
    const element = expected.get(node.id);
    if (!element) return { message: `graph node ${node.id} is no element of the layout` };
    seen.add(node.id);
    const kind = NODE_TYPE_NAMES[element.type];
    if (node.type !== element.type)
      return {
        message: `graph node ${node.id} is a ${NODE_TYPE_NAMES[node.type]}, but ${node.id} is a ${kind} of the layout`,
      };
    if (node.x !== element.x || node.y !== element.y) {
      return {
        message: `graph node ${node.id} at (${node.x}, ${node.y}) is not where ${kind} ${node.id} is, at (${element.x}, ${element.y})`,
      };
    }
    if (node.type === 'pickup' && (node.side !== element.side || node.shelf_id !== element.shelf_id)) {
      return {
        message: `graph node ${node.id} is on the ${node.side} side of ${node.shelf_id}, but pickup ${node.id} is on the ${element.side} side of ${element.shelf_id}`,
      };
    }
  }
  for (const element of expected.values()) {
    if (!seen.has(element.id))
      return { message: `graph has no node for ${NODE_TYPE_NAMES[element.type]} ${element.id}` };
  }
  return null;
}
