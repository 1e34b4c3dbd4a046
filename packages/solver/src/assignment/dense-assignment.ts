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
