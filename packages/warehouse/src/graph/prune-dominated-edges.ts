import { edgeWeightHundredths } from './edge-rules.ts';
import type { NodeGeometry } from './visible-node-pairs.ts';

/**
 * A candidate middle node w of edge (u, v) satisfies |uw| + |wv| <= |uv| + 0.015 whenever the
 * rounded weights satisfy w(u,w) + w(w,v) <= w(u,v) (each rounding moves a weight by at most
 * 0.005), so it lies in a thin ellipse around the segment. The search uses a slightly wider one.
 */
const DETOUR_TOLERANCE = 0.02;

/** Uniform grid of unit cells over the nodes, to find the nodes near a segment. */
class NodeGrid {
  readonly originX: number;
  readonly originY: number;
  readonly columns: number;
  readonly rows: number;
  readonly cellStart: Int32Array;
  readonly cellNodes: Int32Array;

  constructor(geometry: NodeGeometry) {
    const { count, x, y } = geometry;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < count; i++) {
      minX = Math.min(minX, x[i]);
      minY = Math.min(minY, y[i]);
      maxX = Math.max(maxX, x[i]);
      maxY = Math.max(maxY, y[i]);
    }
    this.originX = count ? Math.floor(minX) : 0;
    this.originY = count ? Math.floor(minY) : 0;
    this.columns = count ? Math.floor(maxX) - this.originX + 1 : 0;
    this.rows = count ? Math.floor(maxY) - this.originY + 1 : 0;
    const cellOf = (i: number) => (Math.floor(y[i]) - this.originY) * this.columns + (Math.floor(x[i]) - this.originX);
    const start = new Int32Array(this.columns * this.rows + 1);
    for (let i = 0; i < count; i++) start[cellOf(i) + 1]++;
    for (let cell = 0; cell < this.columns * this.rows; cell++) start[cell + 1] += start[cell];
    this.cellStart = start.slice();
    this.cellNodes = new Int32Array(count);
    for (let i = 0; i < count; i++) this.cellNodes[start[cellOf(i)]++] = i;
  }
}

/** Strict total order on edges: by weight, then fewer robot ends first, then by node indices. */
function edgeKeyBefore(
  weightA: number,
  robotEndsA: number,
  lowA: number,
  highA: number,
  weightB: number,
  robotEndsB: number,
  lowB: number,
  highB: number,
): boolean {
  if (weightA !== weightB) return weightA < weightB;
  if (robotEndsA !== robotEndsB) return robotEndsA < robotEndsB;
  if (lowA !== lowB) return lowA < lowB;
  return highA < highB;
}

/**
 * Marks the edges (given as node pairs, as from `visibleNodePairs`) that can be dropped without
 * changing any shortest-path distance: edge (u, v) goes when some node w, not a robot, has edges
 * (u, w) and (w, v) in the full graph with w(u,w) + w(w,v) <= w(u,v) (rounded weights, compared
 * exactly in hundredths), both ordered before (u, v) by `edgeKeyBefore`.
 *
 * Why distances survive: take the edges in key order. A dropped edge is replaced by two edges of
 * smaller key whose weights add up to at most its own; each of those is kept or, by the same
 * argument applied to smaller keys, replaced by a path no longer than itself. The order is a
 * strict total order, so the recursion ends and every dropped edge has a kept path no longer than
 * it: the pruned graph has exactly the full graph's distances between ALL nodes.
 *
 * Typical drops: an edge running straight through another node (a row of navigation points along
 * an aisle keeps only its consecutive links), and the duplicate edges of robots parked on their
 * station (zero-weight links to the station; the station keeps the outward edges, because edges
 * with fewer robot ends come first). Robots are never the middle node, so a robot's route never
 * passes through another robot's parking spot.
 */
