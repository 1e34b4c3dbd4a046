import type { GraphEdge, GraphNode } from '../problem/problem-input.ts';
import { buildCsrGraph, DijkstraRunner, type CsrGraph } from '../problem/shortest-paths.ts';

/**
 * The stored navigation graph's node lists along a floor plan's legs. Plans are measured and
 * timed on the floor; a step's `path` still lists graph nodes (start, navigation points, pickup,
 * dropoff; the station for a recharge), every consecutive pair an edge of the stored graph, so
 * a client that draws straight lines between them (the original product's player) keeps its
 * robots off the shelves, as the graph's edges never cross one. Each leg is the graph's
 * shortest path between its two places: the graph's nearest match to the floor walk, which is
 * also a shortest way between them.
 *
 * Cost: nothing until the first leg; then one Dijkstra per distinct hub or robot start. The
 * graph is undirected, so a leg is read from the search of either end, and searches are run from
 * the ends legs share most: dropoffs and stations (a day's legs run dropoff -> pickup -> dropoff
 * and to a station), never from each of the many pickups. At 20,000 orders on a 50x50 floor that
 * is ~480 searches instead of ~1,400. Each leg's node list is built once per place pair and
 * shared by every step that drives it.
 */
export class GraphLegs {
  private readonly nodeIds: string[] = [];
  /** Per node, 1 for a dropoff or a station: legs share these ends most, so searches start there. */
  private readonly hub: number[] = [];
  private readonly nodeIndex = new Map<string, number>();
  private csr: CsrGraph | null = null;
  private runner: DijkstraRunner | null = null;
  private readonly predecessors = new Map<number, Int32Array>();
  private readonly legs = new Map<number, readonly string[]>();
  private readonly edges: readonly GraphEdge[];

  constructor(graph: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[] }) {
    for (const node of graph.nodes) {
      if (this.nodeIndex.has(node.id)) continue;
      this.nodeIndex.set(node.id, this.nodeIds.length);
      this.nodeIds.push(node.id);
      this.hub.push(node.type === 'dropoff' || node.type === 'robot_station' ? 1 : 0);
    }
    this.edges = graph.edges;
  }

  /** Whether the stored graph has a node of this id. */
  has(id: string): boolean {
    return this.nodeIndex.has(id);
  }

  /**
   * Node ids from `from` to `to`, both included, along the graph's shortest path between them.
   * A place the graph lacks, or two places the graph does not join, give the two places alone
   * (the floor still joins them; the server only stores graphs that hold every place).
   */
  leg(from: string, to: string): readonly string[] {
    if (from === to) return [from];
    const source = this.nodeIndex.get(from);
    const target = this.nodeIndex.get(to);
    if (source === undefined || target === undefined) return [from, to];
    const key = source * this.nodeIds.length + target;
    let leg = this.legs.get(key);
    if (leg === undefined) {
      const fromTarget =
        !this.predecessors.has(source) &&
        (this.predecessors.has(target) || (this.hub[target] === 1 && this.hub[source] === 0));
      const found = fromTarget
        ? this.walkBack(this.treeFrom(target), target, source)
        : this.walkBack(this.treeFrom(source), source, target)?.reverse();
      leg = found ?? [from, to];
      this.legs.set(key, leg);
    }
    return leg;
  }

  /** The tree's path from `target` back to its root `root` (so the root comes last), or null when not joined. */
  private walkBack(pred: Int32Array, root: number, target: number): string[] | null {
    if (pred[target] < 0) return null;
    const path: string[] = [];
    for (let node = target; node !== root; node = pred[node]) path.push(this.nodeIds[node]);
    path.push(this.nodeIds[root]);
    return path;
  }

  /** The shortest-path tree from a node (predecessors), searched once per node. */
  private treeFrom(source: number): Int32Array {
    let pred = this.predecessors.get(source);
    if (pred === undefined) {
      const count = this.nodeIds.length;
      this.runner ??= new DijkstraRunner(this.graph());
      pred = new Int32Array(count);
      this.runner.run(source, new Float64Array(count), pred);
      this.predecessors.set(source, pred);
    }
    return pred;
  }

  private graph(): CsrGraph {
    if (this.csr) return this.csr;
    const edges: { from: number; to: number; weight: number }[] = [];
    for (const edge of this.edges) {
      const from = this.nodeIndex.get(edge.from);
      const to = this.nodeIndex.get(edge.to);
      // An edge naming no node, or with an unusable weight, is no way to drive (the server
      // rejects such graphs; instance files are taken as they come).
      if (from === undefined || to === undefined || !(Number.isFinite(edge.weight) && edge.weight >= 0)) continue;
      edges.push({ from, to, weight: edge.weight });
    }
    this.csr = buildCsrGraph(this.nodeIds.length, edges);
    return this.csr;
  }
}
