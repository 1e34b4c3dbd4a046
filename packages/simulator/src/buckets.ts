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

/** Scratch for `sortByKey`, grown as needed: two key buffers and one index buffer. */
let scratchKeys = new Float64Array(0);
let scratchMerged = new Float64Array(0);
let scratchIndices = new Int32Array(0);

/**
 * Sorts `indices` in place by `keys[index]`, ascending and stable (equal keys keep their order),
 * as `indices.sort((a, b) => keys[a] - keys[b])` does for finite keys, without a comparator call
 * per comparison: the checks sort millions of holdings and drives by time, cell by cell. The keys
 * are gathered beside the indices first and sorted with them: `keys` is a whole day's, and
 * looking it up at every comparison missed the cache.
 */
export function sortByKey(indices: Int32Array, keys: Float64Array): void {
  const n = indices.length;
  if (n < 2) return;
  if (scratchKeys.length < n) {
    const size = Math.max(n, 2 * scratchKeys.length);
    scratchKeys = new Float64Array(size);
    scratchMerged = new Float64Array(size);
    scratchIndices = new Int32Array(size);
  }
  let fromKeys = scratchKeys;
  for (let k = 0; k < n; k++) fromKeys[k] = keys[indices[k]];
  // Bottom-up merge sort over runs of 32 sorted by insertion, through one buffer.
  for (let start = 0; start < n; start += 32) insertionSort(indices, fromKeys, start, Math.min(n, start + 32));
  let from: Int32Array = indices;
  let to: Int32Array = scratchIndices;
  let toKeys = scratchMerged;
  for (let width = 32; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let i = left;
      let j = middle;
      let k = left;
      // Ties take the left run's first: stable.
      while (i < middle && j < right) {
        if (fromKeys[j] < fromKeys[i]) {
          toKeys[k] = fromKeys[j];
          to[k++] = from[j++];
        } else {
          toKeys[k] = fromKeys[i];
          to[k++] = from[i++];
        }
      }
      for (; i < middle; i++, k++) {
        toKeys[k] = fromKeys[i];
        to[k] = from[i];
      }
      for (; j < right; j++, k++) {
        toKeys[k] = fromKeys[j];
        to[k] = from[j];
      }
    }
    [from, to] = [to, from];
    [fromKeys, toKeys] = [toKeys, fromKeys];
  }
  if (from !== indices) indices.set(from.subarray(0, n));
}

/** Insertion sort of `indices[begin, end)` by `keys` at the same positions, moving both. */
function insertionSort(indices: Int32Array, keys: Float64Array, begin: number, end: number): void {
  for (let i = begin + 1; i < end; i++) {
    const index = indices[i];
    const key = keys[i];
    let at = i;
    while (at > begin && keys[at - 1] > key) {
      indices[at] = indices[at - 1];
      keys[at] = keys[at - 1];
      at--;
    }
    indices[at] = index;
    keys[at] = key;
  }
}