export function dominatedPairMask(geometry: NodeGeometry, pairs: Int32Array, isRobot: Uint8Array): Uint8Array {
  const { count, x, y } = geometry;
  const pairCount = pairs.length / 2;
  const dropped = new Uint8Array(pairCount);
  const adjacent = new Uint8Array(count * count);
  for (let p = 0; p < pairCount; p++) {
    const u = pairs[2 * p];
    const v = pairs[2 * p + 1];
    adjacent[u * count + v] = 1;
    adjacent[v * count + u] = 1;
  }
  const grid = new NodeGrid(geometry);
  const weightOf = (a: number, b: number) => edgeWeightHundredths(x[a], y[a], x[b], y[b]);

  for (let p = 0; p < pairCount; p++) {
    const u = pairs[2 * p];
    const v = pairs[2 * p + 1];
    const weight = weightOf(u, v);
    const robotEnds = isRobot[u] + isRobot[v];
    const ux = x[u];
    const uy = y[u];
    const dx = x[v] - ux;
    const dy = y[v] - uy;
    const length = Math.sqrt(dx * dx + dy * dy);
    const halfWidth = Math.sqrt((length * DETOUR_TOLERANCE) / 2 + (DETOUR_TOLERANCE * DETOUR_TOLERANCE) / 4);

    const alongX = Math.abs(dx) >= Math.abs(dy);
    const majorStart = alongX ? ux : uy;
    const minorStart = alongX ? uy : ux;
    const majorDelta = alongX ? dx : dy;
    const slope = majorDelta === 0 ? 0 : (alongX ? dy : dx) / majorDelta;
    const low = Math.min(majorStart, majorStart + majorDelta);
    const high = Math.max(majorStart, majorStart + majorDelta);
    const majorOrigin = alongX ? grid.originX : grid.originY;
    const minorOrigin = alongX ? grid.originY : grid.originX;
    const majorCount = alongX ? grid.columns : grid.rows;
    const minorCount = alongX ? grid.rows : grid.columns;
    const firstStrip = Math.max(Math.floor(low - DETOUR_TOLERANCE), majorOrigin);
    const lastStrip = Math.min(Math.floor(high + DETOUR_TOLERANCE), majorOrigin + majorCount - 1);

    search: for (let strip = firstStrip; strip <= lastStrip; strip++) {
      const from = Math.min(Math.max(strip, low), high);
      const to = Math.max(Math.min(strip + 1, high), low);
      const minorAtFrom = minorStart + (from - majorStart) * slope;
      const minorAtTo = minorStart + (to - majorStart) * slope;
      const minorLow = Math.max(Math.floor(Math.min(minorAtFrom, minorAtTo) - halfWidth), minorOrigin);
      const minorHigh = Math.min(
        Math.floor(Math.max(minorAtFrom, minorAtTo) + halfWidth),
        minorOrigin + minorCount - 1,
      );
      for (let minor = minorLow; minor <= minorHigh; minor++) {
        const cell = alongX
          ? (minor - grid.originY) * grid.columns + (strip - grid.originX)
          : (strip - grid.originY) * grid.columns + (minor - grid.originX);
        for (let slot = grid.cellStart[cell]; slot < grid.cellStart[cell + 1]; slot++) {
          const w = grid.cellNodes[slot];
          if (w === u || w === v || isRobot[w] === 1) continue;
          if (adjacent[u * count + w] === 0 || adjacent[w * count + v] === 0) continue;
          const first = weightOf(u, w);
          const second = weightOf(w, v);
          if (first + second > weight) continue;
          const firstRobotEnds = isRobot[u];
          const secondRobotEnds = isRobot[v];
          if (!edgeKeyBefore(first, firstRobotEnds, Math.min(u, w), Math.max(u, w), weight, robotEnds, u, v)) continue;
          if (!edgeKeyBefore(second, secondRobotEnds, Math.min(w, v), Math.max(w, v), weight, robotEnds, u, v))
            continue;
          dropped[p] = 1;
          break search;
        }
      }
    }
  }
  return dropped;
}
