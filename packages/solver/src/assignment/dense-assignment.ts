/**
 * Dense linear assignment by Jonker-Volgenant (LAPJV): column reduction, reduction transfer,
 * two rounds of augmenting row reduction, then shortest augmenting paths. Far faster in
 * practice than the O(n^3) Hungarian method; the detour-capacity bound prices its assignments with
 * it, at most DENSE_ASSIGNMENT_LIMIT rows (the model bound itself works by places).
 */
export interface AssignmentResult {
  /** Column assigned to each row. */
  rowToColumn: Int32Array;
  /** Row assigned to each column. */
  columnToRow: Int32Array;
  /** Sum of the chosen costs. */
  cost: number;
  /** A valid dual lower bound on the optimum, from the final column prices. */
  dualBound: number;
  /** The final column prices v: with row potentials u_i = min_j (c_ij - v_j) they are a feasible dual whose sum is `dualBound` (before its cap at `cost`). */
  columnPrices: Float64Array;
}

/** LAPJV's working state: the partial assignment, the column prices and the free rows. */
interface Lapjv {
  n: number;
  /** Row-major costs. */
  cost: Float64Array;
  rowToColumn: Int32Array;
  columnToRow: Int32Array;
  /** Column prices. */
  v: Float64Array;
  /** The unassigned rows are free[0 .. freeCount - 1]. */
  free: Int32Array;
  freeCount: number;
}

/**
 * Solves the square problem of size n with row-major costs (finite numbers). `poll` is called
 * every few augmentations so a caller can abandon a long solve (by throwing).
 */
export function solveSquareAssignment(n: number, cost: Float64Array, poll?: () => void): AssignmentResult {
  const rowToColumn = new Int32Array(n).fill(-1);
  const columnToRow = new Int32Array(n).fill(-1);
  const v = new Float64Array(n);
  if (n === 0) return { rowToColumn, columnToRow, cost: 0, dualBound: 0, columnPrices: v };
  const state: Lapjv = { n, cost, rowToColumn, columnToRow, v, free: new Int32Array(n), freeCount: 0 };
  const matches = reduceColumns(state);
  transferReduction(state, matches);
  reduceAugmentingRows(state);
  augmentFreeRows(state, poll);

  let total = 0;
  for (let i = 0; i < n; i++) total += cost[i * n + rowToColumn[i]];
  // Weak duality: for any prices v, sum_i min_j (c_ij - v_j) + sum_j v_j <= optimum.
  let dual = 0;
  for (let j = 0; j < n; j++) dual += v[j];
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    const base = i * n;
    for (let j = 0; j < n; j++) {
      const h = cost[base + j] - v[j];
      if (h < best) best = h;
    }
    dual += best;
  }
  return { rowToColumn, columnToRow, cost: total, dualBound: Math.min(dual, total), columnPrices: v };
}

/** Column reduction: each column to its cheapest row. Returns how many columns chose each row. */
function reduceColumns(state: Lapjv): Int32Array {
  const { n, cost, rowToColumn, columnToRow, v } = state;
  const matches = new Int32Array(n);
  for (let j = n - 1; j >= 0; j--) {
    let min = cost[j];
    let imin = 0;
    for (let i = 1; i < n; i++) {
      const c = cost[i * n + j];
      if (c < min) {
        min = c;
        imin = i;
      }
    }
    v[j] = min;
    if (++matches[imin] === 1) {
      rowToColumn[imin] = j;
      columnToRow[j] = imin;
    } else if (v[j] < v[rowToColumn[imin]]) {
      const j1 = rowToColumn[imin];
      rowToColumn[imin] = j;
      columnToRow[j] = imin;
      columnToRow[j1] = -1;
    } else {
      columnToRow[j] = -1;
    }
  }
  return matches;
}

