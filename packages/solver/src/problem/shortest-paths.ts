/**
 * Undirected graph in compressed sparse row form, and Dijkstra with a binary heap on typed
 * arrays: xl1 runs ~550 sources on ~700 nodes and ~53k edges, so allocations matter.
 */
export interface CsrGraph {
  nodeCount: number;
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

/** Builds the CSR form; parallel or mirrored edges collapse to one undirected edge of least weight. */
export function buildCsrGraph(nodeCount: number, edges: { from: number; to: number; weight: number }[]): CsrGraph {
  const best = new Map<number, number>();
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    const low = Math.min(edge.from, edge.to);
    const high = Math.max(edge.from, edge.to);
    const key = low * nodeCount + high;
    const known = best.get(key);
    if (known === undefined || edge.weight < known) best.set(key, edge.weight);
  }
  const degree = new Int32Array(nodeCount + 1);
  for (const key of best.keys()) {
    degree[Math.floor(key / nodeCount)]++;
    degree[key % nodeCount]++;
  }
  const offsets = new Int32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i++) offsets[i + 1] = offsets[i] + degree[i];
  const cursor = offsets.slice(0, nodeCount);
  const targets = new Int32Array(offsets[nodeCount]);
  const weights = new Float64Array(offsets[nodeCount]);
  // Sorted keys keep adjacency order, and so tie-breaking between equal paths, deterministic.
  const pairs = [...best].sort(([a], [b]) => a - b);
  for (const [key, weight] of pairs) {
    const low = Math.floor(key / nodeCount);
    const high = key % nodeCount;
    targets[cursor[low]] = high;
    weights[cursor[low]++] = weight;
    targets[cursor[high]] = low;
    weights[cursor[high]++] = weight;
  }
  return { nodeCount, offsets, targets, weights };
}

/**
 * Reusable Dijkstra workspace with an indexed binary heap (decrease-key): on these dense
 * visibility graphs most relaxations improve a tentative distance, and a heap holding each
 * node at most once keeps those updates cheap.
 */
export class DijkstraRunner {
  private readonly heap: Int32Array;
  /** Position of a node in the heap; -1 = never queued, -2 = settled. */
  private readonly position: Int32Array;

  constructor(private readonly graph: CsrGraph) {
    this.heap = new Int32Array(graph.nodeCount);
    this.position = new Int32Array(graph.nodeCount);
  }

  /** Fills `dist` (Infinity when unreachable) and `pred` (-1 for the source and unreachable nodes). */
  run(source: number, dist: Float64Array, pred: Int32Array): void {
    const { offsets, targets, weights } = this.graph;
    const heap = this.heap;
    const position = this.position;
    dist.fill(Infinity);
    pred.fill(-1);
    position.fill(-1);
    dist[source] = 0;
    heap[0] = source;
    position[source] = 0;
    let size = 1;
    while (size > 0) {
      const node = heap[0];
      const key = dist[node];
      position[node] = -2;
      size--;
      if (size > 0) {
        const last = heap[size];
        const lastKey = dist[last];
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= size) break;
          const right = left + 1;
          const child = right < size && dist[heap[right]] < dist[heap[left]] ? right : left;
          if (dist[heap[child]] >= lastKey) break;
          heap[i] = heap[child];
          position[heap[i]] = i;
          i = child;
        }
        heap[i] = last;
        position[last] = i;
      }
      for (let e = offsets[node], end = offsets[node + 1]; e < end; e++) {
        const target = targets[e];
        const at = position[target];
        if (at === -2) continue;
        const candidate = key + weights[e];
        if (candidate < dist[target]) {
          dist[target] = candidate;
          pred[target] = node;
          let i = at;
          if (i === -1) i = size++;
          while (i > 0) {
            const parent = (i - 1) >> 1;
            const parentNode = heap[parent];
            if (dist[parentNode] <= candidate) break;
            heap[i] = parentNode;
            position[parentNode] = i;
            i = parent;
          }
          heap[i] = target;
          position[target] = i;
        }
      }
    }
  }
}
