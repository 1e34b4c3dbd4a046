/** Checks of whole days group millions of records by cell or step: a counting sort, not a comparison sort of objects. */

/**
 * Indices 0..n-1 grouped by `keys` (each in [0, size); others left out), in index order within a
 * key (a counting sort), or in the order of `visit` (a permutation of the indices) when given:
 * grouping an order by a second key keeps it within each group.
 */
export function bucketed(
  keys: ArrayLike<number>,
  size: number,
  visit?: ArrayLike<number>,
): { offsets: Int32Array; order: Int32Array } {
  const offsets = new Int32Array(size + 1);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key >= 0 && key < size) offsets[key + 1]++;
  }
  for (let key = 0; key < size; key++) offsets[key + 1] += offsets[key];
  const order = new Int32Array(offsets[size]);
  const next = offsets.slice(0, size);
  const count = visit ? visit.length : keys.length;
  for (let k = 0; k < count; k++) {
    const index = visit ? visit[k] : k;
    const key = keys[index];
    if (key >= 0 && key < size) order[next[key]++] = index;
  }
  return { offsets, order };
}

/**
 * Sorts `indices` in place by `keys[index]`, ascending and stable (equal keys keep their order),
 * as `indices.sort((a, b) => keys[a] - keys[b])` does for finite keys, without a comparator call
 * per comparison: the checks sort millions of holdings and drives by time, cell by cell.
 */
export function sortByKey(indices: Int32Array, keys: Float64Array): void {
  const n = indices.length;
  if (n < 2) return;
  if (n <= 32) {
    insertionSortByKey(indices, keys, 0, n);
    return;
  }
  // Bottom-up merge sort over runs of 32 sorted by insertion, through one buffer.
  for (let start = 0; start < n; start += 32) insertionSortByKey(indices, keys, start, Math.min(n, start + 32));
  let from: Int32Array = indices;
  let to: Int32Array = new Int32Array(n);
  for (let width = 32; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let i = left;
      let j = middle;
      let k = left;
      // Ties take the left run's first: stable.
      while (i < middle && j < right) to[k++] = keys[from[j]] < keys[from[i]] ? from[j++] : from[i++];
      while (i < middle) to[k++] = from[i++];
      while (j < right) to[k++] = from[j++];
    }
    const merged = to;
    to = from;
    from = merged;
  }
  if (from !== indices) indices.set(from);
}

function insertionSortByKey(indices: Int32Array, keys: Float64Array, begin: number, end: number): void {
  for (let i = begin + 1; i < end; i++) {
    const index = indices[i];
    const key = keys[index];
    let at = i;
    while (at > begin && keys[indices[at - 1]] > key) {
      indices[at] = indices[at - 1];
      at--;
    }
    indices[at] = index;
  }
}