/** Reduction transfer: lists the free rows and lowers the price of each row's only column. */
function transferReduction(state: Lapjv, matches: Int32Array): void {
  const { n, cost, rowToColumn, v, free } = state;
  let freeCount = 0;
  for (let i = 0; i < n; i++) {
    if (matches[i] === 0) {
      free[freeCount++] = i;
    } else if (matches[i] === 1) {
      const j1 = rowToColumn[i];
      let min = Infinity;
      for (let j = 0; j < n; j++) {
        if (j !== j1) {
          const h = cost[i * n + j] - v[j];
          if (h < min) min = h;
        }
      }
      if (min !== Infinity) v[j1] -= min;
    }
  }
  state.freeCount = freeCount;
}

/**
 * Augmenting row reduction, twice. Near-equal floating costs can make rows trade columns for a
 * very long time by tiny price steps, so the work is capped; the shortest-path phase after it
 * is correct from any consistent partial assignment.
 */
function reduceAugmentingRows(state: Lapjv): void {
  const { n, cost, rowToColumn, columnToRow, v, free } = state;
  let freeCount = state.freeCount;
  let reductionSteps = 0;
  const reductionCap = 4 * n + 100;
  for (let loop = 0; loop < 2 && reductionSteps <= reductionCap; loop++) {
    let k = 0;
    const previousFree = freeCount;
    freeCount = 0;
    while (k < previousFree) {
      if (++reductionSteps > reductionCap) {
        freeCount = 0;
        for (let row = 0; row < n; row++) if (rowToColumn[row] < 0) free[freeCount++] = row;
        break;
      }
      const i = free[k++];
      const base = i * n;
      let umin = cost[base] - v[0];
      let j1 = 0;
      let j2 = -1;
      let usubmin = Infinity;
      for (let j = 1; j < n; j++) {
        const h = cost[base + j] - v[j];
        if (h < usubmin) {
          if (h >= umin) {
            usubmin = h;
            j2 = j;
          } else {
            usubmin = umin;
            umin = h;
            j2 = j1;
            j1 = j;
          }
        }
      }
      let i0 = columnToRow[j1];
      if (umin < usubmin) {
        v[j1] -= usubmin - umin;
      } else if (i0 >= 0 && j2 >= 0) {
        j1 = j2;
        i0 = columnToRow[j2];
      }
      rowToColumn[i] = j1;
      columnToRow[j1] = i;
      if (i0 >= 0) {
        rowToColumn[i0] = -1;
        if (umin < usubmin) free[--k] = i0;
        else free[freeCount++] = i0;
      }
    }
  }
  state.freeCount = freeCount;
}

/** Scratch arrays of the shortest augmenting path search, one per column. */
interface PathScratch {
  d: Float64Array;
  pred: Int32Array;
  columns: Int32Array;
}

/** Augmentation: a shortest augmenting path for each remaining free row, flipped into the assignment. */
function augmentFreeRows(state: Lapjv, poll?: () => void): void {
  const { n, rowToColumn, columnToRow, free } = state;
  const scratch: PathScratch = { d: new Float64Array(n), pred: new Int32Array(n), columns: new Int32Array(n) };
  for (let f = 0; f < state.freeCount; f++) {
    if (poll && (f & 15) === 0) poll();
    const freeRow = free[f];
    let endOfPath = shortestAugmentingPath(state, freeRow, scratch);
    for (;;) {
      const i = scratch.pred[endOfPath];
      columnToRow[endOfPath] = i;
      const j1 = endOfPath;
      endOfPath = rowToColumn[i];
      rowToColumn[i] = j1;
      if (i === freeRow) break;
    }
  }
}

/**
 * Dijkstra on the reduced costs from `freeRow` to the nearest unassigned column; updates the
 * prices of the columns it settled and returns that column (the path is in scratch.pred).
 */
