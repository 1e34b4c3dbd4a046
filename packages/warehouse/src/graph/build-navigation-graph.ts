import type { GraphEdge, NavigationGraph } from '../layout/types.ts';
import { edgeWeightHundredths } from './edge-rules.ts';
import { graphNodesOf, type GraphSourceElements } from './graph-nodes.ts';
import { dominatedPairMask } from './prune-dominated-edges.ts';
import { nodeGeometryOf, visibleNodePairs } from './visible-node-pairs.ts';

export interface BuildNavigationGraphOptions {
  /**
   * `pruned` (default) drops edges implied by two shorter ones (see `dominatedPairMask`): every
   * shortest-path distance stays exactly that of the full rule set, and the saved graph stays
   * small. `full` keeps every edge the rules of spec §5 allow, as the original product stored
   * them (the benchmark instances' graphs are full graphs).
   */
  edges?: 'pruned' | 'full';
}

/**
 * The navigation graph of a layout (spec §3/§5): nodes are the selected pickups, dropoffs,
 * navigation points, robots and robot stations; two nodes are joined when the straight segment
 * between them crosses no shelf (pickups moved 0.05 toward their side for that test, and for the
 * weight) and the pickup-to-pickup rules allow it. Weights are Euclidean lengths rounded to 2
 * decimals; each edge is stored in both directions, `a -> b` then `b -> a`, in node order.
 */
export function buildNavigationGraph(elements: GraphSourceElements, options: BuildNavigationGraphOptions = {}): NavigationGraph {
  const nodes = graphNodesOf(elements);
  const geometry = nodeGeometryOf(nodes);
  const pairs = visibleNodePairs(nodes, geometry, elements.shelves);
  const dropped =
    options.edges === 'full'
      ? new Uint8Array(pairs.length / 2)
      : dominatedPairMask(geometry, pairs, Uint8Array.from(nodes, (node) => (node.type === 'robot' ? 1 : 0)));
  const edges: GraphEdge[] = [];
  for (let p = 0; p < pairs.length / 2; p++) {
    if (dropped[p] === 1) continue;
    const a = pairs[2 * p];
    const b = pairs[2 * p + 1];
    const weight = edgeWeightHundredths(geometry.x[a], geometry.y[a], geometry.x[b], geometry.y[b]) / 100;
    edges.push({ from: nodes[a].id, to: nodes[b].id, weight }, { from: nodes[b].id, to: nodes[a].id, weight });
  }
  return { nodes, edges };
}
