import { KeyedHeap } from '@fleetlab/warehouse';

/**
 * A sparse transportation problem: rows with integer supplies, columns with integer capacities,
 * and a list of allowed arcs (row, column, cost >= 0) per row. Every unit of every row's supply
 * must reach a column through an allowed arc; a column takes at most its capacity. Minimise the
 * total cost. The caller guarantees a feasible flow (e.g. an overflow column reachable from every
 * row with capacity for all the supply).
 *
 * Method: successive shortest paths with node potentials. The network is
 * row -> column (arc cost, unbounded) -> sink (cost 0, the column's capacity). A first pass
 * sends each row's supply along its cheapest arc as far as that column's capacity allows (those
 * arcs are tight under the starting potentials, so the optimality conditions hold). Then, while
 * a row has supply left, Dijkstra on the reduced costs (never negative) finds the shortest path
 * from it to the sink through the residual graph (forward arcs, and backward arcs where flow
 * runs), and the path carries as much as its bottleneck allows. Each augmentation moves at
 * least one unit, so it ends after at most `total supply` rounds; Dijkstra touches only the
 * allowed arcs, so a round costs O(arcs + nodes log nodes).
 *
 * Warm start: given the solution of the same problem with fewer arcs (each row's old arcs first,
 * in the same order), the old flow and potentials are kept. A row that gains an arc of negative
 * reduced cost gives back its flow: its units become supply again and the columns it used are
 * left short by as much (their flow to the sink stays), and its potential rises until its arcs
 * are no longer negative (no residual arc enters it once its flow is gone, so nothing else
 * changes). The shortest paths then run from those rows to the sink or to a column left short.
 *
 * Duals: with potentials pi kept so that every residual arc has reduced cost
 * cost + pi[from] - pi[to] >= 0, the row prices u_q = pi[sink] - pi[q] and the column prices
 * w_p = min(0, pi[p] - pi[sink]) satisfy u_q + w_p <= cost on every allowed arc, w_p <= 0, and
 * sum supply * u + sum capacity * w equals the optimum (columns with spare capacity have price 0,
 * full ones a price <= 0, partly used ones exactly 0).
 */
export interface TransportationProblem {
  supplies: Int32Array;
  capacities: Int32Array;
  /** Arcs of row q are arcStart[q] .. arcStart[q + 1] - 1 (length rows + 1). */
  arcStart: Int32Array;
  arcColumn: Int32Array;
  arcCost: Float64Array;
}

export interface TransportationSolution {
  /** Units on each arc. */
  flow: Int32Array;
  /** Sum of flow times cost. */
  cost: number;
  rowPrices: Float64Array;
  /** Never above 0. */
  columnPrices: Float64Array;
  /** Node potentials (rows, columns, then the sink), for a warm start. */
  potentials: Float64Array;
}

/** A solved problem whose arcs are, row by row, a prefix of the new problem's arcs. */
export interface TransportationStart {
  problem: TransportationProblem;
  solution: TransportationSolution;
}

export function solveTransportation(
  problem: TransportationProblem,
  poll?: () => void,
  start?: TransportationStart,
): TransportationSolution {
  const network = new ResidualNetwork(problem);
  if (start) network.warmStart(start);
  else network.coldStart();
  network.placeSupply(poll);
  return network.solution();
}

/**
 * The residual network of the method above: the flow on each arc, the supply each row has left,
 * each column's spare capacity and the node potentials, with the Dijkstra state of its searches.
 */
class ResidualNetwork {
  private readonly rows: number;
  private readonly columns: number;
  private readonly sink: number;
  private readonly arcRow: Int32Array;
  private readonly flow: Int32Array;
  private readonly excess: Int32Array;
  private readonly spare: Int32Array;
  /** Units a column still owes the sink after a warm start took its inflow away. */
  private readonly short: Int32Array;
  private readonly pi: Float64Array;
  /** The arcs carrying flow into each column (the backward moves), kept as swap-remove lists. */
  private readonly carrying: number[][];
  private readonly slot: Int32Array;
  /**
   * Units the sink still waits for: after a warm start none (it kept every unit; the columns
   * left short owe them), so then the sink is a way through, never an end.
   */
  private sinkWants = 0;
  // Dijkstra state; a node's labels count only when its stamp is the current search's.
  // parentArc: the arc into a column from a row (forward) or into a row from a column (backward);
  // -1 for the moves through the sink, whose other end is parentNode.
  private readonly distance: Float64Array;
  private readonly reached: Int32Array;
  private readonly done: Int32Array;
  private readonly parentArc: Int32Array;
  private readonly parentNode: Int32Array;
  private readonly settledNodes: Int32Array;
  private settledCount = 0;
  /** Lazy deletion: a node may sit in the heap several times; stale entries are skipped. */
  private readonly heap: KeyedHeap;
  private search = 0;

