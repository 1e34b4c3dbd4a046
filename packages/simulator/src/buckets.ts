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
