import type { NavigationGraph } from '../src/layout/types.ts';

/**
 * Exact single-source shortest-path distances in hundredths (integers, so no float sums), by
 * Dijkstra with a binary heap. Test support for comparing pruned and full graphs.
 */
export function distancesFrom(graph: NavigationGraph, source: string): Map<string, number> {
  const adjacency = new Map<string, Array<[string, number]>>();
  for (const node of graph.nodes) adjacency.set(node.id, []);
  for (const edge of graph.edges) adjacency.get(edge.from)!.push([edge.to, Math.round(edge.weight * 100)]);
  const distance = new Map<string, number>([[source, 0]]);
  const heap: Array<[number, string]> = [[0, source]];
  const push = (item: [number, string]) => {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent][0] <= heap[i][0]) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  };
  const pop = (): [number, string] => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && heap[left][0] < heap[smallest][0]) smallest = left;
        if (right < heap.length && heap[right][0] < heap[smallest][0]) smallest = right;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i], heap[smallest]];
        i = smallest;
      }
    }
    return top;
  };
  while (heap.length > 0) {
    const [d, node] = pop();
    if (d > (distance.get(node) ?? Infinity)) continue;
    for (const [next, weight] of adjacency.get(node)!) {
      const candidate = d + weight;
      if (candidate < (distance.get(next) ?? Infinity)) {
        distance.set(next, candidate);
        push([candidate, next]);
      }
    }
  }
  return distance;
}

/** The ids of the nodes whose mutual distances the solver uses: pickups, dropoffs and robots. */
export function terminalIds(graph: NavigationGraph): string[] {
  return graph.nodes
    .filter((node) => node.type === 'pickup' || node.type === 'dropoff' || node.type === 'robot')
    .map((node) => node.id);
}

/** Distances from each source to every node, as one comparable record (unreachable nodes absent). */
export function distanceTable(
  graph: NavigationGraph,
  sources: readonly string[],
): Record<string, Record<string, number>> {
  return Object.fromEntries(
    sources.map((source) => [
      source,
      Object.fromEntries([...distancesFrom(graph, source)].sort(([a], [b]) => (a < b ? -1 : 1))),
    ]),
  );
}

/** Edges as `from-to:weight` strings, one per undirected edge (from < to in node order). */
export function undirectedEdgeList(graph: NavigationGraph): string[] {
  const order = new Map(graph.nodes.map((node, index) => [node.id, index]));
  return graph.edges
    .filter((edge) => order.get(edge.from)! < order.get(edge.to)!)
    .map((edge) => `${edge.from}-${edge.to}:${edge.weight}`);
}