  constructor(private readonly problem: TransportationProblem) {
    const { supplies, capacities, arcStart, arcColumn } = problem;
    const rows = supplies.length;
    const columns = capacities.length;
    const arcs = arcColumn.length;
    const nodes = rows + columns + 1;
    this.rows = rows;
    this.columns = columns;
    this.sink = rows + columns;
    this.arcRow = new Int32Array(arcs);
    for (let q = 0; q < rows; q++) for (let a = arcStart[q]; a < arcStart[q + 1]; a++) this.arcRow[a] = q;
    this.flow = new Int32Array(arcs);
    this.excess = Int32Array.from(supplies);
    this.spare = Int32Array.from(capacities);
    this.short = new Int32Array(columns);
    this.pi = new Float64Array(nodes);
    this.carrying = Array.from({ length: columns }, () => []);
    this.slot = new Int32Array(arcs).fill(-1);
    this.distance = new Float64Array(nodes);
    this.reached = new Int32Array(nodes);
    this.done = new Int32Array(nodes);
    this.parentArc = new Int32Array(nodes);
    this.parentNode = new Int32Array(nodes);
    this.settledNodes = new Int32Array(nodes);
    this.heap = new KeyedHeap(2 * arcs + 2 * nodes + 1);
  }

  private changeFlow(a: number, units: number): void {
    const { flow, carrying, slot } = this;
    const before = flow[a];
    flow[a] = before + units;
    if (before === 0 && units > 0) {
      const list = carrying[this.problem.arcColumn[a]];
      slot[a] = list.length;
      list.push(a);
    } else if (flow[a] === 0 && before > 0) {
      const list = carrying[this.problem.arcColumn[a]];
      const moved = list[list.length - 1];
      list.pop();
      if (moved !== a) {
        list[slot[a]] = moved;
        slot[moved] = slot[a];
      }
      slot[a] = -1;
    }
  }

  /** Cheapest arc of each row: tight under pi[row] = -its cost, pi = 0 elsewhere. */
  coldStart(): void {
    const { arcStart, arcColumn, arcCost } = this.problem;
    const { excess, spare, pi } = this;
    for (let q = 0; q < this.rows; q++) {
      let best = -1;
      for (let a = arcStart[q]; a < arcStart[q + 1]; a++) if (best < 0 || arcCost[a] < arcCost[best]) best = a;
      if (best < 0) {
        if (excess[q] > 0) throw new Error(`Transportation row ${q} has supply but no arc`);
        continue;
      }
      pi[q] = -arcCost[best];
      const units = Math.min(excess[q], spare[arcColumn[best]]);
      if (units === 0) continue;
      this.changeFlow(best, units);
      excess[q] -= units;
      spare[arcColumn[best]] -= units;
    }
  }

  /** Loads the previous flow and potentials; rows with a new negative arc give their flow back. */
  warmStart(start: TransportationStart): void {
    const { problem, pi, excess, spare, short, flow, rows } = this;
    const { arcStart, arcColumn, arcCost } = problem;
    const old = start.problem;
    if (old.supplies.length !== rows || old.capacities.length !== problem.capacities.length) {
      throw new Error('A warm start needs the same rows and columns');
    }
    pi.set(start.solution.potentials);
    for (let q = 0; q < rows; q++) {
      const kept = old.arcStart[q + 1] - old.arcStart[q];
      if (old.supplies[q] !== problem.supplies[q] || kept > arcStart[q + 1] - arcStart[q])
        throw new Error(`Row ${q} changed between warm-started solves`);
      for (let i = 0; i < kept; i++) {
        const a = arcStart[q] + i;
        const previous = old.arcStart[q] + i;
        if (old.arcColumn[previous] !== arcColumn[a] || old.arcCost[previous] !== arcCost[a])
          throw new Error(`Row ${q} changed its arcs between warm-started solves`);
        const units = start.solution.flow[previous];
        if (units === 0) continue;
        this.changeFlow(a, units);
        excess[q] -= units;
        spare[arcColumn[a]] -= units;
      }
      let lowest = 0;
      for (let a = arcStart[q] + kept; a < arcStart[q + 1]; a++) {
        lowest = Math.min(lowest, arcCost[a] + pi[q] - pi[rows + arcColumn[a]]);
      }
      if (lowest >= 0) continue;
      for (let a = arcStart[q]; a < arcStart[q] + kept; a++) {
        const units = flow[a];
        if (units === 0) continue;
        this.changeFlow(a, -units);
        excess[q] += units;
        short[arcColumn[a]] += units;
      }
      pi[q] -= lowest;
    }
  }

