import type { NavigationGraph } from '../layout/types.ts';
import { dominatedPairMask } from './prune-dominated-edges.ts';
import { edgesOfPairs, nodeGeometryOf } from './visible-node-pairs.ts';

/**
 * A checked graph (every edge's ends exist: `validateNavigationGraph`) as it is stored: each
 * linked pair once, both directions, in node order like `buildNavigationGraph`, without the edges
 * two shorter edges of the same graph imply (`dominatedPairMask`), weights measured as the builder
 * measures them. Every shortest distance between two nodes stays that of the given graph, so a
 * client that sends the full graph of spec §5 gets the same routes from a fraction of the edges.
 * An edge given in one direction only is kept in both: spec §3 stores every edge both ways.
 */
export function pruneNavigationGraph(graph: NavigationGraph): NavigationGraph {
  const { nodes } = graph;
  const count = nodes.length;
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const linked = new Set<number>();
  for (const edge of graph.edges) {
    const a = indexOf.get(edge.from);
    const b = indexOf.get(edge.to);
    if (a === undefined || b === undefined)
      throw new Error(`Edge ${edge.from} -> ${edge.to} names a node the graph does not have: validate it first`);
    if (a !== b) linked.add(Math.min(a, b) * count + Math.max(a, b));
  }
  const keys = Float64Array.from(linked).sort();
  const pairs = new Int32Array(keys.length * 2);
  keys.forEach((key, p) => {
    pairs[2 * p] = Math.floor(key / count);
    pairs[2 * p + 1] = key % count;
  });
  const geometry = nodeGeometryOf(nodes);
  const dropped = dominatedPairMask(
    geometry,
    pairs,
    Uint8Array.from(nodes, (node) => (node.type === 'robot' ? 1 : 0)),
  );
  return { nodes, edges: edgesOfPairs(nodes, geometry, pairs, dropped) };
}