function shortestAugmentingPath(state: Lapjv, freeRow: number, { d, pred, columns }: PathScratch): number {
  const { n, cost, columnToRow, v } = state;
  const base = freeRow * n;
  for (let j = 0; j < n; j++) {
    d[j] = cost[base + j] - v[j];
    pred[j] = freeRow;
    columns[j] = j;
  }
  let low = 0;
  let up = 0;
  let last = 0;
  let min = 0;
  let endOfPath = -1;
  while (endOfPath < 0) {
    if (up === low) {
      last = low - 1;
      min = d[columns[up++]];
      for (let k = up; k < n; k++) {
        const j = columns[k];
        const h = d[j];
        if (h <= min) {
          if (h < min) {
            up = low;
            min = h;
          }
          columns[k] = columns[up];
          columns[up++] = j;
        }
      }
      for (let k = low; k < up; k++) {
        if (columnToRow[columns[k]] < 0) {
          endOfPath = columns[k];
          break;
        }
      }
    }
    if (endOfPath < 0) {
      const j1 = columns[low++];
      const i = columnToRow[j1];
      const rowBase = i * n;
      const h = cost[rowBase + j1] - v[j1] - min;
      for (let k = up; k < n; k++) {
        const j = columns[k];
        const v2 = cost[rowBase + j] - v[j] - h;
        if (v2 < d[j]) {
          pred[j] = i;
          if (v2 === min) {
            if (columnToRow[j] < 0) {
              endOfPath = j;
              break;
            }
            columns[k] = columns[up];
            columns[up++] = j;
          }
          d[j] = v2;
        }
      }
    }
  }
  for (let k = 0; k <= last; k++) {
    const j1 = columns[k];
    v[j1] += d[j1] - min;
  }
  return endOfPath;
}

/**
 * Rectangular assignment: each row of the smaller side gets a distinct partner on the other
 * side, minimising the total (Hungarian method with potentials, O(rows^2 * columns) with
 * rows <= columns: the small rounds of hungarian and the matching of groups to robots in kmeans).
 * `cost(row, column)` may return Infinity for a forbidden pair. Returns the column of each row
 * (-1 when unassigned or only forbidden pairs were left).
 */
export function solveRectangularAssignment(
  rows: number,
  columns: number,
  cost: (row: number, column: number) => number,
): Int32Array {
  const result = new Int32Array(rows).fill(-1);
  if (rows === 0 || columns === 0) return result;
  const transpose = rows > columns;
  const small = transpose ? columns : rows;
  const large = transpose ? rows : columns;
  const matrix = new Float64Array(small * large);
  let largest = 0;
  for (let i = 0; i < small; i++) {
    for (let j = 0; j < large; j++) {
      const c = transpose ? cost(j, i) : cost(i, j);
      matrix[i * large + j] = c;
      if (Number.isFinite(c) && Math.abs(c) > largest) largest = Math.abs(c);
    }
  }
  const forbidden = (largest + 1) * (small + 1) * 2;
  for (let k = 0; k < matrix.length; k++) if (!Number.isFinite(matrix[k])) matrix[k] = forbidden;
  // e-maxx formulation, 1-based: p[j] = row matched to column j.
  const u = new Float64Array(small + 1);
  const v = new Float64Array(large + 1);
  const p = new Int32Array(large + 1);
  const way = new Int32Array(large + 1);
  const minv = new Float64Array(large + 1);
  const used = new Uint8Array(large + 1);
  for (let i = 1; i <= small; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      const base = (i0 - 1) * large;
      for (let j = 1; j <= large; j++) {
        if (used[j]) continue;
        const current = matrix[base + j - 1] - u[i0] - v[j];
        if (current < minv[j]) {
          minv[j] = current;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= large; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  for (let j = 1; j <= large; j++) {
    const i = p[j];
    if (i === 0) continue;
    if (matrix[(i - 1) * large + j - 1] >= forbidden) continue;
    if (transpose) result[j - 1] = i - 1;
    else result[i - 1] = j - 1;
  }
  return result;
}
