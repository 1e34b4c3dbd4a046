import type { NavigationGraph } from '../layout/types.ts';
import { graphNodesOf, type GraphSourceElements } from './graph-nodes.ts';
import { dominatedPairMask } from './prune-dominated-edges.ts';
import { edgesOfPairs, nodeGeometryOf, visibleNodePairs } from './visible-node-pairs.ts';

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
export function buildNavigationGraph(
  elements: GraphSourceElements,
  options: BuildNavigationGraphOptions = {},
): NavigationGraph {
  const nodes = graphNodesOf(elements);
  const geometry = nodeGeometryOf(nodes);
  const pairs = visibleNodePairs(nodes, geometry, elements.shelves);
  const dropped =
    options.edges === 'full'
      ? new Uint8Array(pairs.length / 2)
      : dominatedPairMask(
          geometry,
          pairs,
          Uint8Array.from(nodes, (node) => (node.type === 'robot' ? 1 : 0)),
        );
  return { nodes, edges: edgesOfPairs(nodes, geometry, pairs, dropped) };
}