  /** Sends every row's remaining supply along shortest paths of the residual network. */
  placeSupply(poll?: () => void): void {
    const { excess, short } = this;
    this.sinkWants = 0;
    for (let q = 0; q < this.rows; q++) this.sinkWants += excess[q];
    for (let p = 0; p < this.columns; p++) this.sinkWants -= short[p];
    for (let source = 0; source < this.rows; source++) {
      while (excess[source] > 0) {
        this.search++;
        if (poll && (this.search & 63) === 0) poll();
        const target = this.nearestTarget(source);
        if (target < 0)
          throw new Error(
            `Transportation row ${source} cannot place its supply: no column with spare capacity is reachable`,
          );
        this.augment(source, target);
      }
    }
  }

  private relax(x: number, d: number, from: number, arc: number): void {
    if (this.reached[x] === this.search && d >= this.distance[x]) return;
    this.reached[x] = this.search;
    this.distance[x] = d;
    this.parentNode[x] = from;
    this.parentArc[x] = arc;
    this.heap.push(d, x);
  }

  /**
   * Dijkstra on the reduced costs from `source` to the nearest node that takes units: the sink
   * while it waits for some, or a column left short. Returns it, or -1 when none is reachable.
   */
  private nearestTarget(source: number): number {
    const { arcStart, arcColumn, arcCost, capacities } = this.problem;
    const { rows, columns, sink, pi, spare, short, distance, done, heap, search } = this;
    heap.clear();
    distance[source] = 0;
    this.reached[source] = search;
    heap.push(0, source);
    this.settledCount = 0;
    while (heap.size > 0) {
      const x = heap.pop();
      if (done[x] === search) continue;
      done[x] = search;
      this.settledNodes[this.settledCount++] = x;
      if (x === sink ? this.sinkWants > 0 : x >= rows && short[x - rows] > 0) return x;
      const dx = distance[x];
      if (x < rows) {
        for (let a = arcStart[x]; a < arcStart[x + 1]; a++) {
          const p = rows + arcColumn[a];
          if (done[p] !== search) this.relax(p, dx + arcCost[a] + pi[x] - pi[p], x, a);
        }
      } else if (x === sink) {
        for (let p = 0; p < columns; p++) {
          if (spare[p] < capacities[p] && done[rows + p] !== search)
            this.relax(rows + p, dx + pi[sink] - pi[rows + p], sink, -1);
        }
      } else {
        const column = x - rows;
        if (spare[column] > 0 && done[sink] !== search) this.relax(sink, dx + pi[x] - pi[sink], x, -1);
        const list = this.carrying[column];
        for (let k = 0; k < list.length; k++) {
          const a = list[k];
          const q = this.arcRow[a];
          if (done[q] !== search) this.relax(q, dx - arcCost[a] + pi[x] - pi[q], x, a);
        }
      }
    }
    return -1;
  }

  /** Moves the potentials by the last search's distances and sends what the path from source to target allows. */
  private augment(source: number, target: number): void {
    const { capacities } = this.problem;
    const { rows, sink, pi, spare, short, flow, excess, distance, settledNodes, parentNode, parentArc } = this;
    // Keep every residual reduced cost >= 0: each settled node moves by its distance, every
    // other node by the target's; only differences of pi matter, so the others stay put.
    const toTarget = distance[target];
    for (let k = 0; k < this.settledCount; k++) pi[settledNodes[k]] += distance[settledNodes[k]] - toTarget;

    let units = Math.min(excess[source], target === sink ? this.sinkWants : short[target - rows]);
    for (let x = target; x !== source; x = parentNode[x]) {
      const from = parentNode[x];
      if (x === sink) units = Math.min(units, spare[from - rows]);
      else if (from === sink) units = Math.min(units, capacities[x - rows] - spare[x - rows]);
      else if (x < rows) units = Math.min(units, flow[parentArc[x]]);
    }
    // Every move on the path has room for a unit, so each search moves at least one.
    if (!(units > 0)) throw new Error('Transportation search found a path with no room');
    for (let x = target; x !== source; x = parentNode[x]) {
      const from = parentNode[x];
      if (x === sink) spare[from - rows] -= units;
      else if (from === sink) spare[x - rows] += units;
      else this.changeFlow(parentArc[x], x < rows ? -units : units);
    }
    if (target === sink) this.sinkWants -= units;
    else short[target - rows] -= units;
    excess[source] -= units;
  }

  solution(): TransportationSolution {
    const { arcCost } = this.problem;
    const { rows, columns, sink, flow, pi } = this;
    let cost = 0;
    for (let a = 0; a < flow.length; a++) if (flow[a] > 0) cost += flow[a] * arcCost[a];
    const rowPrices = new Float64Array(rows);
    for (let q = 0; q < rows; q++) rowPrices[q] = pi[sink] - pi[q];
    const columnPrices = new Float64Array(columns);
    for (let p = 0; p < columns; p++) columnPrices[p] = Math.min(0, pi[rows + p] - pi[sink]);
    return { flow, cost, rowPrices, columnPrices, potentials: pi };
  }
}
